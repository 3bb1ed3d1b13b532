"""Chunks of work-group rows whose byte windows fit a device (thesis §4.3).

A launch over host-backed buffers runs in chunks.  Each chunk is a range of
rows; for every host-backed argument the access analysis gives the bytes the rows
read and write, and the chunk's *window* (their hull) is what the device holds
while the chunk runs.  Two chunks are in flight per device (one computing, one
moving), so a chunk may take at most half of the device budget, and no window
may exceed the device's largest allocation.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from .pages import PAGE_BYTES

#: (arg index, "read" | "write", first row, last row) -> half-open bytes, or None
RangeOf = Callable[[int, str, int, int], "tuple[int, int] | None"]


class Unplannable(Exception):
    """The launch cannot be cut into chunks that fit: the message says why."""


@dataclass(frozen=True)
class ArgWindow:
    """One host-backed argument's bytes for one chunk."""
    arg: int
    read: tuple[int, int] | None  # bytes to move in (None: none)
    write: tuple[int, int] | None  # bytes to move out (None: none)

    @property
    def window(self) -> tuple[int, int]:
        """What the device buffer must cover: the hull of what is read and written."""
        spans = [r for r in (self.read, self.write) if r is not None and r[1] > r[0]]
        if not spans:
            return (0, 0)
        return (min(r[0] for r in spans), max(r[1] for r in spans))

    @property
    def nbytes(self) -> int:
        lo, hi = self.window
        return hi - lo

    @property
    def in_bytes(self) -> int:
        return 0 if self.read is None else self.read[1] - self.read[0]

    @property
    def out_bytes(self) -> int:
        return 0 if self.write is None else self.write[1] - self.write[0]


@dataclass(frozen=True)
class Chunk:
    first: int
    last: int
    windows: tuple[ArgWindow, ...]

    @property
    def rows(self) -> int:
        return self.last - self.first

    @property
    def nbytes(self) -> int:
        return sum(w.nbytes for w in self.windows)

    @property
    def in_bytes(self) -> int:
        return sum(w.in_bytes for w in self.windows)

    @property
    def out_bytes(self) -> int:
        return sum(w.out_bytes for w in self.windows)


@dataclass(frozen=True)
class ArgUse:
    """How the kernel uses one host-backed argument."""
    arg: int
    name: str
    size: int
    read: bool
    written: bool
    #: write ranges certainly written in full (else the window is read in first)
    dense_write: bool = True
    #: reads go through the page table (not through a window)
    paged: bool = False
    #: bytes per page of a paged argument (:func:`skmd.vast.pages.page_bytes_for`)
    page: int = PAGE_BYTES


@dataclass
class ChunkPlan:
    chunks: list[Chunk] = field(default_factory=list)
    #: bytes per chunk the plan allowed (half the device budget)
    budget: int = 0


def windows_of(uses: Sequence[ArgUse], range_of: RangeOf, first: int, last: int,
               kernel: str) -> tuple[ArgWindow, ...]:
    """Every windowed argument's bytes for rows ``[first, last)``."""
    out = []
    for u in uses:
        if u.paged:
            continue
        rd = wr = None
        if u.read:
            rd = range_of(u.arg, "read", first, last)
            if rd is None:
                raise Unplannable(f"kernel {kernel}: the bytes of argument {u.name} that "
                                  "its work-groups read cannot be bounded")
        if u.written:
            wr = range_of(u.arg, "write", first, last)
            if wr is None:
                raise Unplannable(f"kernel {kernel}: the bytes of argument {u.name} that "
                                  "its work-groups write cannot be bounded")
            if not u.dense_write and wr[1] > wr[0]:
                # bytes of the window the kernel leaves alone must come back unchanged
                lo = min(wr[0], rd[0]) if rd and rd[1] > rd[0] else wr[0]
                hi = max(wr[1], rd[1]) if rd and rd[1] > rd[0] else wr[1]
                rd = (lo, hi)
        out.append(ArgWindow(u.arg, rd if rd and rd[1] > rd[0] else None,
                             wr if wr and wr[1] > wr[0] else None))
    return tuple(out)


def _fits(ws: tuple[ArgWindow, ...], budget: int, max_alloc: int) -> bool:
    return sum(w.nbytes for w in ws) <= budget and all(w.nbytes <= max_alloc for w in ws)


def plan_chunks(uses: Sequence[ArgUse], range_of: RangeOf, total_rows: int,
                budget: int, max_alloc: int, kernel: str,
                reserve: Mapping[int, int] | None = None) -> ChunkPlan:
    """Cut rows ``[0, total_rows)`` into the fewest chunks whose windows fit.

    ``budget`` is the device memory one chunk may take (half what the device
    gives, for double buffering); ``reserve`` takes bytes off it per paged argument
    (its frames).  The first chunk's row count is found by doubling and
    bisection and tried first for each next chunk, so chunks are alike unless the
    kernel's footprint varies along the rows.
    """
    budget -= sum((reserve or {}).values())
    if budget <= 0:
        raise Unplannable(f"kernel {kernel}: no device memory left for windows")
    plan = ChunkPlan(budget=budget)
    by_arg = {u.arg: u for u in uses}
    first, guess = 0, 0
    while first < total_rows:
        def ok(n: int) -> tuple[ArgWindow, ...] | None:
            ws = windows_of(uses, range_of, first, first + n, kernel)
            return ws if _fits(ws, budget, max_alloc) else None
        ws1 = ok(1)
        if ws1 is None:
            w = windows_of(uses, range_of, first, first + 1, kernel)
            worst = max(w, key=lambda x: x.nbytes) if w else None
            what = (f"argument {by_arg[worst.arg].name} ({worst.nbytes} bytes of "
                    f"{by_arg[worst.arg].size})" if worst else "its arguments")
            raise Unplannable(
                f"kernel {kernel}: one work-group row reads or writes {what}, more than "
                f"a device can hold while another chunk moves ({min(budget, max_alloc)} "
                "bytes): every work-group needs too much of a buffer larger than the device")
        left = total_rows - first
        if guess and ok(min(guess, left)) is not None:
            best = min(guess, left)
        else:
            lo, hi = 1, 2  # lo fits; hi untested
            while hi <= left and ok(hi) is not None:
                lo, hi = hi, hi * 2
            hi = min(hi, left + 1)
            while hi - lo > 1:  # lo fits, hi does not (or is past the end)
                mid = (lo + hi) // 2
                if ok(mid) is not None:
                    lo = mid
                else:
                    hi = mid
            best = lo
        if not guess:
            guess = best
        ws = ok(best)
        assert ws is not None
        plan.chunks.append(Chunk(first, first + best, ws))
        first += best
    return plan


#: a row's reads of an argument are far apart when their hull is this many times the
#: bytes they touch, and larger by at least FAR_APART_MIN
FAR_APART = 4
FAR_APART_MIN = 1 << 20


def far_apart(uses: Sequence[ArgUse], spread_of: Callable[[int], "tuple[int, int] | None"],
              tiles_pages: Callable[[int], bool], shared: set[int]) -> set[int]:
    """Windowed arguments, only read and through one parameter (not in ``shared``),
    whose first row's reads lie far apart: ``spread_of(arg)`` gives (hull, bytes
    touched), ``tiles_pages(arg)`` whether its elements tile a page."""
    out = set()
    for u in uses:
        if u.paged or u.written or not u.read or u.arg in shared or not tiles_pages(u.arg):
            continue
        spread = spread_of(u.arg)
        if spread and spread[0] > FAR_APART * spread[1] and spread[0] - spread[1] >= FAR_APART_MIN:
            out.add(u.arg)
    return out


def crossing_writes(chunks: Sequence[Chunk], sparse: frozenset[int] = frozenset()
                    ) -> tuple[int, int, int] | None:
    """(arg, chunk a, chunk b) where chunk b reads bytes chunk a writes, or where both
    write back overlapping bytes of an argument in ``sparse`` (written only in part:
    each chunk writes back its whole window, so the later one would undo the
    other's writes); None when there is none.

    A kernel whose rows read what other rows write depends on the order of its
    work-groups; chunks moving in while others move out could not give one answer."""
    writes: dict[int, list[tuple[int, tuple[int, int]]]] = {}
    for k, c in enumerate(chunks):
        for w in c.windows:
            if w.write:
                writes.setdefault(w.arg, []).append((k, w.write))
    for k, c in enumerate(chunks):
        for w in c.windows:
            spans = [w.read] if w.read is not None else []
            if w.arg in sparse and w.write is not None:
                spans.append(w.write)
            for lo0, hi0 in spans:
                for j, (lo, hi) in writes.get(w.arg, ()):
                    if j != k and lo0 < hi and lo < hi0:
                        return w.arg, j, k
    return None
