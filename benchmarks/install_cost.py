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

``--loop N`` shapes the program as a time-step loop after its first launch (N launches
of the same small kernel, each followed by ``finish()``, then a read-back), the shape of
the unseen suite's ``tiny_loop``; ``--fresh`` gives every skmd process an empty profile
store (a first run) instead of one store for all.  skmd's background jobs that began
in the program (their function's name, when they began after the process started and
how long they ran) are listed below the table, medians over rounds.
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

from timing import count, extra_ms, positive, write_json  # noqa: E402

CHILD = r"""
import json, sys, time
marks = [time.monotonic()]
import numpy as np
import pyopencl as cl
marks.append(time.monotonic())
jobs = []
if sys.argv[1] != "plain":
    if not sys.argv[1].startswith("run"):  # (skmd run installed it)
        import skmd
        skmd.install()
    from skmd.runtime import workers
    lag = time.monotonic() - time.perf_counter()  # (the parent's clock is monotonic)
    workers.observe(lambda name, t0, t1: jobs.append((name, t0 + lag, t1 + lag)))
marks.append(time.monotonic())
ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
marks.append(time.monotonic())
n, steps = 4096, int(sys.argv[2])
a = np.ones(n, np.float32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
prg = cl.Program(ctx, "__kernel void add(__global float *a) { a[get_global_id(0)] += 1.0f; }").build()
marks.append(time.monotonic())
prg.add(queue, a.shape, None, buf)
queue.finish()
marks.append(time.monotonic())
knl = cl.Kernel(prg, "add")
for _ in range(steps):
    knl(queue, a.shape, None, buf)
    queue.finish()
marks.append(time.monotonic())
cl.enqueue_copy(queue, a, buf)
assert a[0] == steps + 2, a[0]
marks.append(time.monotonic())
print(json.dumps({"marks": marks, "jobs": jobs}))
"""
PHASES = ("interpreter start", "import numpy, pyopencl", "import skmd, install()",
          "context + queue", "buffer + build", "launch + finish", "loop", "read back", "exit")
#: a column's width in the table
_W = 12


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=positive, default=15)
    ap.add_argument("--old", default=None, metavar="DIR", help="also skmd from this checkout")
    ap.add_argument("--plain-ctx", default="0:0", help="PYOPENCL_CTX of the plain runs")
    ap.add_argument("--loop", type=count, default=0, metavar="N",
                    help="N more launches + finish after the first, then a read-back")
    ap.add_argument("--fresh", action="store_true",
                    help="an empty profile store for every skmd process (first runs)")
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

    jobs: dict[str, list[list[tuple[str, float, float]]]] = {k: [] for k in ways}

    def once(name: str) -> list[float]:
        where = tempfile.mkdtemp(prefix="skmd-install-cost-", dir=store) if ns.fresh else store
        env = dict(os.environ, SKMD_PROFILE_DIR=where, **ways[name])
        t0 = time.monotonic()  # the same clock as the child's (CLOCK_MONOTONIC)
        args = [prog, name, str(ns.loop)]
        cmd = ([sys.executable, "-W", "ignore", "-m", "skmd", "run", *args]
               if name.startswith("run") else [sys.executable, "-W", "ignore", *args])
        out = subprocess.run(cmd, env=env,
                             capture_output=True, text=True, check=True, timeout=120)
        t1 = time.monotonic()
        got = json.loads(out.stdout.strip().splitlines()[-1])
        jobs[name].append([(j, s - t0, e - s) for j, s, e in got["jobs"]])
        marks = [t0, *got["marks"], t1]
        return [b - a for a, b in zip(marks, marks[1:])]

    for name in ways:  # untimed: compiler caches warm, the store made
        once(name)
        jobs[name].clear()
    times: dict[str, list[list[float]]] = {k: [] for k in ways}
    for r in range(ns.rounds):
        for name in (list(ways) if r % 2 == 0 else list(reversed(ways))):
            times[name].append(once(name))
    print(f"{ns.rounds} rounds; medians in ms; extra = the way's total over plain's, "
          f"same round")
    print(f"loop of {ns.loop} launches; "
          + ("an empty store per skmd process" if ns.fresh else "one store for all"))
    print(f"{'way':<9}" + "".join(f"{p[:_W - 1]:>{_W}}" for p in PHASES)
          + f"{'total':>9}  extra (95 % CI)")
    out = {"rounds": ns.rounds, "phases": PHASES, "times_s": times, "extra_ms": {}}
    plain_tot = [sum(t) for t in times["plain"]]
    for name, rows in times.items():
        med = [sorted(r[i] for r in rows)[len(rows) // 2] for i in range(len(PHASES))]
        tot = [sum(t) for t in rows]
        mid, ci, ci_text = extra_ms(tot, plain_tot)
        print(f"{name:<9}" + "".join(f"{1e3 * m:{_W}.1f}" for m in med)
              + f"{1e3 * sorted(tot)[len(tot) // 2]:9.1f}  {mid:+.1f} ({ci_text})")
        out["extra_ms"][name] = {"median": mid, "ci95": ci}
    out["jobs"] = jobs
    print_jobs(jobs)
    write_json(ns.json, out)
    return 0


def print_jobs(jobs: dict[str, list[list[tuple[str, float, float]]]]) -> None:
    """Each way's background jobs: how many rounds ran each, when it began after the
    process started and how long it ran (ms, medians over the rounds that ran it)."""
    for name, rounds in jobs.items():
        seen: dict[str, list[tuple[float, float]]] = {}
        for jobs_of_round in rounds:
            for job, began, took in jobs_of_round:
                seen.setdefault(job, []).append((began, took))
        if not seen:
            continue
        print(f"{name}: background jobs (rounds, began ms, ran ms; medians)")
        for job, pairs in seen.items():
            began = sorted(b for b, _ in pairs)[len(pairs) // 2]
            took = sorted(t for _, t in pairs)[len(pairs) // 2]
            print(f"  {job:<28}{len(pairs):>4}{1e3 * began:10.1f}{1e3 * took:10.1f}")


if __name__ == "__main__":
    raise SystemExit(main())
