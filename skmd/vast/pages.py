"""Look-ahead page tables and frames (thesis §4.4.1, §4.4.3).

An inspector run over a chunk's rows marks, per paged argument, the pages its
work-groups touch (the *page accessed set*).  The host turns the marks into the
chunk's look-ahead page table (page -> frame, :data:`ABSENT` where untouched) and
packs the touched pages, in page order, into a frame buffer; the paged-access
kernel then translates every address through the table.  Consecutive pages are
copied as one run.  Pages are sized per buffer (:func:`page_bytes_for`).
"""
from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Callable

import numpy as np

#: the largest page, in bytes (the thesis's 4 KiB); a power of two, a multiple of every element
PAGE_BYTES = 4096
#: table entry of a page the chunk was not seen to touch
ABSENT = 0xFFFFFFFF


#: the smallest page, and the most pages a buffer's table holds before pages grow
MIN_PAGE = 256
TABLE_PAGES = 1 << 20
#: device bytes per page of a paged buffer besides its frames: a table entry and a mark
PER_PAGE = 5


def page_bytes_for(size: int, elem: int, budget: int | None = None) -> int:
    """The page size for a buffer of ``size`` bytes read by elements of ``elem`` bytes,
    whose chunks may take ``budget`` bytes of a device: the smallest power of two from
    MIN_PAGE up whose table holds at most TABLE_PAGES pages and, with its marks
    (PER_PAGE bytes a page), an eighth of the budget at most; PAGE_BYTES where none smaller does.
    A scattered read moves a whole page for one element, so small pages move less and
    fit more of a chunk's reads in its frames (fewer chunks), while the table, uploaded
    and its marks read back per chunk, stays bounded."""
    page = MIN_PAGE
    while page < PAGE_BYTES and (page < elem or page_count(size, page) > TABLE_PAGES or (
            budget is not None and PER_PAGE * page_count(size, page) > budget // 8)):
        page *= 2
    return page


def page_count(nbytes: int, page: int = PAGE_BYTES) -> int:
    return -(-nbytes // page)


@dataclass(frozen=True)
class PageTable:
    """One chunk's table for one paged argument."""
    table: np.ndarray  # uint32 per page: frame number or ABSENT
    pages: np.ndarray  # the touched pages, ascending (frame k holds pages[k])
    page_bytes: int = PAGE_BYTES

    @functools.cached_property
    def runs(self) -> tuple[tuple[int, int, int], ...]:
        """(first page, first frame, pages) of each run of consecutive pages: made
        when asked (a random gather's chunk has thousands, and is gathered at once)."""
        return page_runs(self.pages)

    @property
    def run_count(self) -> int:
        return 0 if self.pages.size == 0 else 1 + int(np.count_nonzero(np.diff(self.pages) != 1))

    @property
    def frames(self) -> int:
        return int(self.pages.size)

    @property
    def frame_bytes(self) -> int:
        return self.frames * self.page_bytes


def page_runs(pages: np.ndarray) -> tuple[tuple[int, int, int], ...]:
    """Maximal runs of consecutive pages: (first page, its frame, length)."""
    if pages.size == 0:
        return ()
    breaks = np.flatnonzero(np.diff(pages) != 1) + 1
    starts = np.concatenate(([0], breaks))
    ends = np.concatenate((breaks, [pages.size]))
    return tuple((int(pages[a]), int(a), int(b - a)) for a, b in zip(starts, ends))


def table_from_marks(marks: np.ndarray, page_bytes: int = PAGE_BYTES) -> PageTable:
    """The page table of a page accessed set (one byte per page, non-zero: touched)."""
    pages = np.flatnonzero(marks).astype(np.int64)
    table = np.full(marks.size, ABSENT, dtype=np.uint32)
    table[pages] = np.arange(pages.size, dtype=np.uint32)
    return PageTable(table, pages, page_bytes)


def pack_frames(table: PageTable, size: int,
                copy_out: Callable[[int, np.ndarray], None], out: np.ndarray) -> None:
    """Copy the touched pages of a buffer of ``size`` bytes into ``out`` (frame order)
    through ``copy_out(offset, dst)``; the tail of a last, partial page is left as it was."""
    pb = table.page_bytes
    for page, frame, n in table.runs:
        lo = page * pb
        hi = min(size, (page + n) * pb)
        dst = frame * pb
        copy_out(lo, out[dst:dst + hi - lo])


#: page runs past which a chunk's frames are gathered at once (:func:`gather_frames`)
#: rather than run by run through the host bytes' threaded copies (:func:`pack_frames`)
MANY_RUNS = 256


def gather_frames(table: PageTable, pieces: list[np.ndarray], starts: np.ndarray,
                  size: int, out: np.ndarray) -> None:
    """:func:`pack_frames` over host bytes held as flat ``uint8`` ``pieces`` starting at
    byte ``starts[k]``: one gather of whole pages per piece, not a copy per run of
    touched pages (a random gather touches millions of runs); a page that does not lie
    whole in one piece (the buffer's partial last page) is copied by itself."""
    want = table.pages  # (frame k holds want[k])
    if want.size == 0:
        return
    pb = table.page_bytes
    framed = out[:(out.nbytes // pb) * pb].reshape(-1, pb)
    done = np.zeros(want.size, dtype=bool)
    for piece, base in zip(pieces, starts):
        base = int(base)
        first = -(-base // pb)  # whole pages of the piece: [first, last)
        last = (base + piece.nbytes) // pb
        a, b = np.searchsorted(want, [first, last])
        if b > a:  # (frames a..b-1 are consecutive: gathered in place)
            whole = piece[first * pb - base:last * pb - base]
            np.take(whole.reshape(-1, pb), want[a:b] - first, axis=0,
                    out=framed[a:b], mode="clip")  # (in range: unbuffered)
            done[a:b] = True
    for k in np.flatnonzero(~done):  # pages across pieces or past the last whole one
        lo = int(want[k]) * pb
        hi = min(size, lo + pb)
        dst = out[int(k) * pb:int(k) * pb + hi - lo]
        for piece, base in zip(pieces, starts):
            base = int(base)
            s, e = max(lo, base), min(hi, base + piece.nbytes)
            if e > s:
                dst[s - lo:e - lo] = piece[s - base:e - base]


def element_fits(elem_size: int) -> bool:
    """Elements never straddle pages: their size divides the page."""
    return 0 < elem_size <= PAGE_BYTES and PAGE_BYTES % elem_size == 0
