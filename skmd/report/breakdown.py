"""Where a run's wall time went: one partition of the run's span, plain functions.

Every instant from the first launch call to the last piece of work is given to
exactly one part, so the parts add up to the run's wall time:

* ``kernel:<device>``: a device ran a kernel (instants when k devices ran one
  are shared out 1/k each);
* ``merge``: helpers' outputs were being merged;
* ``transfer``: data moved between the host and a device, nothing computing;
* ``calls``: the host was inside a launch call (skmd's decision, its builds and
  waits, the driver's enqueue) and no device was seen working;
* ``program``: the program's own host time between launches (its Python, its
  other OpenCL calls, its waits on results not timed by skmd).

Kernels launched whole run asynchronously; where their queue profiles, their
device time is laid on the home device's in-order queue after their call
returned. Where it does not, their time shows as the program's own (the wait
that eventually collects their results).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from skmd.records import LaunchRecord, Piece

PROGRAM = "program"
CALLS = "calls"
MERGE = "merge"
TRANSFER = "transfer"
KERNEL = "kernel:"

#: which part an instant goes to when several kinds of work overlap
_RANK = {MERGE: 0, KERNEL: 1, TRANSFER: 2, CALLS: 3}

Span = tuple[float, float, str]  # start, end, part ("kernel:<device>" for kernels)


#: the row of the host's lane in a timeline, and the kind of its bars
HOST = "host"
CALL = "call"


def _call_end(r: LaunchRecord, start: float) -> float:
    """End of the launch call: a split blocks for its whole wall, a whole one returns."""
    return start + (r.wall_s if r.pieces or r.host_s <= 0 else r.host_s)


Work = tuple[LaunchRecord, float, float, str, str, "Piece | None"]


def timed_work(records: Sequence[LaunchRecord]) -> list[Work]:
    """(launch, start, end, device, kind, piece or None) of every timed thing in a
    run: each launch call on the host (kind ``call``), each piece, and the device
    time of whole launches laid on the home device's in-order queue after their
    call."""
    out: list[Work] = []
    queue_free: dict[str, float] = {}
    for r in sorted(records, key=lambda r: r.seq):
        if r.repeats > 1 and not r.pieces and r.start_s is not None and r.span_s:
            out.extend(_spread(r, queue_free))
            continue
        start = r.start_s
        if start is None:
            if not r.pieces:
                continue
            start = min(p.start for p in r.pieces)
        end = _call_end(r, start)
        out.append((r, start, end, HOST, CALL, None))
        for p in r.pieces:
            out.append((r, p.start, p.end, p.device, p.kind, p))
            if p.kind == "kernel":
                queue_free[p.device] = max(queue_free.get(p.device, 0.0), p.end)
        if not r.pieces and r.device_s:
            for dev in r.shares:
                at = max(end, queue_free.get(dev, 0.0))
                queue_free[dev] = at + r.device_s
                out.append((r, at, at + r.device_s, dev, "kernel", None))
    return out


def _spread(r: LaunchRecord, queue_free: dict[str, float]) -> list[Work]:
    """The launches a summary record stands for (:func:`skmd.records.summary_row`),
    laid evenly over its span: each call takes its share of their host time and each
    kernel its share of their device time, so the program's own time between them
    stays the program's."""
    n = r.repeats
    call = min(max(r.host_s, 0.0) / n, r.span_s / n)
    step = (r.span_s - call) / (n - 1)  # the first call at its start, the last ends its span
    out: list[Work] = []
    for k in range(n):
        start = r.start_s + k * step
        out.append((r, start, start + call, HOST, CALL, None))
        if r.device_s:
            for dev in r.shares:
                at = max(start + call, queue_free.get(dev, 0.0))
                queue_free[dev] = at + r.device_s / n
                out.append((r, at, at + r.device_s / n, dev, "kernel", None))
    return out


def launch_spans(records: Sequence[LaunchRecord]) -> list[Span]:
    """:func:`timed_work` as (start, end, part) spans."""
    def part(device: str, kind: str) -> str:
        if kind == CALL:
            return CALLS
        if kind == "kernel":
            return KERNEL + device
        return MERGE if kind == "merge" else TRANSFER
    return [(a, b, part(dev, kind)) for _, a, b, dev, kind, _ in timed_work(records)]


@dataclass
class Breakdown:
    """A run's wall time and the seconds each part took (they sum to the wall)."""
    wall_s: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)

    def kernels(self) -> dict[str, float]:
        """Device -> seconds the run's wall was spent in its kernels."""
        return {k[len(KERNEL):]: v for k, v in self.parts.items() if k.startswith(KERNEL)}


def breakdown(records: Sequence[LaunchRecord]) -> Breakdown:
    """Partition the run's span (first call to last work) among the parts."""
    spans = [s for s in launch_spans(records) if s[1] > s[0]]
    if not spans:
        return Breakdown()
    edges: list[tuple[float, int, str]] = []
    for a, b, part in spans:
        edges.append((a, 1, part))
        edges.append((b, -1, part))
    edges.sort(key=lambda e: (e[0], e[1]))
    active: dict[str, int] = {}
    parts: dict[str, float] = {}
    t0 = prev = edges[0][0]
    for t, delta, part in edges:
        if t > prev:
            _give(parts, active, t - prev)
            prev = t
        active[part] = active.get(part, 0) + delta
        if not active[part]:
            del active[part]
    wall = prev - t0
    return Breakdown(wall_s=wall, parts=dict(sorted(parts.items(), key=lambda kv: -kv[1])))


def _give(parts: dict[str, float], active: dict[str, int], dt: float) -> None:
    """Give ``dt`` seconds to the highest-ranked active part (kernels shared out)."""
    if not active:
        parts[PROGRAM] = parts.get(PROGRAM, 0.0) + dt
        return
    kernels = [p for p in active if p.startswith(KERNEL)]
    if MERGE in active:
        parts[MERGE] = parts.get(MERGE, 0.0) + dt
    elif kernels:
        for p in kernels:
            parts[p] = parts.get(p, 0.0) + dt / len(kernels)
    else:
        best = min(active, key=lambda p: _RANK[p])
        parts[best] = parts.get(best, 0.0) + dt


def part_label(part: str) -> str:
    """``kernel:cpu0`` -> ``kernels cpu0``; others as they are named above."""
    if part.startswith(KERNEL):
        return f"kernels {part[len(KERNEL):]}"
    return {MERGE: "merges", TRANSFER: "transfers", CALLS: "launch calls (skmd, driver)",
            PROGRAM: "program host"}.get(part, part)
