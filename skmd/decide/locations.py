"""Where a launch's bytes are, and what moving them from there costs.

A buffer's current bytes may be on the home device, in page-locked host memory
(an upload not sent anywhere yet), in both, or only in helpers' copies.  A
device receives its share's ranges from the nearest place that holds them: a
device that shares host memory reads host bytes in place, any other device
receives them over its own link, and only bytes that are nowhere but on the
home device cross two links (home -> host -> helper).  The partitioner weighs
each device's transfers by these rates, so it prices a split from where the
bytes are now rather than from the home device.

Plain functions over plain data; the runtime asks (:mod:`skmd.runtime.placement`).
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from skmd.decide.transfer import via_home

#: where a buffer's whole current content is
HOME, HOST, BOTH, AWAY = "home", "host", "both", "away"

Span = tuple[int, int]


def location(home_has: bool, host_has: bool) -> str:
    """The location class of a buffer from whether home and host hold all of it."""
    if home_has:
        return BOTH if host_has else HOME
    return HOST if host_has else AWAY


def on_host(where: str) -> bool:
    """Whether a device can take the bytes from host memory without the home device."""
    return where in (HOST, BOTH)


def helper_link(wheres: Iterable[str], link: tuple[float, float],
                home_link: tuple[float, float], zero_copy: bool) -> tuple[float, float]:
    """A helper's effective (h2d, d2h) bytes/s for a launch over buffers at ``wheres``.

    Bytes in host memory come over the helper's own link, or not at all for a
    device that reads host memory in place; anything else passes the home
    device's link first.  Outputs come back over its own link either way.
    """
    wheres = list(wheres)
    if wheres and all(on_host(w) for w in wheres):
        return (math.inf if zero_copy else link[0], link[1])
    return via_home(link, home_link)


def reads_mapped(zero_copy: bool, home: bool) -> bool:
    """Whether a device's bytes reach host memory by mapping its buffer and copying
    on several host threads, rather than by its driver's read: a helper whose
    buffers are host memory (PoCL's CPU device reads with one memcpy thread).  Its
    link's device->host figure is measured that way too, probe and transfers
    alike, so the models price its results at what reading them achieves.  The
    home device keeps its driver's (or page-locked chunked) reads."""
    return zero_copy and not home


def blend(parts: Sequence[tuple[float, float, float]], ref_bps: float) -> tuple[float, float]:
    """(fixed, per-group) bytes at ``ref_bps`` that take as long as ``parts``.

    ``parts`` are (fixed, per-group, bytes/s) of transfers over one device's link
    from different places; the partition problem carries one rate per device.
    """
    fixed = per = 0.0
    for f, p, bps in parts:
        if bps == math.inf or (f <= 0 and p <= 0):
            continue
        scale = ref_bps / bps if ref_bps != math.inf else 1.0
        fixed += f * scale
        per += p * scale
    return fixed, per


def gaps(need: Iterable[Span], have: Iterable[Span]) -> list[Span]:
    """The parts of ``need`` not covered by ``have`` (both half-open, any order)."""
    held = sorted((lo, hi) for lo, hi in have if hi > lo)
    out: list[Span] = []
    for lo, hi in sorted(need):
        cur = lo
        for a, b in held:
            if b <= cur or a >= hi:
                continue
            if a > cur:
                out.append((cur, a))
            cur = max(cur, b)
            if cur >= hi:
                break
        if cur < hi:
            out.append((cur, hi))
    return _merged(out)


def within(lo: int, hi: int, ranges: Iterable[Span]) -> list[Span]:
    """The parts of ``[lo, hi)`` that ``ranges`` cover, in order."""
    return _merged(sorted((max(lo, a), min(hi, b)) for a, b in ranges
                          if max(lo, a) < min(hi, b)))


def _merged(spans: list[Span]) -> list[Span]:
    """Sorted ``spans`` with those that touch or overlap joined."""
    merged: list[Span] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def gather_plan(lo: int, hi: int, holders: Sequence[tuple[str, Sequence[Span]]]
                ) -> list[tuple[str, int, int]] | None:
    """Who supplies each piece of ``[lo, hi)``: the first of ``holders`` (name, spans
    it holds) that has it, so the caller lists the cheapest source first.

    None when some byte is held by nobody: coherence would be broken, and the
    caller must not guess.
    """
    out: list[tuple[str, int, int]] = []
    left = [(lo, hi)] if hi > lo else []
    for name, spans in holders:
        if not left:
            break
        got = gaps([(max(a, x), min(b, y)) for x, y in left for a, b in spans
                    if min(b, y) > max(a, x)], [])  # merged: each byte once
        out += [(name, a, b) for a, b in sorted(got)]
        left = gaps(left, got)
    return None if left else sorted(out, key=lambda t: t[1])


def stages_lazily(devices: int, skips_left: int) -> bool:
    """Whether an upload should wait in host memory (True) or go home at once.

    On one device there is nothing to place.  With helpers, an upload waits for
    the launch that reads it, unless uploads like it were read by launches run
    whole on home lately (``skips_left`` more go home at once, see :func:`backoff`).
    """
    return devices > 1 and skips_left <= 0


def backoff(interval: int, cap: int) -> int:
    """How many uploads go home at once after one more staged upload was read by a
    launch run whole: twice as many as last time, at most ``cap``, so that a
    program whose launches are never split pays for staging ever more rarely,
    and one whose launches start being split (helpers measured, programs built)
    is noticed."""
    return min(max(1, 2 * interval), cap)
