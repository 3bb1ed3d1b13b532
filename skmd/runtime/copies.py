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

import os
import threading
from concurrent import futures
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, TypeVar

import numpy as np
import pyopencl as cl

from skmd.decide import locations
from skmd.runtime import pools, raw, staging

T = TypeVar("T")

#: bytes per page-locked chunk
CHUNK = 8 << 20
#: chunks copied at once, each by its own thread (one memcpy thread moves about
#: 8 GB/s on the 16-core GPU machines: the copies, not the DMA, set the pace),
#: at most half the cores
THREADS = max(1, min(8, (os.cpu_count() or 2) // 2))
#: the smallest chunk worth a DMA of its own
MIN_CHUNK = 1 << 20

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


@dataclass(frozen=True)
class Pipeline:
    """How one transfer is cut: ``chunk`` bytes at a time, ``threads`` chunks
    copied at once, and twice as many page-locked slots so that the DMA of one
    round overlaps the copies of the next."""
    chunk: int = CHUNK
    threads: int = THREADS

    def spans(self, nbytes: int) -> list[tuple[int, int]]:
        return [(a, min(a + self.chunk, nbytes)) for a in range(0, nbytes, self.chunk)]

    def slots(self, nbytes: int) -> int:
        return min(2 * self.threads, -(-nbytes // self.chunk))


def plan_for(nbytes: int) -> Pipeline:
    """Chunks small enough that every thread has one even in a short transfer."""
    per_thread = -(-nbytes // THREADS)
    chunk = min(CHUNK, max(MIN_CHUNK, -(-per_thread // MIN_CHUNK) * MIN_CHUNK))
    return Pipeline(chunk=chunk, threads=THREADS)


def _workers(threads: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < threads:
            _pool, _pool_size = ThreadPoolExecutor(threads, thread_name_prefix="skmd-copy"), threads
        return _pool


#: copies shorter than this are not worth handing to other threads
PARALLEL_BYTES = 8 << 20


def copy(dst: np.ndarray, src: np.ndarray, threads: int = THREADS) -> None:
    """``dst[:src.nbytes] = src`` for flat byte arrays, a large one in ``threads``
    pieces at once on the copy threads (NumPy lets go of the GIL while it copies)."""
    n = src.nbytes
    if threads <= 1 or n < PARALLEL_BYTES:
        np.copyto(dst[:n], src)
        return
    step = -(-n // threads)
    _each(-(-n // step), threads,
          lambda k: np.copyto(dst[k * step:(k + 1) * step], src[k * step:(k + 1) * step]))


def _each(n: int, threads: int, step: Callable[[int], T]) -> list[T]:
    """``step(i)`` for every ``i < n``, ``threads`` at a time, started in order;
    their results once all have ended, or the first failure once all have ended."""
    if n == 1 or threads <= 1:
        return [step(i) for i in range(n)]
    ex = _workers(threads)  # (each run here, in turn, where the pool takes no more work)
    jobs = [pools.submit(ex, step, i) for i in range(n)]
    futures.wait(jobs)  # all of them, even when one failed
    return [j.result() for j in jobs]


class _Issued:
    """What one transfer enqueued, one thread at a time in the queue (PoCL 3 needs
    it); all of it is waited for before memory it uses is handed back, also after
    a failure."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: list[cl.Event] = []

    def enqueue(self, fn: Callable[..., cl.Event], *args: object, **kwargs: object) -> cl.Event:
        with self._lock:
            evt = fn(*args, **kwargs)
            self._events.append(evt)
            return evt

    def settle(self) -> None:
        try:
            if self._events:
                raw.wait_for_events(self._events)
        except cl.Error:
            pass  # a command failed: it no longer touches the memory either


class _Ring:
    """Page-locked slots taken in turn: chunk ``i`` uses slot ``i % len(slots)``
    once chunk ``i - len(slots)`` has let it go, whichever thread runs either."""

    def __init__(self, count: int, nbytes: int) -> None:
        self.slots = [staging.take(nbytes) for _ in range(count)]
        self._turn = [0] * count
        self._cond = threading.Condition()

    def acquire(self, i: int) -> np.ndarray:
        k, turn = i % len(self.slots), i // len(self.slots)
        with self._cond:
            self._cond.wait_for(lambda: self._turn[k] >= turn)
        return self.slots[k]

    def release(self, i: int) -> None:
        with self._cond:
            self._turn[i % len(self.slots)] += 1
            self._cond.notify_all()

    def close(self) -> None:
        for s in self.slots:
            staging.give(s)


def _run(plan: Pipeline, nbytes: int, issued: _Issued,
         step: Callable[[int, _Ring], cl.Event],
         prime: Callable[[_Ring], None] | None = None) -> cl.Event:
    """``step(i, ring)`` for every chunk ``i``, ``plan.threads`` at a time, started
    in order.  A step waits only for earlier chunks, and an earlier chunk was
    handed to a worker first, so the pipeline cannot stall on itself.  Returns
    the last chunk's event; all have completed by then.  Slots are of the plan's
    chunk size even for a shorter transfer: the staging pool then serves every
    transfer of one plan from one size class (no page-locked memory for others)."""
    ring = _Ring(plan.slots(nbytes), plan.chunk)
    try:
        if prime is not None:
            prime(ring)
        return _each(len(plan.spans(nbytes)), plan.threads, lambda i: step(i, ring))[-1]
    finally:
        issued.settle()  # nothing may still touch a slot handed back
        ring.close()


def _begin(queue: cl.CommandQueue, plan: Pipeline | None, nbytes: int
           ) -> tuple[Pipeline, list[tuple[int, int]], int]:
    """A transfer's plan, its chunks and how many are in flight at once; the staging
    pool is offered the program's context first (its chunks are made there)."""
    plan = plan or plan_for(nbytes)
    spans, nslots = plan.spans(nbytes), plan.slots(nbytes)
    staging.offer(queue.context)
    return plan, spans, nslots


def write(queue: cl.CommandQueue, buf: cl.Buffer, src: np.ndarray, offset: int = 0,
          plan: Pipeline | None = None) -> cl.Event:
    """Write the bytes ``src`` into ``buf`` at ``offset``, blocking, chunk by chunk.

    Returns the event of the last chunk; every chunk has completed by then.
    """
    plan, spans, nslots = _begin(queue, plan, src.nbytes)
    sent: dict[int, cl.Event] = {}
    issued = _Issued()

    def step(i: int, ring: _Ring) -> cl.Event:
        a, b = spans[i]
        slot = ring.acquire(i)
        try:
            if i >= nslots:
                raw.event_wait(sent.pop(i - nslots))  # the slot's previous chunk has left
            np.copyto(slot[:b - a], src[a:b])
            sent[i] = evt = issued.enqueue(raw.enqueue_write_buffer, queue, buf, slot[:b - a],
                                           dst_offset=offset + a, is_blocking=False)
            return evt
        finally:
            ring.release(i)  # also after a failure: later chunks must not wait forever
    return _run(plan, src.nbytes, issued, step)


class Flow:
    """Writes through one ring of page-locked slots that outlives them, on one queue.

    :meth:`write` returns once its bytes are copied into slots and enqueued, not
    once they arrived (its marker event says that), so the next write's copies
    overlap this one's last transfers and the ring never drains in between: a VAST
    lane's chunks, one after another, keep the link busy.  A slot is refilled only
    once its previous transfer ended.
    """

    def __init__(self, queue: cl.CommandQueue, plan: Pipeline) -> None:
        self.queue, self.plan = queue, plan
        self.nslots = max(1, 2 * plan.threads)
        staging.offer(queue.context)
        self._ring = _Ring(self.nslots, plan.chunk)
        self._sent: dict[int, cl.Event] = {}
        self._lock = threading.Lock()
        self._count = 0
        self._issued = _Issued()

    def write(self, moves: list[tuple[cl.Buffer, np.ndarray, int]],
              wait: list[cl.Event] | None = None) -> cl.Event | None:
        """Each ``(buffer, host bytes, offset)`` written, every transfer after ``wait``;
        the event of a marker behind all of them (None when there were no bytes)."""
        spans = [(k, a, b) for k, (_, src, _) in enumerate(moves)
                 for a, b in self.plan.spans(src.nbytes)]
        if not spans:
            return None
        base, self._count = self._count, self._count + len(spans)

        def step(j: int) -> None:
            i = base + j
            k, a, b = spans[j]
            buf, src, at = moves[k]
            slot = self._ring.acquire(i)
            try:
                with self._lock:
                    before = self._sent.pop(i - self.nslots, None)
                if before is not None:
                    raw.event_wait(before)  # the slot's previous bytes have left
                np.copyto(slot[:b - a], src[a:b])
                evt = self._issued.enqueue(raw.enqueue_write_buffer, self.queue, buf,
                                           slot[:b - a], at + a, wait or None, False)
                with self._lock:
                    self._sent[i] = evt
            finally:
                self._ring.release(i)  # also after a failure: later copies must not hang
        _each(len(spans), self.plan.threads, step)
        # an in-order queue: the marker ends after every write enqueued before it
        return self._issued.enqueue(raw.enqueue_marker, self.queue)

    def close(self) -> None:
        """Wait for every transfer, then hand the slots back."""
        self._issued.settle()
        self._ring.close()


def write_through(queue: cl.CommandQueue, buf: cl.Buffer, src: np.ndarray,
                  shadow: np.ndarray, plan: Pipeline | None = None,
                  ranges: list[tuple[int, int]] | None = None) -> None:
    """Write the bytes ``src`` into ``buf`` by way of ``shadow`` (page-locked, as
    large), chunk by chunk, blocking: each chunk leaves for the device as soon as
    it is in ``shadow``, which keeps the whole copy for other devices.

    ``ranges``: only these bytes go to the device (the share it is expected to
    read); the shadow still gets all of ``src``."""
    plan = plan or plan_for(src.nbytes)
    spans = plan.spans(src.nbytes)
    issued = _Issued()

    def step(i: int) -> None:
        a, b = spans[i]
        np.copyto(shadow[a:b], src[a:b])
        for x, y in [(a, b)] if ranges is None else locations.within(a, b, ranges):
            issued.enqueue(raw.enqueue_write_buffer, queue, buf, shadow[x:y],
                           dst_offset=x, is_blocking=False)
    try:
        _each(len(spans), plan.threads, step)
    finally:
        issued.settle()


def read(queue: cl.CommandQueue, buf: cl.Buffer, dst: np.ndarray, offset: int = 0,
         plan: Pipeline | None = None) -> cl.Event:
    """Read ``dst.nbytes`` bytes of ``buf`` from ``offset`` into ``dst``, blocking.

    Returns the event of the last chunk's read; ``dst`` is filled by then.
    """
    plan, spans, nslots = _begin(queue, plan, dst.nbytes)
    started: dict[int, cl.Event] = {}
    issued = _Issued()

    def start(i: int, slot: np.ndarray) -> None:
        a, b = spans[i]
        started[i] = issued.enqueue(raw.enqueue_read_buffer, queue, buf, slot[:b - a],
                                    src_offset=offset + a, is_blocking=False)

    def prime(ring: _Ring) -> None:
        for i, slot in enumerate(ring.slots):
            start(i, slot)

    def step(i: int, ring: _Ring) -> cl.Event:
        a, b = spans[i]
        slot = ring.acquire(i)  # chunk i - slots has copied out and started chunk i
        try:
            evt = started.pop(i)
            raw.event_wait(evt)
            np.copyto(dst[a:b], slot[:b - a])
            if i + nslots < len(spans):
                start(i + nslots, slot)  # the slot is free again: the next chunk it takes
            return evt
        finally:
            ring.release(i)
    return _run(plan, dst.nbytes, issued, step, prime)
