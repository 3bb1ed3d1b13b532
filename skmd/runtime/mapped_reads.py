"""Reading a device that shares host memory: map its buffer, copy on several threads.

PoCL's CPU device serves a buffer read with one memcpy thread: a gather of a
CPU share's results on the H100 machine learned 3.6 GB/s, where its 16 cores
copy host memory at 30-40 GB/s with several threads, and the models priced the
CPU's output rows at that rate (7.4 ms for a 9 % share of a vector add whose
kernel took 1.3-1.6 ms there).  A device whose buffers are host memory
(:attr:`~skmd.runtime.devices.PhysicalDevice.zero_copy`) hands out a buffer's
own bytes when it is mapped (0.14 ms for 64 MiB on PoCL 3.1), so its ranges are
read by mapping them and copying with :func:`skmd.runtime.copies.copy`.  A map
the driver refuses falls back to its own read.

:func:`start` runs such a read on a thread of its own, so that a gather's reads
from home go on meanwhile; it times the read alone, for the models' links.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import numpy as np
import pyopencl as cl

from skmd.runtime import copies, pools, raw

#: devices read at once in one gather (each on its own thread; the copies themselves
#: run on :mod:`.copies`' threads)
READERS = 4

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _readers() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(READERS, thread_name_prefix="skmd-gather")
        return _pool


def read(queue: cl.CommandQueue, buf: Any, dst: np.ndarray, offset: int = 0,
         mapped: bool = True, threads: int = copies.THREADS) -> bool:
    """``dst[:] = buf[offset:offset + dst.nbytes]`` (``dst`` flat bytes), blocking, behind
    what ``queue`` holds.  ``mapped``: by mapping the range and copying it on
    ``threads`` threads (the driver's read when the map fails).  Returns whether
    the map served it."""
    n = dst.nbytes
    if n == 0:
        return False
    if mapped:
        try:
            arr, _ = raw.enqueue_map_buffer(queue, buf, cl.map_flags.READ, offset, (n,),
                                            np.uint8, is_blocking=True)
        except cl.Error:
            arr = None  # the driver will not map it: its own read below
        if arr is not None:
            try:
                copies.copy(dst, arr, threads)
            finally:
                _unmap(arr, queue)
            return True
    raw.enqueue_read_buffer(queue, buf, dst, src_offset=offset, is_blocking=True)
    return False


def _unmap(arr: np.ndarray, queue: cl.CommandQueue) -> None:
    """Let go of a read map before anything else is queued on the buffer.

    pyopencl's own release, not the shim's (which takes it for the end of the
    program's writes through its maps).  A failed unmap leaves a read-only map:
    the bytes copied out are right either way."""
    try:
        raw.unmap(arr.base, queue).wait()
    except cl.Error:
        pass


class Pending:
    """A read started by :func:`start`: :meth:`wait` gives its seconds once done."""

    def __init__(self, job: Future | None, evt: cl.Event | None, t0: float) -> None:
        self._job, self._evt, self._t0 = job, evt, t0

    def wait(self) -> float:
        """Seconds the read took (a driver's read: since ``t0`` until waited for); a
        failed read raises here."""
        if self._job is not None:
            return self._job.result()
        assert self._evt is not None
        raw.event_wait(self._evt)
        return time.perf_counter() - self._t0


def start(queue: cl.CommandQueue, buf: Any, dst: np.ndarray, offset: int, mapped: bool,
          t0: float, chunked: bool = False) -> Pending:
    """Start reading as :func:`read` does without waiting for it: a mapped read on a
    thread of its own (timed alone), else the driver's read left in flight.

    ``chunked`` (a read that is not mapped): through page-locked chunks on a thread
    of its own instead.  A GPU's driver reads into the program's pageable memory
    through its own bounce buffers, paging a fresh array in as it goes: gathering
    Sylvester's 64 MiB result from a second H100 that way made its read-back about
    14 ms longer than bringing it home through page-locked memory first did.

    Once the thread pools take no more work (the interpreter is shutting down),
    the driver's read, as for one neither mapped nor chunked."""
    if (not mapped and not chunked) or not pools.pools_open(_pool):
        evt = raw.enqueue_read_buffer(queue, buf, dst, src_offset=offset, is_blocking=False)
        return Pending(None, evt, t0)

    def job() -> float:
        t = time.perf_counter()
        if mapped:
            read(queue, buf, dst, offset, True)
        else:
            copies.read(queue, buf, dst, offset)
        return time.perf_counter() - t
    return Pending(pools.submit(_readers(), job), None, t0)


def wait_all(reads: list[Pending]) -> list[float]:
    """Each read's seconds, once all have ended; the first failure once all have ended."""
    took: list[float] = []
    failed: BaseException | None = None
    for r in reads:
        try:
            took.append(r.wait())
        except BaseException as exc:  # the others still write into their memory
            failed = failed or exc
            took.append(0.0)
    if failed is not None:
        raise failed
    return took
