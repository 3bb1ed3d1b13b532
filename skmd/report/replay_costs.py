"""What a run log says about each graph batch: its launches, graph and measured costs.

Graph mode writes one launch record per kernel of a batch and, on the batch's
last one, a note with the batch's phase timings and (since the runtime records
it) the batch's graph.  Logs written before that hold no graph; a graph traced
from the same program (``graphs``: batch name signature -> ``batch_to_dict``
form, with each command's ``global_size`` at the traced size) stands in for it,
its buffers scaled by the recorded work size (see :func:`scaled_graph`).
"""
from __future__ import annotations

import math
import re
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import Any

from skmd.mkmd_graph import Command, Platform
from skmd.mkmd_graph.resimulate import batch_from_dict
from skmd.records import LaunchRecord

BATCH_NOTE = re.compile(r"graph batch of (\d+) kernels, (\w+) phase")
RUN_NOTE = re.compile(r"schedule ([\d.]+) ms.*?run ([\d.]+) ms, results home ([\d.]+) ms")
#: transfers shorter than this say more about latency than bandwidth
MIN_LINK_BYTES = 1 << 20
#: what a link or merge is taken to move when the run measured none
FALLBACK_BPS = 10e9


@dataclass
class Batch:
    """One graph batch of a run, as recorded."""
    index: int
    phase: str
    records: list[LaunchRecord]
    note: str
    graph: dict[str, Any] | None = None
    assumptions: list[str] = field(default_factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(r.kernel for r in self.records))

    def timings(self) -> tuple[float | None, float | None]:
        """(schedule seconds, run + results-home seconds) from the batch's note."""
        m = RUN_NOTE.search(self.note)
        if not m:
            return None, None
        return float(m.group(1)) * 1e-3, (float(m.group(2)) + float(m.group(3))) * 1e-3


def graph_batches(records: Sequence[LaunchRecord]) -> list[Batch]:
    """The run's graph batches, in order: each ends at the launch carrying its note."""
    ordered = sorted(records, key=lambda r: r.seq)
    by_seq = {r.seq: r for r in ordered}
    out: list[Batch] = []
    for r in ordered:
        note = next((n for n in r.notes if BATCH_NOTE.match(n)), None)
        if note is None:
            continue
        m = BATCH_NOTE.match(note)
        n = int(m.group(1))
        members = [by_seq[s] for s in range(r.seq - n + 1, r.seq + 1) if s in by_seq]
        out.append(Batch(len(out), m.group(2), members, note, r.graph))
    return out


def home_of(records: Sequence[LaunchRecord]) -> str | None:
    """The home device: where the first launch of a kernel runs whole to be timed."""
    for r in records:
        if r.reason and "home device" in r.reason and len(r.ranges) == 1:
            return next(iter(r.ranges))
    return None


def _median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def link_rates(records: Sequence[LaunchRecord]) -> tuple[dict, dict, float | None]:
    """Median measured h2d and d2h bytes per second per device, and merge rate.

    A device measured in one direction only is taken to move the other way as
    fast as the devices measured that way (or as its own other direction).
    """
    rates: dict[tuple[str, str], list[float]] = {}
    for r in records:
        for p in r.pieces:
            if p.kind in ("h2d", "d2h", "merge") and p.bytes >= MIN_LINK_BYTES \
                    and p.end > p.start:
                rates.setdefault((p.kind, p.device), []).append(p.bytes / (p.end - p.start))
    h2d = {d: _median(v) for (k, d), v in rates.items() if k == "h2d"}
    d2h = {d: _median(v) for (k, d), v in rates.items() if k == "d2h"}
    for table, other in ((h2d, d2h), (d2h, h2d)):
        for d in set(h2d) | set(d2h):
            if d not in table:  # a device never measured one way: as the others that way
                table[d] = _median(list(table.values())) or other[d]
    merge = _median([x for (k, _), v in rates.items() if k == "merge" for x in v])
    return h2d, d2h, merge


def kernel_times(r: LaunchRecord) -> dict[str, float]:
    """Device -> seconds the whole launch would take there, from its measured rows."""
    busy: dict[str, float] = {}
    for p in r.pieces:
        if p.kind == "kernel":
            busy[p.device] = busy.get(p.device, 0.0) + (p.end - p.start)
    out = {}
    for d, t in busy.items():
        a, b = r.ranges.get(d, (0, r.total_groups))
        if b > a and r.total_groups:
            out[d] = t * r.total_groups / (b - a)
    return out


def run_kernel_times(records: Sequence[LaunchRecord]) -> dict[tuple, dict[str, float]]:
    """(kernel, global size) -> device -> median whole-launch seconds over the run."""
    seen: dict[tuple, dict[str, list[float]]] = {}
    for r in records:
        for d, t in kernel_times(r).items():
            seen.setdefault((r.kernel, tuple(r.global_size)), {}).setdefault(d, []).append(t)
    return {k: {d: statistics.median(v) for d, v in per.items()} for k, per in seen.items()}


def scaled_graph(traced: Mapping[str, Any], records: Sequence[LaunchRecord]
                 ) -> tuple[list[Command], dict[int, int], dict | None, dict[int, LaunchRecord]]:
    """A traced batch graph at the recorded size, and each command's launch record.

    The k-th launch of a kernel name (by sequence number) is taken for the k-th
    command of that name in program order.  A buffer's bytes scale with the
    work size (product of the global size) of the first command touching it,
    recorded over traced: true where a buffer holds one element per work-item.
    Buffers that held data before the batch start in host memory.
    """
    cmds, sizes, initial = batch_from_dict(traced)
    sizes_at = {int(c["id"]): c.get("global_size") for c in traced["commands"]}
    by_name: dict[str, list[LaunchRecord]] = {}
    for r in sorted(records, key=lambda r: r.seq):
        by_name.setdefault(r.kernel, []).append(r)
    rec_of: dict[int, LaunchRecord] = {}
    for c in cmds:
        queue = by_name.get(c.name)
        if not queue:
            raise ValueError(f"traced command {c.name!r} has no launch in the batch")
        rec_of[c.id] = queue.pop(0)
    ratio: dict[int, float] = {}
    for c in cmds:
        traced_gs = sizes_at.get(c.id)
        if not traced_gs:
            continue
        r = prod(rec_of[c.id].global_size) / max(1, prod(traced_gs))
        for b in sorted(c.writes) + sorted(c.reads):
            ratio.setdefault(b, r)
    sizes = {b: int(round(n * ratio.get(b, 1.0))) for b, n in sizes.items()}
    # the traced machine's devices are not the recorded one's: what held data
    # before the batch is taken to be in host memory (graph mode stages uploads there)
    if initial is not None:
        initial = {b: ["host"] if locs else [] for b, locs in initial.items()}
    cmds = [Command(c.id, c.kind, c.name, c.reads, c.writes,
                    max(1, rec_of[c.id].total_groups), c.splittable, c.barrier,
                    c.overwrites, c.contiguous) for c in cmds]
    return cmds, sizes, initial, rec_of


def recorded_graph(batch: Batch) -> tuple[list[Command], dict[int, int], dict | None,
                                           dict[int, LaunchRecord]]:
    """The graph the runtime recorded for ``batch``, and each command's record."""
    cmds, sizes, initial = batch_from_dict(batch.graph)
    rec_of = {r.node: r for r in batch.records if r.node is not None}
    missing = [c.id for c in cmds if c.id not in rec_of]
    if missing:
        raise ValueError(f"batch {batch.index}: no launch recorded for nodes {missing}")
    return cmds, sizes, initial, rec_of


def measured_platform(cmds: Sequence[Command], rec_of: Mapping[int, LaunchRecord],
                      devices: Sequence[str], home: str,
                      run_times: Mapping[tuple, Mapping[str, float]],
                      rates: tuple[dict, dict, float | None],
                      assumptions: list[str]) -> tuple[Platform, float]:
    """A platform whose costs are what the run measured, and the merge rate.

    A kernel takes, on the device(s) it ran on, this batch's own time (rows
    scaled linearly to the whole launch); on another device, the run's median
    for the same kernel and size there; failing that, the mean of where it ran
    (noted in ``assumptions``).
    """
    whole: dict[tuple[int, str], float] = {}
    guessed = set()
    for c in cmds:
        r = rec_of[c.id]
        mine = kernel_times(r)
        known = run_times.get((r.kernel, tuple(r.global_size)), {})
        for d in devices:
            t = mine.get(d, known.get(d))
            if t is None:
                pool = list(mine.values()) or list(known.values())
                t = sum(pool) / len(pool) if pool else 0.0
                guessed.add(r.kernel)
            whole[c.id, d] = t
    if guessed:
        assumptions.append("never measured on every device, taken as alike there: "
                           + ", ".join(sorted(guessed)))
    h2d, d2h, merge = rates
    for name, table in (("host->device", h2d), ("device->host", d2h)):
        lacking = [d for d in devices if not table.get(d)]
        if lacking:
            assumptions.append(f"{name} rate not measured for {', '.join(lacking)}: "
                               f"{FALLBACK_BPS / 1e9:g} GB/s")
    if merge is None:
        assumptions.append(f"merge rate not measured: {FALLBACK_BPS / 1e9:g} GB/s")
    total = {c.id: c.total_groups for c in cmds}

    def exec_time(v: int, d: str, g: int) -> float:
        return whole[v, d] * g / total[v]

    plat = Platform(devices=tuple(devices), exec_time=exec_time,
                    h2d_bps={d: h2d.get(d) or FALLBACK_BPS for d in devices},
                    d2h_bps={d: d2h.get(d) or FALLBACK_BPS for d in devices},
                    home=home)
    return plat, merge or FALLBACK_BPS


def placement(cmds: Sequence[Command], rec_of: Mapping[int, LaunchRecord]
              ) -> tuple[dict[int, dict[str, int]], list[int]]:
    """Rows per device of each command, and the order its kernels started in."""
    rows = {c.id: {d: b - a for d, (a, b) in rec_of[c.id].ranges.items() if b > a}
            for c in cmds}

    def started(v: int) -> tuple:
        r = rec_of[v]
        ks = [p.start for p in r.pieces if p.kind == "kernel"] or \
             [p.start for p in r.pieces] or [float("inf")]
        return (min(ks), r.seq)
    return rows, sorted((c.id for c in cmds), key=started)


def _late(graph: Any, rec_of: Mapping[int, LaunchRecord],
          rates: tuple[dict, dict, float | None]) -> float:
    """Seconds by which launches started before their inputs could have been there.

    For each edge carrying data, the consumer's first kernel piece should start
    after the producer's last kernel piece ended, plus the move through the host
    when no device ran both.
    """
    h2d, d2h, _ = rates
    spans = {}
    for v, r in rec_of.items():
        ks = [p for p in r.pieces if p.kind == "kernel"]
        if ks:
            spans[v] = (min(p.start for p in ks), max(p.end for p in ks),
                        {p.device for p in ks})
    late = 0.0
    for u, v, data in graph.edges(data=True):
        if u not in spans or v not in spans:
            continue
        _, end_u, devs_u = spans[u]
        start_v, _, devs_v = spans[v]
        need = end_u
        if data.get("bytes") and not devs_u & devs_v:
            src, dst = next(iter(devs_u)), next(iter(devs_v))
            need += data["bytes"] * (1 / (d2h.get(src) or FALLBACK_BPS)
                                     + 1 / (h2d.get(dst) or FALLBACK_BPS))
        late += max(0.0, need - start_v)
    return late


#: mappings of launches to commands tried exhaustively up to this many
MAX_MAPPINGS = 5000


def match_launches(graph: Any, rec_of: Mapping[int, LaunchRecord],
                   rates: tuple[dict, dict, float | None]) -> dict[int, LaunchRecord]:
    """Which launch of a kernel name was which command, where the log does not say.

    Among the ways to give same-name launches to same-name commands, the one
    whose measured times leave every input the least time short of arriving
    (:func:`_late`); ties keep launch order.  Exhaustive up to
    :data:`MAX_MAPPINGS` ways, else pairwise swaps while they help.
    """
    from itertools import permutations, product
    groups: dict[str, list[int]] = {}
    for v in sorted(rec_of):
        groups.setdefault(rec_of[v].kernel, []).append(v)
    groups = {k: g for k, g in groups.items() if len(g) > 1}
    best, best_late = dict(rec_of), _late(graph, rec_of, rates)
    ways = prod(math.factorial(len(g)) for g in groups.values())
    if ways <= MAX_MAPPINGS:
        names = list(groups)
        for choice in product(*(permutations(groups[k]) for k in names)):
            trial = dict(rec_of)
            for k, perm in zip(names, choice):
                for v, w in zip(groups[k], perm):
                    trial[v] = rec_of[w]
            late = _late(graph, trial, rates)
            if late < best_late - 1e-9:
                best, best_late = trial, late
        return best
    improved = True
    while improved:
        improved = False
        for g in groups.values():
            for i, a in enumerate(g):
                for b in g[i + 1:]:
                    trial = dict(best)
                    trial[a], trial[b] = trial[b], trial[a]
                    late = _late(graph, trial, rates)
                    if late < best_late - 1e-9:
                        best, best_late, improved = trial, late, True
    return best
