"""Sorted sets of disjoint half-open byte intervals.

Coherence tracks *which bytes* of a buffer each device copy holds at the
current version, so contiguous kernels can send and fetch only their slices.
"""
from __future__ import annotations

from typing import Iterable, Iterator


class IntervalSet:
    """Disjoint, sorted, merged ``[lo, hi)`` intervals."""
    __slots__ = ("_iv",)

    def __init__(self, intervals: Iterable[tuple[int, int]] = ()) -> None:
        self._iv: list[tuple[int, int]] = []
        for lo, hi in intervals:
            self.add(lo, hi)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self._iv)

    def __bool__(self) -> bool:
        return bool(self._iv)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IntervalSet) and self._iv == other._iv

    def __repr__(self) -> str:
        return f"IntervalSet({self._iv!r})"

    @property
    def total(self) -> int:
        return sum(hi - lo for lo, hi in self._iv)

    def clear(self) -> None:
        self._iv.clear()

    def add(self, lo: int, hi: int) -> None:
        if hi <= lo:
            return
        out: list[tuple[int, int]] = []
        placed = False
        for a, b in self._iv:
            if b < lo:
                out.append((a, b))
            elif hi < a:
                if not placed:
                    out.append((lo, hi))
                    placed = True
                out.append((a, b))
            else:
                lo, hi = min(a, lo), max(b, hi)
        if not placed:
            out.append((lo, hi))
        out.sort()
        self._iv = out

    def covers(self, lo: int, hi: int) -> bool:
        if hi <= lo:
            return True
        return any(a <= lo and hi <= b for a, b in self._iv)

    def missing(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The parts of ``[lo, hi)`` not in the set, in order."""
        gaps: list[tuple[int, int]] = []
        cur = lo
        for a, b in self._iv:
            if b <= cur:
                continue
            if a >= hi:
                break
            if a > cur:
                gaps.append((cur, min(a, hi)))
            cur = max(cur, b)
            if cur >= hi:
                break
        if cur < hi:
            gaps.append((cur, hi))
        return gaps
