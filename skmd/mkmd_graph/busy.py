"""Busy intervals of one resource (a device or a link direction).

Insertion-based list scheduling needs "earliest gap of length d after t";
intervals are kept sorted so that is a bisection plus a short walk.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence

EPS = 1e-12


class Timeline:
    __slots__ = ("starts", "ends")

    def __init__(self) -> None:
        self.starts: list[float] = []
        self.ends: list[float] = []

    def __len__(self) -> int:
        return len(self.starts)

    def find(self, t: float, dur: float,
             extra: Sequence[tuple[float, float]] = ()) -> float:
        """Earliest start >= ``t`` of a ``dur``-long interval that overlaps
        neither the booked intervals nor the tentative ``extra`` ones.

        The walk over the booked intervals is written out here rather than
        called: a plan asks this thousands of times, mostly of short lists."""
        starts, ends = self.starts, self.ends
        n = len(starts)
        c = t
        while True:
            i = bisect_right(ends, c + EPS)
            while i < n and c + dur > starts[i] + EPS:
                if ends[i] > c:
                    c = ends[i]
                i += 1
            moved = False
            for s, e in extra:
                if s < c + dur - EPS and c < e - EPS and e - s > EPS:
                    c = e
                    moved = True
            if not moved:
                return c

    def add(self, start: float, end: float) -> None:
        if end - start <= EPS:
            return
        i = bisect_right(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)

    def remove(self, start: float, end: float) -> None:
        if end - start <= EPS:
            return
        i = bisect_right(self.starts, start) - 1
        while i >= 0 and self.starts[i] == start:
            if self.ends[i] == end:
                del self.starts[i]
                del self.ends[i]
                return
            i -= 1
        raise KeyError((start, end))

    def busy(self, lo: float, hi: float) -> list[tuple[float, float]]:
        """Booked intervals meeting ``[lo, hi)``."""
        i = max(0, bisect_right(self.ends, lo) - 0)
        out = []
        for k in range(i, len(self.starts)):
            if self.starts[k] >= hi:
                break
            if self.ends[k] > lo:
                out.append((self.starts[k], self.ends[k]))
        return out


def free_gaps(busy: Iterable[tuple[float, float]], lo: float,
              hi: float, min_len: float = 0.0) -> list[tuple[float, float]]:
    """Idle intervals inside ``[lo, hi)`` around the given busy intervals."""
    gaps = []
    c = lo
    for s, e in sorted(busy):
        if s > c + EPS and s - c > min_len:
            gaps.append((c, min(s, hi)))
        c = max(c, e)
        if c >= hi:
            break
    if hi - c > min_len + EPS:
        gaps.append((c, hi))
    return [(a, b) for a, b in gaps if b - a > max(min_len, EPS)]
