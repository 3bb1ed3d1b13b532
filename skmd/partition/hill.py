"""Algorithm 1 of the thesis (§3.2.4): transfer-cost and performance-variation
aware hill climbing over work-group splits.

The walk starts with every work-group on the device whose single-device cost is
lowest and repeatedly offloads a granularity step from the currently slowest
device to the device that balances best (the thesis's "balancing factor": the
donor's time minus the receiver's, in the child). When no child improves, the
step is doubled (up to ten times) so that a dip in a device's curve does not stop
the walk early. Discontiguous kernels make the first offload to a device at least
as large as the merge it causes.

Walking one granularity step at a time costs up to ~2048 Python-level steps for
a big even split, so by default the same walk is run coarse-to-fine: first with
large steps, then halving down to the granularity, ending with the full
tolerance rule at the finest step. ``refine=False`` gives the literal walk.
"""
from __future__ import annotations

import math

import numpy as np

from skmd.partition.problem import PartitionProblem, Plan, device_times, evaluate, make_plan

__all__ = ["hill_climb", "MAX_STEPS", "MAX_DOUBLINGS"]

#: the walk's resolution: the granularity is ceil(total / MAX_STEPS) work-groups
MAX_STEPS = 2048
#: how many times the step is doubled before the walk gives up
MAX_DOUBLINGS = 10


def hill_climb(problem: PartitionProblem, *, refine: bool = True,
               max_doublings: int = MAX_DOUBLINGS) -> Plan:
    """Split ``problem.total_groups`` with Algorithm 1; never worse than one device."""
    devs = problem.devices
    n, total = len(devs), int(problem.total_groups)
    if n == 0:
        raise ValueError("no devices to partition over")
    if total <= 0:
        return make_plan(problem, [0] * n, "hill")

    gran = -(-total // MAX_STEPS)
    q, r = divmod(total, gran)
    units = np.arange(q + 1, dtype=np.int64)

    # One vectorised model call per device: its grid of multiples of the
    # granularity plus the whole launch (the single-device cost).
    grid = np.append(gran * units, total)
    curves = [device_times(d, grid) for d in devs]
    single = [float(a[-1] + b[-1] + c[-1]) for a, b, c in curves]
    base = int(np.argmin(single))

    # The base keeps the remainder ``r`` so every other device holds a multiple
    # of the granularity and the walk stays on these grids.
    res = [r if i == base else 0 for i in range(n)]
    if r:
        curves[base] = device_times(devs[base], r + gran * units)
    # ``.item`` reads one Python float; converting whole curves costs more than
    # the few dozen points the walk visits
    TIN = [a.item for a, _, _ in curves]
    TRUN = [b.item for _, b, _ in curves]
    TOUT = [c.item for _, _, c in curves]

    def shares_of(j: list[int]) -> list[int]:
        return [res[i] + gran * j[i] for i in range(n)]

    def state(j: list[int]) -> list[list]:
        return [shares_of(j), [TIN[i](j[i]) for i in range(n)],
                [TRUN[i](j[i]) for i in range(n)], [TOUT[i](j[i]) for i in range(n)]]

    def child(st: list[list], moves: tuple[tuple[int, int], ...]) -> list[list]:
        """``st`` with devices' unit counts replaced; only those entries change."""
        sh, a, b, c = st[0][:], st[1][:], st[2][:], st[3][:]
        for i, ji in moves:
            sh[i] = res[i] + gran * ji
            a[i], b[i], c[i] = TIN[i](ji), TRUN[i](ji), TOUT[i](ji)
        return [sh, a, b, c]

    # First offload to a device with a discontiguous output must save at least
    # the merge it causes (thesis: Cnt_OffsetsMergeCost).
    base_time = sum(a[: q + 1] for a in curves[base])
    saved = base_time[q] - base_time[q - units]  # time saved by giving away m units
    first = [1] * n
    for i, d in enumerate(devs):
        if i == base or d.merge_fixed <= 0:
            continue
        need = d.merge_fixed / problem.merge_bps + problem.launch_overhead_s
        ok = np.nonzero(saved > need)[0]
        first[i] = int(ok[0]) if ok.size else q + 1

    j = [0] * n
    j[base] = q
    cur_st = state(j)
    cur, fin = evaluate(problem, *cur_st)
    cur_key = _key(cur, fin)
    steps = 0
    levels = []
    if refine:
        s = 1
        while s * 8 <= q:
            s *= 2
        while s > 1:
            levels.append((s, 0))
            s //= 2
    levels.append((1, max_doublings))

    for step, doublings in levels:
        tol = 0
        while True:
            steps += 1
            donor = max(range(n), key=lambda i: (fin[i] if j[i] > 0 else -1.0, -i))
            best, best_key = None, -math.inf
            for i in range(n):
                if i == donor:
                    continue
                trial = step << tol
                if j[i] == 0 and first[i] > trial:
                    trial = first[i]
                if trial > j[donor]:
                    continue
                st = child(cur_st, ((donor, j[donor] - trial), (i, j[i] + trial)))
                c, f = evaluate(problem, *st)
                k = _key(c, f)
                if k < cur_key:
                    balance = f[donor] - f[i]
                    if balance > best_key:
                        best, best_key = (i, trial, c, f, k, st), balance
            if best is not None:
                i, trial, cur, fin, cur_key, cur_st = best
                j[donor] -= trial
                j[i] += trial
                tol = 0
            else:
                tol += 1
                if tol > doublings:
                    break

    labels = problem.labels
    return Plan(shares=dict(zip(labels, cur_st[0])), predicted=dict(zip(labels, fin)),
                cost=cur, policy="hill", steps=steps)


def _key(c: float, finish: list[float]) -> tuple[float, ...]:
    """Order of splits: cost first, then the sorted finish times (leximax).

    With the makespan alone, two devices tied for slowest make every single
    move look useless and the walk stalls; comparing the next-slowest devices
    too lets it keep draining the tie while never raising the cost.
    """
    return (c, *sorted(finish, reverse=True))
