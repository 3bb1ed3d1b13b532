"""Large copies between the program's pageable memory and a GPU, through page-locked chunks.

A GPU driver moves pageable host memory through its own bounce buffers: 9–10 GB/s
host -> H200 and 18 GB/s back, against 55 GB/s from page-locked memory
(``../shared/device`` figures, the same on an H100).  Copying the program's
array into a ring of page-locked chunks while the device takes the previous
chunk costs one host memcpy, which overlaps the DMA, so a whole transfer runs
at about the speed of that memcpy instead of the driver's pageable path.

Plain functions over a queue, a buffer, a host byte view and leased page-locked
slots (``skmd.runtime.staging``); the shim decides when they are used.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
import numpy as np
import pyopencl as cl

from skmd.runtime import raw, staging

#: bytes per page-locked chunk
CHUNK = 8 << 20
#: chunks in flight at once
SLOTS = 4
#: threads sharing each chunk's memcpy (1: the calling thread alone)
THREADS = 2

_pool: ThreadPoolExecutor | None = None


@dataclass(frozen=True)
class Pipeline:
    """How one transfer is cut: ``chunk`` bytes at a time, ``slots`` in flight,
    each memcpy shared by ``threads`` threads."""
    chunk: int = CHUNK
    slots: int = SLOTS
    threads: int = THREADS

    def spans(self, nbytes: int) -> list[tuple[int, int]]:
        return [(a, min(a + self.chunk, nbytes)) for a in range(0, nbytes, self.chunk)]


def _copy(dst: np.ndarray, src: np.ndarray, threads: int) -> None:
    """``dst[:] = src`` for byte views, shared by ``threads`` threads (NumPy lets go
    of the GIL while it copies)."""
    n = src.nbytes
    if threads <= 1 or n < (1 << 20):
        np.copyto(dst, src)
        return
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(8, thread_name_prefix="skmd-copy")
    step = -(-n // threads)
    parts = [_pool.submit(np.copyto, dst[a:a + step], src[a:a + step])
             for a in range(step, n, step)]
    np.copyto(dst[:step], src[:step])
    for p in parts:
        p.result()


def _settle(events: list[cl.Event]) -> None:
    try:
        if events:
            raw.wait_for_events(events)
    except cl.Error:
        pass  # the command failed: it no longer touches the slot either


def _lease(plan: Pipeline, nbytes: int) -> list[np.ndarray]:
    count = min(plan.slots, -(-nbytes // plan.chunk))
    return [staging.take(min(plan.chunk, nbytes)) for _ in range(count)]


def write(queue: cl.CommandQueue, buf: cl.Buffer, src: np.ndarray, offset: int = 0,
          plan: Pipeline = Pipeline()) -> cl.Event:
    """Write the bytes ``src`` into ``buf`` at ``offset``, blocking, chunk by chunk.

    Returns the event of the last chunk; every chunk has completed by then.
    """
    n = src.nbytes
    slots = _lease(plan, n)
    events: list[cl.Event] = []
    try:
        for i, (a, b) in enumerate(plan.spans(n)):
            slot = slots[i % len(slots)]
            if i >= len(slots):
                raw.event_wait(events[i - len(slots)])  # the slot's previous chunk has left
            _copy(slot[:b - a], src[a:b], plan.threads)
            events.append(raw.enqueue_write_buffer(queue, buf, slot[:b - a],
                                                   dst_offset=offset + a, is_blocking=False))
    finally:
        _settle(events[-len(slots):])  # nothing may still read a slot handed back
        for s in slots:
            staging.give(s)
    return events[-1]


def read(queue: cl.CommandQueue, buf: cl.Buffer, dst: np.ndarray, offset: int = 0,
         plan: Pipeline = Pipeline()) -> cl.Event:
    """Read ``dst.nbytes`` bytes of ``buf`` from ``offset`` into ``dst``, blocking.

    Returns the event of the last chunk's read; ``dst`` is filled by then.
    """
    n = dst.nbytes
    spans = plan.spans(n)
    slots = _lease(plan, n)

    def start(i: int) -> cl.Event:
        a, b = spans[i]
        return raw.enqueue_read_buffer(queue, buf, slots[i % len(slots)][:b - a],
                                       src_offset=offset + a, is_blocking=False)
    pending: list[cl.Event] = []
    try:
        pending += [start(i) for i in range(min(len(slots), len(spans)))]
        for i, (a, b) in enumerate(spans):
            raw.event_wait(pending[i])
            _copy(dst[a:b], slots[i % len(slots)][:b - a], plan.threads)
            if i + len(slots) < len(spans):
                pending.append(start(i + len(slots)))
    finally:
        _settle(pending[-len(slots):])
        for s in slots:
            staging.give(s)
    return pending[-1]
