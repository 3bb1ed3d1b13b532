"""Timeline geometry shared by the PNG and the HTML picture.

Each device gets one row split into two lanes: compute (kernel, merge) on top,
transfers (h2d, d2h, d2d) below, because a device can copy while it computes
and overlapping bars in one lane would hide each other.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from skmd.report.breakdown import CALL, HOST, timed_work
from skmd.records import LaunchRecord
from skmd.report.stats import run_devices

KIND_COLORS: dict[str, str] = {
    "kernel": "#4C72B0",
    "merge": "#8172B2",
    "h2d": "#55A868",
    "d2h": "#C44E52",
    "d2d": "#DD8452",
    "call": "#B0B0B0",
}
OTHER_COLOR = "#8C8C8C"
COMPUTE_KINDS = ("kernel", "merge", "call")

#: (offset from the row's top, height), in row units
COMPUTE_LANE = (0.08, 0.55)
TRANSFER_LANE = (0.67, 0.25)

#: consecutive spans of one kernel closer than this share of the run merge into one label
JOIN_GAP_FRAC = 0.004
#: at most this many launch markers are drawn; beyond, they would be a smear
MAX_LAUNCH_MARKS = 40


def color(kind: str) -> str:
    return KIND_COLORS.get(kind, OTHER_COLOR)


def lane(kind: str) -> tuple[float, float]:
    return COMPUTE_LANE if kind in COMPUTE_KINDS else TRANSFER_LANE


@dataclass
class Bar:
    """A piece in milliseconds from the run's first piece, with its launch."""
    device: str
    kind: str
    start_ms: float
    end_ms: float
    label: str
    kernel: str
    seq: int
    bytes: int = 0

    @property
    def width_ms(self) -> float:
        return max(0.0, self.end_ms - self.start_ms)


@dataclass
class Layout:
    rows: list[str]
    bars: list[Bar]
    span_ms: float
    #: (launch seq, its first piece's start in ms), when few enough to mark
    launch_marks: list[tuple[int, float]]


def layout(records: Sequence[LaunchRecord]) -> Layout:
    """Bars for every timed thing of ``records``; time zero is the earliest.

    Devices get their pieces and the kernels of launches run whole (where their
    queue profiles); the host's lane gets every launch call (skmd's decisions,
    builds and waits, the driver's enqueue).
    """
    work = timed_work(records)
    rows = run_devices(records)
    if not work:
        return Layout(rows=rows, bars=[], span_ms=0.0, launch_marks=[])
    if HOST not in rows:
        rows = rows + [HOST]
    t0 = min(w[1] for w in work)
    bars = [Bar(device=dev, kind=kind, start_ms=(a - t0) * 1e3, end_ms=(b - t0) * 1e3,
                label=(p.label if p is not None else "") or r.kernel, kernel=r.kernel,
                seq=r.seq, bytes=p.bytes if p is not None else 0)
            for r, a, b, dev, kind, p in work]
    span = max(b.end_ms for b in bars)
    marks: list[tuple[int, float]] = []
    if len(records) <= MAX_LAUNCH_MARKS:
        firsts: dict[int, float] = {}
        for bar in bars:
            if bar.kind != CALL:
                firsts[bar.seq] = min(firsts.get(bar.seq, bar.start_ms), bar.start_ms)
        marks = sorted(((seq, ms) for seq, ms in firsts.items()), key=lambda m: m[1])
    return Layout(rows=rows, bars=bars, span_ms=span, launch_marks=marks)


def label_spans(bars: Sequence[Bar], span_ms: float,
                min_label_ms: float = 0.0) -> list[tuple[float, float, str]]:
    """Kernel bars of one device joined into labelled runs: ``vadd ×120`` when dense.

    A program that launches the same kernel thousands of times gets one label per
    burst instead of thousands of unreadable ones. Bars of one kernel always join
    across tiny gaps; once a bar is too narrow to carry a label (``min_label_ms``,
    the picture's label width in ms), gaps up to that width join too.
    """
    ks = sorted((b for b in bars if b.kind == "kernel"), key=lambda b: b.start_ms)
    gap = JOIN_GAP_FRAC * span_ms
    groups: list[list[Bar]] = []
    for b in ks:
        cur = groups[-1] if groups else None
        dense = cur is not None and (len(cur) > 1 or cur[0].width_ms < min_label_ms)
        limit = max(gap, min_label_ms) if dense else gap
        if cur and b.kernel == cur[-1].kernel and b.start_ms - cur[-1].end_ms <= limit:
            cur.append(b)
        else:
            groups.append([b])
    return [(g[0].start_ms, max(b.end_ms for b in g), _group_text(g))
            for g in _join_narrow(groups, min_label_ms)]


def _width(g: list[Bar]) -> float:
    return max(b.end_ms for b in g) - g[0].start_ms


def _join_narrow(groups: list[list[Bar]], min_label_ms: float) -> list[list[Bar]]:
    """Neighbouring groups each too narrow to label merge into one mixed group.

    Where kernels alternate (``a b a b ...``) no single-kernel burst is wide
    enough for its name, but the stretch as a whole still gets one.
    """
    if min_label_ms <= 0:
        return groups
    out: list[list[Bar]] = []
    narrow: list[bool] = []  # whether out[i] was built from narrow groups only
    for g in groups:
        thin = _width(g) < min_label_ms
        if (out and thin and narrow[-1]
                and g[0].start_ms - max(b.end_ms for b in out[-1]) <= min_label_ms):
            out[-1] = out[-1] + g
        else:
            out.append(list(g))
            narrow.append(thin)
    return out


def _group_text(g: list[Bar]) -> str:
    counts: dict[str, int] = {}
    for b in g:
        counts[b.kernel] = counts.get(b.kernel, 0) + 1
    names = sorted(counts, key=lambda k: (-counts[k], k))
    name = "+".join(names[:2]) + ("+…" if len(names) > 2 else "")
    return name if len(g) == 1 else f"{name} ×{len(g)}"


def nice_step(span: float, target_ticks: int = 8) -> float:
    """A 1/2/5 x 10^k tick step giving about ``target_ticks`` ticks over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / target_ticks
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag
