"""Where a process's OpenCL start goes, with and without skmd's warm start, step by step.

Each round starts two fresh processes, in turns: ``cold`` imports numpy and pyopencl and
then asks for platforms, devices, their properties, a context and a queue per device;
``warm`` first begins :mod:`skmd.runtime.warm_start` (the drivers' start in a thread),
as ``skmd run`` does, and waits for it before the same steps.  The table gives each
step's median in ms, and for ``warm`` when the thread's calls ended::

    python benchmarks/driver_start.py [--rounds 15] [--json F]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from timing import write_json  # noqa: E402

CHILD = r"""
import json, sys, time
t = [time.perf_counter()]
names = ["begin"]
if sys.argv[1] == "warm":
    from skmd.runtime import warm_start
    warm_start.begin()
t.append(time.perf_counter())
import numpy, pyopencl as cl
names.append("imports"); t.append(time.perf_counter())
if sys.argv[1] == "warm":
    warm_start.wait()
names.append("wait"); t.append(time.perf_counter())
plats = cl.get_platforms()
names.append("get_platforms"); t.append(time.perf_counter())
devs = [d for p in plats for d in p.get_devices()]
names.append("get_devices"); t.append(time.perf_counter())
for d in devs:
    (d.name, d.max_compute_units, d.global_mem_size, d.max_mem_alloc_size,
     d.host_unified_memory, d.max_clock_frequency, d.version, d.driver_version)
names.append("device info"); t.append(time.perf_counter())
ctxs = [cl.Context([d]) for d in devs]
names.append("contexts"); t.append(time.perf_counter())
qs = [cl.CommandQueue(c) for c in ctxs]
names.append("queues"); t.append(time.perf_counter())
print(json.dumps({"steps": names, "ms": [1e3 * (b - a) for a, b in zip(t, t[1:])]}))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--json", default=None)
    ns = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (ROOT, os.environ.get("PYTHONPATH")) if p))
    runs: dict[str, list[list[float]]] = {"cold": [], "warm": []}
    steps: list[str] = []
    for r in range(ns.rounds + 1):  # the first round untimed (caches warm)
        for way in (("cold", "warm") if r % 2 else ("warm", "cold")):
            out = subprocess.run([sys.executable, "-c", CHILD, way], env=env, check=True,
                                 capture_output=True, text=True, timeout=120)
            rec = json.loads(out.stdout.strip().splitlines()[-1])
            steps = rec["steps"]
            if r:
                runs[way].append(rec["ms"])
    print(f"{ns.rounds} rounds; medians in ms")
    print(f"{'way':<6}" + "".join(f"{s:>15}" for s in steps) + f"{'sum':>10}")
    for way, rows in runs.items():
        med = [sorted(x[i] for x in rows)[len(rows) // 2] for i in range(len(steps))]
        tot = sorted(sum(x) for x in rows)[len(rows) // 2]
        print(f"{way:<6}" + "".join(f"{m:15.1f}" for m in med) + f"{tot:10.1f}")
    write_json(ns.json, {"rounds": ns.rounds, "steps": steps, "ms": runs})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
