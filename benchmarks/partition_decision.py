"""How long a partitioning decision takes, and how good it is.

Prints, for a few launch shapes over 2-4 devices (CPU holding the data plus
GPUs behind one or two links, with model-shaped time curves): the decision time
of each policy (median of repeated calls, warm) and its predicted cost relative
to a brute-force sweep (2 devices) or to the best found.

    PYTHONPATH=. python benchmarks/partition_decision.py [--repeat 50]
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from skmd.partition import DeviceCost, PartitionProblem, cost, even, hill_climb, linear, single


def curve(per_group: float, overhead: float, slots: int):
    """Waves of ``slots`` groups, smoothed like a fitted model (arctan + linear)."""
    def run(k):
        k = np.asarray(k, dtype=float)
        return overhead + per_group * (k + slots * (np.arctan(k / slots) / (np.pi / 2)))
    return run


def shapes():
    T = 65536
    cpu = DeviceCost("cpu", curve(1.0e-6, 10e-6, 16), link="host")
    for name, per_gpu, in_pg, in_fixed, merge in [
            ("compute, contiguous", 0.12e-6, 1024.0, 0, 0),
            ("compute, discontiguous", 0.12e-6, 0.0, 64 << 20, 16 << 20),
            ("memory-bound, contiguous", 0.05e-6, 8192.0, 0, 0),
            ("memory-bound, discontiguous", 0.05e-6, 0.0, 512 << 20, 16 << 20)]:
        gpus = [DeviceCost(f"gpu{i}", curve(per_gpu * (1 + i), 20e-6, 1024), h2d_bps=9.5e9,
                           d2h_bps=18e9, link=f"pcie{i % 2}", in_fixed=in_fixed, in_per_group=in_pg,
                           out_per_group=in_pg / 2, merge_fixed=merge) for i in range(3)]
        cpu_m = DeviceCost(**{**cpu.__dict__, "merge_fixed": merge})
        for n in (2, 3, 4):
            yield f"{name}, {n} dev", PartitionProblem(T, (cpu_m, *gpus[: n - 1]))


def brute_two(p: PartitionProblem) -> float:
    T = p.total_groups
    ks = np.unique(np.linspace(0, T, 4097).round().astype(int))
    return min(cost(p, [T - k, k]) for k in ks)


def timed(fn, p, repeat):
    fn(p)
    ts = []
    for _ in range(repeat):
        t = time.perf_counter()
        plan = fn(p)
        ts.append(time.perf_counter() - t)
    return plan, statistics.median(ts)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args()
    policies = [("hill", hill_climb), ("hill-literal", lambda p: hill_climb(p, refine=False)),
                ("linear", linear), ("single", single), ("even", even)]
    head = f"{'shape':38s} " + " ".join(f"{n:>22s}" for n, _ in policies) + f" {'brute/best':>10s}"
    print("decision time (ms, median) | cost relative to the reference (1.00 = as good)")
    print(head)
    hill_times = []
    for name, p in shapes():
        plans = {}
        cells = []
        for pname, fn in policies:
            plan, t = timed(fn, p, args.repeat if pname != "hill-literal" else max(3, args.repeat // 10))
            plans[pname] = plan
            if pname == "hill":
                hill_times.append(t)
            cells.append((pname, t, plan))
        ref = brute_two(p) if len(p.devices) == 2 else min(pl.cost for pl in plans.values())
        line = f"{name:38s} "
        for pname, t, plan in cells:
            line += f"{t * 1e3:7.3f}ms x{plan.cost / ref:5.2f} s{plan.steps:<5d}"[:22].rjust(22) + " "
        line += f"{'brute' if len(p.devices) == 2 else 'best':>10s}"
        print(line)
    print(f"\nhill (default) decision time: median {statistics.median(hill_times) * 1e3:.3f} ms, "
          f"max {max(hill_times) * 1e3:.3f} ms over {len(hill_times)} shapes")
    shares = hill_climb(list(shapes())[4][1]).shares
    print(f"example split (compute, discontiguous, 3 dev): {shares}")


if __name__ == "__main__":
    main()
