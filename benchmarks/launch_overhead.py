"""Per-launch cost skmd adds over raw pyopencl, for a small cached kernel.

Three measurements:

* back-to-back launches: a 256-work-item kernel launched many times through
  ``Kernel.__call__`` with one ``finish`` at the end, with and without skmd
  installed (skmd decides to run it whole: too small to split): mean wall time
  per launch of each and the difference;
* synchronised launches: launch + ``queue.finish()`` in a loop, with a local size
  and with none, plain and under skmd in the same process, rounds alternating
  (skmd installed and taken out again between them; each side's context, queue and
  kernel made in its own state): per-launch medians and the median of the
  per-round differences with its 95 % confidence interval;
* the first launch: a program that makes a context, launches once and exits
  (``one_launch`` of ``skmd bench --suite unseen``), plain ``python`` against
  ``python -m skmd run`` with an empty profile store, rounds alternating: the
  process's seconds and the host time of its one launch.

    POCL_DEVICES="pthread pthread" python benchmarks/launch_overhead.py
"""
from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time

import numpy as np
from timing import best_of

N_LAUNCH = 20000
SRC = "__kernel void tiny(__global float *a, const float s) { a[get_global_id(0)] += s; }"
#: synchronised launches per round and side, and the rounds
N_SYNC, SYNC_ROUNDS = 2000, 7
#: (name, global size, local size) of the synchronised loops
SYNC_SHAPES = (("local size 64", (256,), (64,)), ("no local size", (256,), None))
FIRST_ROUNDS = 5


def _setup(cl) -> tuple:
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 256 * 4)
    k = cl.Program(ctx, SRC).build().tiny
    for _ in range(200):  # warm: build, analysis, decision cache
        k(q, (256,), (64,), a, np.float32(1))
        k(q, (256,), None, a, np.float32(1))
    q.finish()
    return q, a, k


def per_launch(cl) -> float:
    q, a, k = _setup(cl)

    def burst() -> None:
        for _ in range(N_LAUNCH):
            k(q, (256,), (64,), a, np.float32(1))
        q.finish()
    return best_of(burst) / N_LAUNCH


def sync_loop(q, a, k, gsize, lsize) -> float:
    """Seconds per launch of ``N_SYNC`` launches, each waited for."""
    s = np.float32(1)
    t0 = time.perf_counter()
    for _ in range(N_SYNC):
        k(q, gsize, lsize, a, s)
        q.finish()
    return (time.perf_counter() - t0) / N_SYNC


def synchronised(cl, skmd) -> dict[str, tuple[list[float], list[float]]]:
    """Per shape, the per-launch seconds of each round: (plain, skmd)."""
    plain = _setup(cl)
    skmd.install()
    with_skmd = _setup(cl)
    skmd.uninstall()
    out = {name: ([], []) for name, _, _ in SYNC_SHAPES}
    for rnd in range(SYNC_ROUNDS):
        for side in ((0, 1) if rnd % 2 == 0 else (1, 0)):
            if side:
                skmd.install()
            for name, gsize, lsize in SYNC_SHAPES:
                out[name][side].append(sync_loop(*(with_skmd if side else plain),
                                                 gsize, lsize))
            if side:
                skmd.uninstall()
    return out


def first_launch() -> dict[str, tuple[list[float], list[float]]]:
    """Process seconds and launch seconds of the one-launch program, per round."""
    from skmd.bench.unseen import program_path
    from skmd.bench.unseen.processes import run_once
    path = program_path("one_launch")
    run_once("plain", path, "ci", None, 300)  # pyopencl's compiler cache, for both
    out = {"plain": ([], []), "skmd": ([], [])}
    for rnd in range(FIRST_ROUNDS):
        for kind in (("plain", "first") if rnd % 2 == 0 else ("first", "plain")):
            store = tempfile.mkdtemp(prefix="skmd-first-launch-")
            try:
                run = run_once(kind, path, "ci", store, 300)
            finally:
                shutil.rmtree(store, ignore_errors=True)
            if run.error is not None:
                raise SystemExit(f"one_launch, {kind} run: {run.error}")
            key = "plain" if kind == "plain" else "skmd"
            out[key][0].append(run.seconds)
            out[key][1].append(run.launch_s[0])
    return out


def _us(xs) -> str:
    return f"{statistics.median(xs) * 1e6:8.1f} us"


def main() -> None:
    import pyopencl as cl
    import skmd
    from skmd.bench.results import median_ci
    bare = per_launch(cl)
    skmd.install()
    with_skmd = per_launch(cl)
    skmd.uninstall()
    print(f"raw pyopencl   : {bare * 1e6:8.2f} us per launch")
    print(f"with skmd      : {with_skmd * 1e6:8.2f} us per launch")
    print(f"skmd overhead  : {(with_skmd - bare) * 1e6:8.2f} us per launch")

    print(f"\nsynchronised launches (launch + finish, {N_SYNC} per round, median of "
          f"{SYNC_ROUNDS} alternating rounds):")
    for name, (p, s) in synchronised(cl, skmd).items():
        diff = [b - a for a, b in zip(p, s)]
        ci = median_ci(diff)
        ci_text = (f" (95 % CI {ci[0] * 1e6:.1f} to {ci[1] * 1e6:.1f} us)" if ci else "")
        print(f"  {name:14s}: raw {_us(p)}, with skmd {_us(s)}, "
              f"skmd adds {statistics.median(diff) * 1e6:.1f} us{ci_text}")

    print(f"\nfirst launch (one_launch, ci size: a process that launches once; "
          f"median of {FIRST_ROUNDS} alternating rounds, skmd with an empty store):")
    for key, (procs, launches) in first_launch().items():
        print(f"  {key:5s}: process {statistics.median(procs):.3f} s, its launch "
              f"{statistics.median(launches) * 1e3:.2f} ms")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main()
