"""Host staging memory: page-locked where the driver offers it, and reused.

Every byte a helper device gets from the home device crosses host memory twice
(home -> host -> helper).  Pageable NumPy arrays make both hops slow (and a
fresh array pays page faults on first touch), so staging arrays are mapped
``ALLOC_HOST_PTR`` buffers — page-locked memory on GPU drivers — kept in a
pool by size and handed out again when a buffer's coherence state goes away.
"""
from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pyopencl as cl

from skmd.runtime import raw

#: pooled bytes kept for reuse beyond this are released
MAX_POOLED = 8 << 30


class StagingPool:
    """Pinned host arrays (uint8) by size, allocated in one context."""

    def __init__(self, context: cl.Context, queue: cl.CommandQueue, pinned: bool = True) -> None:
        self.context = context
        self.queue = queue
        self.pinned = pinned
        self._free: dict[int, list[np.ndarray]] = {}
        self._keep: dict[int, tuple[Any, Any]] = {}  # id(array) -> (buffer, map) alive
        self._pooled = 0
        self._lock = threading.Lock()

    def take(self, nbytes: int) -> np.ndarray:
        """A host array of ``nbytes`` bytes (contents undefined)."""
        nbytes = max(int(nbytes), 1)
        with self._lock:
            free = self._free.get(nbytes)
            if free:
                self._pooled -= nbytes
                return free.pop()
        if self.pinned:
            try:
                buf = cl.Buffer(self.context,
                                cl.mem_flags.READ_WRITE | cl.mem_flags.ALLOC_HOST_PTR, nbytes)
                arr, evt = raw.enqueue_map_buffer(
                    self.queue, buf, cl.map_flags.READ | cl.map_flags.WRITE, 0,
                    (nbytes,), np.uint8, is_blocking=True)
                with self._lock:
                    self._keep[id(arr)] = (buf, arr)
                return arr
            except cl.Error:
                self.pinned = False  # the driver will not: plain memory from now on
        return np.empty(nbytes, dtype=np.uint8)

    def give(self, arr: np.ndarray | None) -> None:
        """Return an array from :meth:`take` for reuse."""
        if arr is None:
            return
        n = arr.nbytes
        with self._lock:
            if self._pooled + n > MAX_POOLED:
                kept = self._keep.pop(id(arr), None)
                if kept is not None:
                    kept[0].release()
                return
            self._free.setdefault(n, []).append(arr)
            self._pooled += n


_pool: StagingPool | None = None


def pool() -> StagingPool | None:
    return _pool


def set_pool(p: StagingPool | None) -> None:
    global _pool
    _pool = p


def take(nbytes: int) -> np.ndarray:
    p = _pool
    return p.take(nbytes) if p is not None else np.empty(max(int(nbytes), 1), np.uint8)


def give(arr: np.ndarray | None) -> None:
    p = _pool
    if p is not None:
        p.give(arr)
