"""How long MKMD scheduling takes, and what the plans promise.

Times coarse list scheduling and the fine split on the thesis's MKMD graph
shapes (11-17 commands, target < 10 ms) and on random kernel DAGs up to
1000 kernels over 2-4 devices, and prints predicted makespans of the
in-order baseline, the coarse plan and the split plan.

    PYTHONPATH=. python benchmarks/mkmd_scheduling.py [--quick] [--json out.json]
        [--sizes 11 100 1000] [--devices 2]
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from skmd.mkmd_graph import (build_graph, check_schedule, coarse_schedule,
                             fine_schedule, inorder_schedule, schedule)
from skmd.mkmd_graph.examples import (GB, bicgstab, commutator, machine,
                                      random_workload)

GFLOPS = {"cpu": 100 * GB, "gpu0": 1200 * GB, "gpu1": 700 * GB, "gpu2": 900 * GB}
MEM = {"cpu": 12 * GB, "gpu0": 150 * GB, "gpu1": 70 * GB, "gpu2": 100 * GB}


def platform_for(wl, n_dev: int):
    devs = list(GFLOPS)[:n_dev]
    return machine(wl, {d: GFLOPS[d] for d in devs}, {d: MEM[d] for d in devs},
                   pcie={d: 7.88 * GB for d in devs if d != "cpu"}, host_device="cpu")


def timed(fn, repeat: int, best: bool = False):
    """Median (or best) wall time of ``repeat`` calls, and the last result."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return (min(times) if best else statistics.median(times)), out


def measure(name: str, wl, n_dev: int, repeat: int, check: bool) -> dict:
    p = platform_for(wl, n_dev)
    t_graph, g = timed(lambda: build_graph(wl.commands, wl.buffer_bytes), repeat)
    t_coarse, coarse = timed(lambda: coarse_schedule(g, p), repeat)
    t_fine, fine = timed(lambda: fine_schedule(g, p, coarse), repeat)
    t_all, plan = timed(lambda: schedule(wl.commands, wl.buffer_bytes, p, "mkmd"), repeat)
    t_best, _ = timed(lambda: schedule(wl.commands, wl.buffer_bytes, p, "mkmd"), repeat,
                      best=True)
    base = inorder_schedule(g, p)
    row = dict(graph=name, commands=len(wl.commands),
               kernels=sum(c.kind == "kernel" for c in wl.commands), devices=n_dev,
               graph_ms=t_graph * 1e3, coarse_ms=t_coarse * 1e3, fine_ms=t_fine * 1e3,
               total_ms=t_all * 1e3, best_ms=t_best * 1e3,
               inorder_s=base.makespan, coarse_s=coarse.makespan, mkmd_s=plan.makespan,
               speedup=base.makespan / plan.makespan,
               busy=plan.busy_ratio(p.devices))
    if check:
        row["problems"] = len(check_schedule(g, p, fine)) + len(check_schedule(g, p, plan))
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small graphs only")
    ap.add_argument("--json", help="also write the rows here")
    ap.add_argument("--check", action="store_true", help="validate every plan")
    ap.add_argument("--sizes", type=int, nargs="+",
                    help="kernels per random graph (default: 10 30 100 300 1000)")
    ap.add_argument("--devices", type=int, nargs="+", default=[2, 3, 4],
                    help="device counts to plan for (default: 2 3 4)")
    args = ap.parse_args()
    rows = []
    for n_dev in args.devices:
        rows.append(measure("bicgstab", bicgstab(), n_dev, 20, args.check))
        rows.append(measure("commutator", commutator(), n_dev, 20, args.check))
    sizes = args.sizes or ((10, 30, 100) if args.quick else (10, 30, 100, 300, 1000))
    for n in sizes:
        for n_dev in args.devices:
            repeat = 10 if n <= 100 else 2
            rows.append(measure(f"random{n}", random_workload(n, seed=n), n_dev,
                                repeat, args.check))
    head = ("graph", "cmds", "kern", "dev", "graph ms", "coarse ms", "fine ms",
            "mkmd ms", "best ms", "inorder s", "coarse s", "mkmd s", "speedup", "busy")
    print("times: median (best) of repeated calls; 'mkmd ms' is schedule(..., 'mkmd'):")
    print("graph + coarse + fine + the in-order guard.  Makespans are predictions.")
    print(" ".join(f"{h:>10s}" for h in head) + ("   problems" if args.check else ""))
    for r in rows:
        print(f"{r['graph']:>10s} {r['commands']:>10d} {r['kernels']:>10d} {r['devices']:>10d} "
              f"{r['graph_ms']:>10.2f} {r['coarse_ms']:>10.2f} {r['fine_ms']:>10.2f} "
              f"{r['total_ms']:>10.2f} {r['best_ms']:>10.2f} {r['inorder_s']:>10.4f} {r['coarse_s']:>10.4f} "
              f"{r['mkmd_s']:>10.4f} {r['speedup']:>9.2f}x {r['busy']:>10.2f}"
              + (f" {r['problems']:>10d}" if args.check else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
