"""Host staging memory: page-locked where the driver offers it, and reused.

Every byte a helper device gets from the home device crosses host memory twice
(home -> host -> helper).  Pageable NumPy arrays make both hops slow (and a
fresh array pays page faults on first touch), so staging arrays are mapped
``ALLOC_HOST_PTR`` buffers — page-locked memory on GPU drivers — kept in a
pool by size and handed out again when a buffer's coherence state goes away.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd.runtime import raw

#: pooled bytes kept for reuse beyond this are released
MAX_POOLED = 8 << 30


def capacity_for(nbytes: int) -> int:
    """Size classes: powers of two from 1 MiB, so slices of varying size reuse memory."""
    cap = 1 << 20
    while cap < nbytes:
        cap <<= 1
    return cap


class StagingPool:
    """Pinned host arrays (uint8) in power-of-two size classes, allocated in one context.

    ``context`` and ``queue`` may be given as callables, resolved at the first
    allocation: the runtime's pool on the home device then takes its context
    only when a program first stages bytes, not at start-up, and ``offer`` lets
    the program's own context (of the transfer that stages) serve before one is
    made for it.
    """

    def __init__(self, context: cl.Context | Callable[[], cl.Context],
                 queue: cl.CommandQueue | Callable[[], cl.CommandQueue],
                 pinned: bool = True,
                 offer: Callable[[cl.Context], Any] | None = None) -> None:
        self._context = context
        self._queue = queue
        self._offer = offer
        self.pinned = pinned
        self._free: dict[int, list[np.ndarray]] = {}
        self._keep: dict[int, tuple[Any, Any]] = {}  # id(base array) -> (buffer, array)
        self._leased: dict[int, np.ndarray] = {}     # id(view handed out) -> base array
        self._pooled = 0
        # re-entrant: allocating under it can collect a BufferState whose __del__ gives back
        self._lock = threading.RLock()

    def offer(self, context: cl.Context) -> None:
        """The context of a transfer about to stage bytes, for the pool to allocate
        in if it has no context yet (see ``offer`` above)."""
        if self._offer is not None and callable(self._context):
            self._offer(context)

    @property
    def context(self) -> cl.Context:
        if callable(self._context):
            self._context = self._context()
        return self._context

    @property
    def queue(self) -> cl.CommandQueue:
        if callable(self._queue):
            self._queue = self._queue()
        return self._queue

    def _allocate(self, cap: int) -> np.ndarray:
        if self.pinned:
            try:
                buf = cl.Buffer(self.context,
                                cl.mem_flags.READ_WRITE | cl.mem_flags.ALLOC_HOST_PTR, cap)
                arr, _ = raw.enqueue_map_buffer(
                    self.queue, buf, cl.map_flags.READ | cl.map_flags.WRITE, 0,
                    (cap,), np.uint8, is_blocking=True)
                self._keep[id(arr)] = (buf, arr)
                return arr
            except cl.Error:
                self.pinned = False  # the driver will not: plain memory from now on
        return np.empty(cap, dtype=np.uint8)

    def take(self, nbytes: int) -> np.ndarray:
        """A host array of exactly ``nbytes`` bytes (contents undefined)."""
        nbytes = max(int(nbytes), 1)
        cap = capacity_for(nbytes)
        with self._lock:
            free = self._free.get(cap)
            if free:
                base = free.pop()
                self._pooled -= cap
            else:
                base = self._allocate(cap)
            view = base[:nbytes]
            self._leased[id(view)] = base
            return view

    def give(self, arr: np.ndarray | None) -> None:
        """Return an array from :meth:`take` for reuse."""
        if arr is None:
            return
        with self._lock:
            base = self._leased.pop(id(arr), None)
            if base is None:
                return
            cap = base.nbytes
            if self._pooled + cap > MAX_POOLED:
                kept = self._keep.pop(id(base), None)
                if kept is not None:
                    kept[0].release()
                return
            self._free.setdefault(cap, []).append(base)
            self._pooled += cap


_pool: StagingPool | None = None


def pool() -> StagingPool | None:
    return _pool


def set_pool(p: StagingPool | None) -> None:
    global _pool
    _pool = p


def offer(context: cl.Context) -> None:
    p = _pool
    if p is not None:
        p.offer(context)


def take(nbytes: int) -> np.ndarray:
    p = _pool
    return p.take(nbytes) if p is not None else np.empty(max(int(nbytes), 1), np.uint8)


def give(arr: np.ndarray | None) -> None:
    p = _pool
    if p is not None:
        p.give(arr)
