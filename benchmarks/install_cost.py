"""A program's start under skmd against plain pyopencl, phase by phase, in fresh processes.

Each round starts one process per way, in turns (the order reversed every other
round); each process marks, in itself, ``import numpy, pyopencl``, ``import skmd;
skmd.install()`` (skipped plain), ``create_some_context`` + a queue, and one small
build + launch + ``finish``; the parent adds the interpreter's start before them and
the exit (skmd's work at exit, the interpreter's and the drivers' teardown) after.  The table gives each way's median per
phase and its median extra over plain in the same round (95 % confidence interval)::

    python benchmarks/install_cost.py [--rounds 15] [--old DIR] [--json F]

Ways: ``plain``; ``skmd`` (the program calls ``skmd.install()``); ``run`` (``python -m
skmd run prog.py``: the command line's own start counts in "interpreter start");
``--old DIR`` adds both skmd ways from another checkout (before / after).  Whole-process noise
(a GPU driver's start varies by tens of milliseconds) is shared by every phase.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from timing import extra_ms, write_json  # noqa: E402

CHILD = r"""
import json, sys, time
marks = [time.monotonic()]
import numpy as np
import pyopencl as cl
marks.append(time.monotonic())
if sys.argv[1] != "plain" and not sys.argv[1].startswith("run"):  # skmd run installed it
    import skmd
    skmd.install()
marks.append(time.monotonic())
ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
marks.append(time.monotonic())
a = np.zeros(1 << 16, np.float32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
prg = cl.Program(ctx, "__kernel void add(__global float *a) { a[get_global_id(0)] += 1.0f; }").build()
prg.add(queue, a.shape, None, buf)
queue.finish()
marks.append(time.monotonic())
print(json.dumps(marks))
"""
PHASES = ("interpreter start", "import numpy, pyopencl", "import skmd, install()",
          "context + queue", "build + launch + finish", "exit")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--old", default=None, metavar="DIR", help="also skmd from this checkout")
    ap.add_argument("--plain-ctx", default="0:0", help="PYOPENCL_CTX of the plain runs")
    ap.add_argument("--json", default=None)
    ns = ap.parse_args()
    pp = os.environ.get("PYTHONPATH")
    ways = {"plain": {"PYOPENCL_CTX": ns.plain_ctx},
            "skmd": {"PYTHONPATH": os.pathsep.join(p for p in (ROOT, pp) if p)}}
    ways["run"] = dict(ways["skmd"])  # python -m skmd run prog.py: the command line too
    if ns.old:
        ways["skmd@old"] = {"PYTHONPATH": os.pathsep.join(
            p for p in (os.path.abspath(ns.old), pp) if p)}
        ways["run@old"] = dict(ways["skmd@old"])
    store = tempfile.mkdtemp(prefix="skmd-install-cost-")
    prog = os.path.join(store, "start.py")
    with open(prog, "w") as fh:
        fh.write(CHILD)

    def once(name: str) -> list[float]:
        env = dict(os.environ, SKMD_PROFILE_DIR=store, **ways[name])
        t0 = time.monotonic()  # the same clock as the child's (CLOCK_MONOTONIC)
        cmd = ([sys.executable, "-W", "ignore", "-m", "skmd", "run", prog, name]
               if name.startswith("run") else [sys.executable, "-W", "ignore", prog, name])
        out = subprocess.run(cmd, env=env,
                             capture_output=True, text=True, check=True, timeout=120)
        t1 = time.monotonic()
        marks = [t0, *json.loads(out.stdout.strip().splitlines()[-1]), t1]
        return [b - a for a, b in zip(marks, marks[1:])]

    for name in ways:  # untimed: compiler caches warm, the store made
        once(name)
    times: dict[str, list[list[float]]] = {k: [] for k in ways}
    for r in range(ns.rounds):
        for name in (list(ways) if r % 2 == 0 else list(reversed(ways))):
            times[name].append(once(name))
    print(f"{ns.rounds} rounds; medians in ms; extra = the way's total over plain's, "
          f"same round")
    print(f"{'way':<9}" + "".join(f"{p:>24}" for p in PHASES) + f"{'total':>9}  extra (95 % CI)")
    out = {"rounds": ns.rounds, "phases": PHASES, "times_s": times, "extra_ms": {}}
    plain_tot = [sum(t) for t in times["plain"]]
    for name, rows in times.items():
        med = [sorted(r[i] for r in rows)[len(rows) // 2] for i in range(len(PHASES))]
        tot = [sum(t) for t in rows]
        mid, ci, ci_text = extra_ms(tot, plain_tot)
        print(f"{name:<9}" + "".join(f"{1e3 * m:24.1f}" for m in med)
              + f"{1e3 * sorted(tot)[len(tot) // 2]:9.1f}  {mid:+.1f} ({ci_text})")
        out["extra_ms"][name] = {"median": mid, "ci95": ci}
    write_json(ns.json, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
