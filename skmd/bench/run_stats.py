"""What a benchmark run's launch records say: work per device, busy shares, and how
long a whole run on a helper would take at least (to leave out hopeless configurations).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence


def _groups_of(rec: Any) -> int:
    """Work-groups along the split dimension of a launch that ran whole."""
    gs = rec.global_size or (1,)
    g = int(gs[-1])
    if rec.local_size:
        lsz = max(1, int(rec.local_size[-1]))
        return max(1, -(-g // lsz))
    for cand in (256, 128, 64, 32, 16, 8, 4, 2):
        if g % cand == 0:
            return max(1, g // cand)
    return max(1, g)


def distribution_of(records: Sequence[Any], home: str
                    ) -> tuple[dict[str, int], int, int, dict[str, int]]:
    """Work-groups per device, launches, split launches, reasons for whole launches."""
    groups: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    split = 0
    for rec in records:
        if rec.reason is not None or not rec.total_groups:
            groups[home] += _groups_of(rec)
            reasons[rec.reason or "ran whole"] += 1
            continue
        done = {k: int(v) for k, v in rec.shares.items() if v}
        if len(done) > 1:
            split += 1
        groups.update(done)
    return dict(groups), len(records), split, dict(reasons)


def full_run_estimate(records: Sequence[Any], home: str) -> dict[str, float]:
    """Per helper device, the kernel seconds a whole run on it would take at least.

    Launch by launch, from the run log: a helper's kernel time in a launch over the
    share of that launch's work-groups it ran (0.5 s for a quarter: >= 2 s for the
    launch), summed over the launches it took part in.  Per launch, because work-groups
    of different kernels are not alike: one work-group of a matrix product can hold as
    much work as a thousand of an element-wise kernel.  Used to leave out
    configurations that would run far past ``--max-seconds`` before their first
    (possibly minutes long) run, from runs with fixed shares only: a policy gives a
    helper some launches and not others (a graph one cheap kernel, a calibration one
    work-group of a costly one), which says little about a whole run.
    """
    out: dict[str, float] = {}
    for rec in records:
        if rec.reason is not None or not rec.total_groups:
            continue
        spent: dict[str, float] = {}
        for p in getattr(rec, "pieces", ()) or ():
            if p.kind == "kernel" and p.device != home and p.end > p.start:
                spent[p.device] = spent.get(p.device, 0.0) + (p.end - p.start)
        for dev, t in spent.items():
            g = int(rec.shares.get(dev, 0) or 0)
            if g > 0:
                out[dev] = out.get(dev, 0.0) + t * rec.total_groups / g
    return out


def busy_of(records: Sequence[Any], elapsed: float) -> dict[str, float]:
    """Per device, the share of ``elapsed`` covered by its kernel pieces (overlaps once).

    Kernels of launches run whole count where their queue profiles; launches run
    whole on a queue that does not leave no device time: a run made only of those
    gives an empty result rather than a wrong zero.
    """
    from skmd.report.breakdown import timed_work
    spans: dict[str, list[tuple[float, float]]] = {}
    for _, start, end, dev, kind, _ in timed_work(records):
        if kind == "kernel" and end > start:
            spans.setdefault(dev, []).append((start, end))
    if not spans or elapsed <= 0:
        return {}
    out = {}
    for dev, iv in spans.items():
        iv.sort()
        covered, cur_lo, cur_hi = 0.0, iv[0][0], iv[0][1]
        for lo, hi in iv[1:]:
            if lo > cur_hi:
                covered += cur_hi - cur_lo
                cur_lo, cur_hi = lo, hi
            else:
                cur_hi = max(cur_hi, hi)
        covered += cur_hi - cur_lo
        out[dev] = min(1.0, covered / elapsed)
    return out
