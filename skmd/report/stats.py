"""Figures derived from launch records: plain functions over plain data.

The terminal table, the JSON, the HTML page and the pictures all read these,
so a number means the same thing in every view.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from skmd.report.fmt import error_pct
from skmd.records import LaunchRecord, Piece

#: the host is not one of the devices whose idle time skmd tries to fill
HOST = "host"


def is_split(r: LaunchRecord) -> bool:
    """A launch counts as split when more than one device ran work-groups."""
    return sum(1 for v in r.shares.values() if v > 0) >= 2


def ran_whole_uncounted(r: LaunchRecord) -> bool:
    """A launch run whole as the run log keeps it cheaply: its device named, its
    work-groups not counted (:func:`whole_groups` counts them)."""
    return len(r.shares) == 1 and not any(r.shares.values())


def whole_groups(r: LaunchRecord) -> int | None:
    """The work-groups of a launch along its split dimension, from its sizes; None
    where the program gave no local size (the driver picked the groups)."""
    if r.total_groups:
        return r.total_groups
    if not r.local_size or not r.global_size or r.local_size[-1] <= 0:
        return None
    return -(-int(r.global_size[-1]) // int(r.local_size[-1]))


def share_pct(r: LaunchRecord) -> dict[str, float]:
    """Device -> percent of the launch's work-groups (a launch run whole: all of
    them on its device, counted or not)."""
    if ran_whole_uncounted(r):
        return {d: 100.0 for d in r.shares}
    total = r.total_groups or sum(r.shares.values())
    if total <= 0:
        return {d: 0.0 for d in r.shares}
    return {d: 100.0 * n / total for d, n in r.shares.items()}


def launch_devices(r: LaunchRecord) -> list[str]:
    """Devices of one launch in work-group order (then any only predicted)."""
    def key(d: str) -> tuple[int, int, str]:
        rng = r.ranges.get(d)
        return (0, rng[0], d) if rng is not None else (1, 0, d)
    names = set(r.shares) | set(r.ranges) | set(r.measured)
    return sorted(names, key=key)


def device_errors(r: LaunchRecord) -> dict[str, float]:
    """Device -> signed prediction error % where both figures exist."""
    out: dict[str, float] = {}
    for d in launch_devices(r):
        e = error_pct(r.predicted.get(d), r.measured.get(d))
        if e is not None:
            out[d] = e
    return out


def run_devices(records: Iterable[LaunchRecord]) -> list[str]:
    """Every device seen in a run, first-seen order, host last."""
    seen: dict[str, None] = {}
    for r in records:
        for d in launch_devices(r):
            seen.setdefault(d, None)
        for p in r.pieces:
            seen.setdefault(p.device, None)
    names = [d for d in seen if d != HOST]
    return names + ([HOST] if HOST in seen else [])


def group_by_run(records: Sequence[LaunchRecord]) -> "OrderedDict[str, list[LaunchRecord]]":
    out: OrderedDict[str, list[LaunchRecord]] = OrderedDict()
    for r in records:
        out.setdefault(r.run_id, []).append(r)
    return out


def _union_length(intervals: list[tuple[float, float]]) -> float:
    """Length covered by intervals; overlapping pieces on one device count once."""
    total = 0.0
    cur_s = cur_e = None
    for s, e in sorted(intervals):
        if cur_e is None or s > cur_e:
            if cur_e is not None:
                total += cur_e - cur_s
            cur_s, cur_e = s, e
        else:
            cur_e = max(cur_e, e)
    if cur_e is not None:
        total += cur_e - cur_s
    return total


def all_pieces(records: Iterable[LaunchRecord]) -> list[tuple[LaunchRecord, Piece]]:
    return [(r, p) for r in records for p in r.pieces]


def busy_pct(records: Sequence[LaunchRecord]) -> dict[str, float]:
    """Device -> percent of the run's span it was doing something.

    The span runs from the first launch call to the last piece of work; a device
    is busy during its pieces (sub-kernels, transfers, merges) and, for launches
    run whole on a profiling queue, during their kernels' device time. Without
    any timing (an older log): measured sub-kernel time over the summed wall; with
    nothing timed on any device, nothing (not 0 %: unknown).
    """
    from skmd.report.breakdown import KERNEL, launch_spans
    devices = [d for d in run_devices(records) if d != HOST]
    spans = launch_spans(records)
    per: dict[str, list[tuple[float, float]]] = {d: [] for d in devices}
    for _, p in all_pieces(records):
        if p.device in per:
            per[p.device].append((p.start, p.end))
    for a, b, part in spans:
        if part.startswith(KERNEL) and part[len(KERNEL):] in per:
            per[part[len(KERNEL):]].append((a, b))
    if any(per.values()):
        t0 = min(a for a, _, _ in spans)
        span = max(b for _, b, _ in spans) - t0
        if span <= 0:
            return {d: 0.0 for d in devices}
        return {d: 100.0 * _union_length(iv) / span for d, iv in per.items()}
    if not any(r.measured for r in records):  # nothing timed on any device: unknown
        return {}  # (whole launches on a queue that does not profile), not 0 %
    wall = sum(r.wall_s for r in records)
    if wall <= 0:
        return {d: 0.0 for d in devices}
    return {d: 100.0 * sum(r.measured.get(d, 0.0) for r in records) / wall
            for d in devices}


@dataclass
class RunSummary:
    run_id: str
    launches: int
    split: int
    bytes_moved: int
    merge_s: float
    wall_s: float
    busy_pct: dict[str, float] = field(default_factory=dict)

    @property
    def mean_busy_pct(self) -> float | None:
        if not self.busy_pct:
            return None
        return sum(self.busy_pct.values()) / len(self.busy_pct)


def launch_count(records: Sequence[LaunchRecord]) -> int:
    """The launches ``records`` stand for (a run log record may stand for a loop's many
    whole launches of one kind: its ``repeats``)."""
    return sum(r.repeats for r in records)


def run_summary(records: Sequence[LaunchRecord]) -> RunSummary:
    """Totals of one run (records are assumed to share a run id)."""
    return RunSummary(
        run_id=records[0].run_id if records else "",
        launches=launch_count(records),
        split=sum(1 for r in records if is_split(r)),
        bytes_moved=sum(sum(r.bytes_moved.values()) for r in records),
        merge_s=sum(r.merge_s for r in records),
        wall_s=sum(r.wall_s for r in records),
        busy_pct=busy_pct(records),
    )


@dataclass
class KernelStats:
    """One kernel over all its launches in a run: what the grouped view shows."""
    kernel: str
    launches: int = 0
    split: int = 0
    #: device -> mean share % over all launches (0 where it got nothing)
    mean_share_pct: dict[str, float] = field(default_factory=dict)
    #: mean |prediction error| % over every (launch, device) with both figures
    mean_abs_error_pct: float | None = None
    wall_s: float = 0.0
    bytes_moved: int = 0
    merge_s: float = 0.0
    #: reason -> how many launches gave it
    reasons: dict[str, int] = field(default_factory=dict)


def kernel_labels(records: Iterable[LaunchRecord]) -> dict[tuple[str, str], str]:
    """(name, program) -> how the report names the kernel: its name, with its
    program's short hash (``axpbyz@1a2b3c4d``) only where two programs share it."""
    programs: dict[str, set[str]] = {}
    for r in records:
        programs.setdefault(r.kernel, set()).add(r.program)
    return {(name, prg): f"{name}@{prg or '?'}" if len(prgs) > 1 else name
            for name, prgs in programs.items() for prg in prgs}


def kernel_stats(records: Sequence[LaunchRecord]) -> list[KernelStats]:
    """Per-kernel aggregates, costliest kernel (by summed wall time) first.

    Kernels are told apart by program as well as name (see :func:`kernel_labels`).
    """
    labels = kernel_labels(records)
    by: dict[str, list[LaunchRecord]] = {}
    for r in records:
        by.setdefault(labels[r.kernel, r.program], []).append(r)
    out: list[KernelStats] = []
    for name, rs in by.items():
        st = KernelStats(kernel=name, launches=launch_count(rs))
        st.split = sum(1 for r in rs if is_split(r))
        sums: dict[str, float] = {}
        errors: list[float] = []
        for r in rs:
            for d, p in share_pct(r).items():
                sums[d] = sums.get(d, 0.0) + p
            errors.extend(abs(e) for e in device_errors(r).values())
            st.wall_s += r.wall_s
            st.merge_s += r.merge_s
            st.bytes_moved += sum(r.bytes_moved.values())
            if r.reason:
                st.reasons[r.reason] = st.reasons.get(r.reason, 0) + 1
        st.mean_share_pct = {d: s / len(rs) for d, s in
                             sorted(sums.items(), key=lambda kv: -kv[1])}
        st.mean_abs_error_pct = sum(errors) / len(errors) if errors else None
        out.append(st)
    out.sort(key=lambda s: (-s.wall_s, s.kernel))
    return out
