"""What skmd's own threads run beside a program, and when: a timeline of set-up steps,
analyses and builds against the program's phases and its slowest launches.

Runs one unseen program under ``skmd run`` in a fresh process per run, the runs
sharing one profile store (empty before the first, unless ``SKMD_PROFILE_DIR`` names
one), so run 2 starts from what run 1 left.  In each, every job skmd's background
threads take (:class:`skmd.runtime.workers.Workers`) and every set-up step is
timed; so is every timed section of the program.  Prints, per run, the jobs with
their start and length, the program's phases, and the jobs overlapping its five
slowest launches (against the median of launches of the same name)::

    python benchmarks/bg_jobs.py tiny_loop [--size paper] [--runs 2]

The timing wrappers cost a few microseconds per job, not per launch.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from skmd.bench.unseen import PROGRAM_DIR as PROGRAMS, PROGRAMS as NAMES  # noqa: E402


def child(program: str, size: str, out: str) -> int:
    """One run, in this process, writing its timeline as JSON to ``out``."""
    t0 = time.perf_counter()
    jobs: list[tuple[str, str, float, float]] = []
    launches: list[tuple[str, float, float]] = []
    sys.path.insert(0, PROGRAMS)
    from skmd.runtime import background as bg, workers
    import launchlog

    def timed_job(name: str, fn):
        def run(*a, **k):
            s = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                jobs.append((threading.current_thread().name, name, s - t0,
                             time.perf_counter() - t0))
        return run

    submit = workers.Workers.submit
    workers.Workers.submit = lambda self, fn, *a: submit(
        self, timed_job(getattr(fn, "__name__", repr(fn)), fn), *a)
    step = bg.Background._step
    bg.Background._step = lambda self, s: timed_job(
        "step " + getattr(s, "__name__", "?"), lambda: step(self, s))()
    leave = launchlog.timed.__exit__

    def exit_(self, *exc):
        leave(self, *exc)
        launches.append((self.label, self.t0 - t0, time.perf_counter() - t0))
    launchlog.timed.__exit__ = exit_
    from skmd import cli
    code = 1
    try:
        code = cli.main(["run", os.path.join(PROGRAMS, program + ".py"), size])
    finally:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump({"jobs": jobs, "launches": launches, "code": code,
                       "end": time.perf_counter() - t0}, fh)
    return code


def report(run: int, d: dict) -> None:
    L, jobs = d["launches"], sorted(d["jobs"], key=lambda j: j[2])
    print(f"\nrun {run}: exit {d['code']}, {len(L)} timed launches, "
          f"{len(jobs)} background jobs; times in ms from skmd's start")
    if L:
        print(f"  program: first launch {1e3 * L[0][1]:.0f}, last launch ends "
              f"{1e3 * L[-1][2]:.0f}, program ends {1e3 * d['end']:.0f}")
    for th, name, s, e in jobs:
        print(f"  {1e3 * s:8.1f} +{1e3 * (e - s):7.1f}  {th:20s} {name}")
    med = {lb: statistics.median(e - s for l2, s, e in L if l2 == lb) for lb, _, _ in L}
    worst = sorted(range(len(L)), key=lambda i: (L[i][2] - L[i][1]) / med[L[i][0]],
                   reverse=True)[:5]
    for i in worst:
        lb, s, e = L[i]
        over = [f"{n} ({th})" for th, n, js, je in jobs if js < e and je > s]
        print(f"  launch #{i} {lb}: {1e3 * (e - s):.2f} ms (median {1e3 * med[lb]:.2f}) at "
              f"{1e3 * s:.0f}; beside: {', '.join(over) or 'no job'}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("program", choices=NAMES)
    ap.add_argument("--size", choices=("ci", "paper"), default="paper")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.child:
        return child(ns.program, ns.size, ns.child)
    env = dict(os.environ)
    env.setdefault("SKMD_PROFILE_DIR", tempfile.mkdtemp(prefix="skmd-bgjobs-"))
    code = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(1, ns.runs + 1):
            out = os.path.join(tmp, f"run{k}.json")
            r = subprocess.run([sys.executable, os.path.abspath(__file__), ns.program,
                                "--size", ns.size, "--child", out], env=env)
            code = code or r.returncode
            with open(out, encoding="utf-8") as fh:
                report(k, json.load(fh))
    return code


if __name__ == "__main__":
    raise SystemExit(main())
