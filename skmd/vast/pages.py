"""Look-ahead page tables and frames (thesis §4.4.1, §4.4.3).

An inspector run over a chunk's rows marks, per paged argument, the pages its
work-groups touch (the *page accessed set*).  The host turns the marks into the
chunk's look-ahead page table (page -> frame, :data:`ABSENT` where untouched) and
packs the touched pages, in page order, into a frame buffer; the paged-access
kernel then translates every address through the table.  Consecutive pages are
copied as one run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

#: page size in bytes (thesis: 4 KiB); a power of two, a multiple of every element
PAGE_BYTES = 4096
PAGE_SHIFT = PAGE_BYTES.bit_length() - 1
#: table entry of a page the chunk was not seen to touch
ABSENT = 0xFFFFFFFF


def page_count(nbytes: int) -> int:
    return -(-nbytes // PAGE_BYTES)


@dataclass(frozen=True)
class PageTable:
    """One chunk's table for one paged argument."""
    table: np.ndarray  # uint32 per page: frame number or ABSENT
    pages: np.ndarray  # the touched pages, ascending (frame k holds pages[k])
    runs: tuple[tuple[int, int, int], ...]  # (first page, first frame, pages)

    @property
    def frames(self) -> int:
        return int(self.pages.size)

    @property
    def frame_bytes(self) -> int:
        return self.frames * PAGE_BYTES


def page_runs(pages: np.ndarray) -> tuple[tuple[int, int, int], ...]:
    """Maximal runs of consecutive pages: (first page, its frame, length)."""
    if pages.size == 0:
        return ()
    breaks = np.flatnonzero(np.diff(pages) != 1) + 1
    starts = np.concatenate(([0], breaks))
    ends = np.concatenate((breaks, [pages.size]))
    return tuple((int(pages[a]), int(a), int(b - a)) for a, b in zip(starts, ends))


def table_from_marks(marks: np.ndarray) -> PageTable:
    """The page table of a page accessed set (one byte per page, non-zero: touched)."""
    pages = np.flatnonzero(marks).astype(np.int64)
    table = np.full(marks.size, ABSENT, dtype=np.uint32)
    table[pages] = np.arange(pages.size, dtype=np.uint32)
    return PageTable(table, pages, page_runs(pages))


def pack_frames(table: PageTable, size: int,
                copy_out: Callable[[int, np.ndarray], None], out: np.ndarray) -> None:
    """Copy the touched pages of a buffer of ``size`` bytes into ``out`` (frame order)
    through ``copy_out(offset, dst)``; the tail of a last, partial page is left as it was."""
    for page, frame, n in table.runs:
        lo = page * PAGE_BYTES
        hi = min(size, (page + n) * PAGE_BYTES)
        dst = frame * PAGE_BYTES
        copy_out(lo, out[dst:dst + hi - lo])


def element_fits(elem_size: int) -> bool:
    """Elements never straddle pages: their size divides the page."""
    return 0 < elem_size <= PAGE_BYTES and PAGE_BYTES % elem_size == 0
