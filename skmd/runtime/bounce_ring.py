"""A VAST lane's pageable host bytes, moved through page-locked slots.

A GPU driver moves pageable memory through bounce buffers of its own, one piece at
a time: on the H100 6.4 GB/s up and 2 GB/s down in 256 MiB pieces, against 53 GB/s
from page-locked memory.  The chunked copies of :mod:`skmd.runtime.copies` do the
same on several threads at once (a host copy into one page-locked slot while the
device takes the one before), at the speed of those copies instead.

A lane's uploads go this way on its own thread before the chunk's kernel is
enqueued (the kernel needs them; page-locked pieces were enqueued first and travel
meanwhile).  Its read-backs go on a thread of their own once the kernel has ended,
one chunk after another, so that the next chunk's uploads and kernel are enqueued
meanwhile; a slot of device buffers is written again only after its read-back ended
(:meth:`BounceRing.back` returns what to wait for).  Each direction has its own
queue: the lane's page-locked pieces and these do not wait for each other.
"""
from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import numpy as np
import pyopencl as cl

from skmd.runtime import copies, pools, raw
from skmd.tuning import Tuning

#: (device buffer, host bytes, offset in the buffer) of one move
Move = tuple[cl.Buffer, np.ndarray, int]


def wanted(dev: Any, tuning: Tuning) -> bool:
    """Whether a lane on ``dev`` moves pageable bytes through page-locked slots: not
    on a device that is host memory (its driver copies them once anyway)."""
    return tuning.vast_bounce_chunk > 0 and not dev.host_unified


def plan_of(tuning: Tuning) -> copies.Pipeline:
    """Slots of ``vast_bounce_chunk`` bytes, ``vast_bounce_slots`` per direction at
    most: half of them filled (or emptied) at once, by as many copy threads."""
    threads = max(1, min(tuning.vast_bounce_threads or copies.THREADS,
                         tuning.vast_bounce_slots // 2))
    return copies.Pipeline(chunk=max(1, tuning.vast_bounce_chunk), threads=threads)


class BounceRing:
    def __init__(self, ctx: cl.Context, dev: Any, tuning: Tuning) -> None:
        props = cl.command_queue_properties.PROFILING_ENABLE
        self.q_up, self.q_back = (cl.CommandQueue(ctx, dev.device, properties=props)
                                  for _ in range(2))
        self.plan = plan_of(tuning)
        #: one ring of slots for all of a lane's uploads: no drain between chunks
        self._up = copies.Flow(self.q_up, self.plan)
        self._back = ThreadPoolExecutor(1, thread_name_prefix=f"skmd-vast-back-{dev.label}")

    def up(self, moves: list[Move], done: Any, wait: list[cl.Event] | None = None
           ) -> cl.Event | None:
        """Write each move's host bytes into its buffer, every transfer after ``wait``
        (the window's previous use); returns once they are copied into slots and
        enqueued, with the event they have all arrived by (None: nothing to move).
        ``done`` (the chunk's :class:`~skmd.runtime.chunk_lane.ChunkDone`) gets their
        bytes and the host-clock span of their copies."""
        t0 = time.perf_counter()
        evt = self._up.write(moves, wait)
        if evt is not None:
            nbytes = sum(view.nbytes for _, view, _ in moves)
            done.spans.append(("h2d", t0, time.perf_counter(), nbytes))
            done.bounced_in += nbytes
        return evt

    def back(self, after: cl.Event, moves: list[Move], done: Any) -> Future:
        """Read each move's buffer bytes into its host bytes once ``after`` (the
        chunk's kernel, its queue flushed) has ended, on the read-back thread."""
        return pools.submit(self._back, self._read, after, moves, done)  # (here at exit)

    def _read(self, after: cl.Event, moves: list[Move], done: Any) -> None:
        raw.event_wait(after)
        for buf, view, at in moves:
            t0 = time.perf_counter()
            copies.read(self.q_back, buf, view, at, self.plan)
            done.spans.append(("d2h", t0, time.perf_counter(), view.nbytes))
            done.bounced_out += view.nbytes

    @property
    def queues(self) -> tuple[cl.CommandQueue, cl.CommandQueue]:
        return self.q_up, self.q_back

    def close(self) -> None:
        """Once every read-back was waited for: the thread goes; every upload has
        arrived before the slots go back."""
        self._back.shutdown(wait=True)
        self._up.close()
