"""The host bytes behind a host-backed buffer: one array, or page-locked pieces.

A buffer the program gives with ``USE_HOST_PTR`` is the program's own array.  Any
other is made by skmd: on a home device that is not host memory (a GPU) it is
page-locked, so chunks move at the link's page-locked speed straight from it; a
driver pins at most its largest allocation at a time, so the bytes are pieces of
at most :data:`PIECE_BYTES`, each a mapped ``ALLOC_HOST_PTR`` buffer.  Callers ask
for the pieces a byte range covers (:meth:`HostBytes.segments`).
"""
from __future__ import annotations

import threading
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd.runtime import copies, gone_watch, raw

#: largest page-locked piece (drivers pin at most their largest allocation)
PIECE_BYTES = 1 << 30
#: largest single transfer between host bytes and a device: NVIDIA's OpenCL failed the
#: read of a chunk's multi-GB window into pageable memory with OUT_OF_RESOURCES; a
#: command per 256 MiB costs little next to moving it
TRANSFER_BYTES = 256 << 20


class HostBytes:
    def __init__(self, pieces: list[np.ndarray], keep: list[Any] | None = None) -> None:
        self.pieces = pieces
        self.starts = np.cumsum([0] + [p.nbytes for p in pieces])
        self.size = int(self.starts[-1])
        #: per piece, the page-locked buffer it is mapped from (None: pageable)
        self._keep = keep or []
        self.pinned = any(k is not None for k in self._keep)
        self.pageable = sum(p.nbytes for p, k in zip(pieces, self._keep) if k is None) \
            if self._keep else self.size
        self.refused = False
        self.context_ptr: int | None = None

    @classmethod
    def of(cls, arr: np.ndarray) -> "HostBytes":
        return cls([arr])

    def contiguous(self) -> np.ndarray | None:
        return self.pieces[0] if len(self.pieces) == 1 else None

    def segments(self, lo: int, hi: int) -> list[tuple[int, np.ndarray]]:
        """(absolute offset, view) of the pieces covering ``[lo, hi)``, in order."""
        return [(at, view) for at, view, _ in self.runs(lo, hi)]

    def runs(self, lo: int, hi: int) -> list[tuple[int, np.ndarray, bool]]:
        """:meth:`segments` with whether each is page-locked: a device moves those
        straight, and the others best through page-locked slots (the driver's own
        path for pageable memory is several times slower)."""
        out = []
        k = int(np.searchsorted(self.starts, lo, side="right")) - 1
        while lo < hi and k < len(self.pieces):
            base = int(self.starts[k])
            end = min(hi, base + self.pieces[k].nbytes)
            locked = k < len(self._keep) and self._keep[k] is not None
            out.append((lo, self.pieces[k][lo - base:end - base], locked))
            lo = end
            k += 1
        return out

    def transfers(self, lo: int, hi: int, most: int = TRANSFER_BYTES
                  ) -> list[tuple[int, np.ndarray]]:
        """:meth:`segments` cut to at most ``most`` bytes each: the pieces a driver is
        given to move (NVIDIA's OpenCL fails or crawls on multi-GB single transfers
        from pageable memory, and an array the program gives is one piece)."""
        return [part for at, view in self.segments(lo, hi) for part in cut(at, view, most)]

    def copy_in(self, lo: int, src: np.ndarray) -> None:
        for at, view in self.segments(lo, lo + src.nbytes):
            if view.ctypes.data != src[at - lo:].ctypes.data:
                copies.copy(view, src[at - lo:at - lo + view.nbytes])  # on several threads

    def copy_out(self, lo: int, dst: np.ndarray) -> None:
        for at, view in self.segments(lo, lo + dst.nbytes):
            if view.ctypes.data != dst[at - lo:].ctypes.data:
                copies.copy(dst[at - lo:at - lo + view.nbytes], view)


def cut(at: int, view: np.ndarray, most: int = TRANSFER_BYTES) -> list[tuple[int, np.ndarray]]:
    """``view`` (at offset ``at``) in pieces of at most ``most`` bytes, in order."""
    most = max(1, int(most))
    return [(at + k, view[k:k + most]) for k in range(0, view.nbytes, most)]


def plain(n: int) -> HostBytes:
    return HostBytes.of(np.empty(n, dtype=np.uint8))


#: pieces of released buffers, by (context, size): pinning is slow (the driver
#: locks every page), a program that makes buffers again reuses them
_free: dict[tuple[int, int], list[tuple[Any, np.ndarray]]] = {}
_free_lock = threading.Lock()


#: page-locked bytes alive per context (spares included: they stay pinned)
_made: dict[int, int] = {}


def page_locked(n: int, context: cl.Context, queue: cl.CommandQueue,
                piece: int = PIECE_BYTES, budget: int | None = None) -> HostBytes:
    """``n`` bytes in pieces: page-locked while the context has made fewer than
    ``budget`` such bytes and the driver pins them, pageable after (``HostBytes.pageable``
    counts those bytes)."""
    pieces, keep = [], []
    left, refused = n, False
    ptr = int(context.int_ptr)
    with _free_lock:  # spares of another context (a runtime gone) are let go
        for key in [k for k in _free if k[0] != ptr]:
            del _free[key]
        for key in [k for k in _made if k != ptr]:
            del _made[key]
    while left > 0:
        m = min(piece, left)
        with _free_lock:
            spare = _free.get((ptr, m))
            got = spare.pop() if spare else None
            room = budget is None or _made.get(ptr, 0) + m <= budget
        if got is None and room and not refused:
            try:
                buf = cl.Buffer(context, cl.mem_flags.READ_WRITE | cl.mem_flags.ALLOC_HOST_PTR, m)
                arr, _ = raw.enqueue_map_buffer(queue, buf, cl.map_flags.READ | cl.map_flags.WRITE,
                                                0, (m,), np.uint8, is_blocking=True)
                got = (buf, arr)
                with _free_lock:
                    _made[ptr] = _made.get(ptr, 0) + m
            except cl.Error:
                refused = True  # the driver will pin no more: the rest is pageable
        keep.append(got[0] if got else None)
        pieces.append(got[1] if got else np.empty(m, np.uint8))
        left -= m
    out = HostBytes(pieces or [np.empty(0, np.uint8)], keep)
    out.context_ptr = ptr
    out.refused = refused
    gone_watch.when_gone(out, _let_go, ptr, out._keep)  # (see gone_watch)
    return out


def _let_go(ptr: int, keep: list[Any]) -> None:
    """A host-backed buffer's bytes are gone without :func:`release`: its page-locked
    pieces no longer count against the context's budget (a context made later at the
    same address must not inherit them)."""
    gone = sum(int(b.size) for b in keep if b is not None)
    if gone:
        with _free_lock:
            _made[ptr] = max(0, _made.get(ptr, 0) - gone)


def release(host: HostBytes) -> None:
    """A host-backed buffer is gone: its page-locked pieces wait for the next one."""
    if host.pinned and host.context_ptr is not None:
        with _free_lock:
            for buf, arr in zip(host._keep, host.pieces):
                if buf is not None:
                        _free.setdefault((host.context_ptr, arr.nbytes), []).append((buf, arr))
        host._keep.clear()  # (in place: the pieces are spares now, still counted)
        host.pinned = False


#: makes the bytes of a buffer skmd allocates (set at install: page-locked on a GPU home)
Maker = Callable[[int], HostBytes]


def maker_for(home: Any, warn: Callable[[str, str], None], share: float,
              reserve: int = 0) -> Maker:
    """Page-locked pieces on a home device that is not host memory, up to ``share`` of
    its memory (``Tuning.vast_pinned_share``) less ``reserve`` bytes (the page-locked
    slots pageable pieces move through, ``Tuning.vast_bounce_ring`` per device that
    bounces), pageable pieces past that or once the driver pins no more (warned once);
    plain arrays on a home device that is host memory."""
    if home.host_unified:
        return plain
    piece = max(1, min(PIECE_BYTES, int(home.max_alloc)))
    budget = max(0, int(share * int(home.global_mem)) - int(reserve))

    def make(n: int) -> HostBytes:
        out = page_locked(n, home.context, home.queue, piece, budget)
        if out.pageable:
            why = ("the driver refused more" if out.refused else
                   f"page-locked memory is held to {share:.0%} of the "
                   "device's memory, leaving the device room for the chunks")
            warn("vast-pinned", f"{out.pageable} of the {n} bytes of a buffer larger than the "
                                f"device are kept in pageable memory ({why}); they move in "
                                f"pieces of at most {piece} bytes")
        return out
    return make
