"""Where a memory-bound round's time goes: VectorAdd's steps timed one by one.

One way per process (run it once per way, on one machine, in turns):

* ``plain``: pyopencl alone, the driver's pageable copies;
* ``home``: skmd with every launch whole on the home device (``SKMD_MODE=inorder``),
  skmd's page-locked chunked copies;
* ``skmd``: skmd's defaults (uploads wait in host memory, launches split).

Each round uploads ``a`` and ``b``, launches ``c = a + b`` (with ``finish``) and
reads ``c`` back, as ``skmd/bench/programs/vectoradd.py`` does; the first
``--warm`` rounds are left out.  Prints one JSON object: per step the median
milliseconds and, for skmd, the share of the last launch each device ran.

    python benchmarks/placement_phases.py plain|home|skmd [--n 50331648] [--rounds 40]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import numpy as np

STEPS = ("upload a", "upload b", "launch", "read c", "round")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("way", choices=["plain", "home", "skmd"])
    ap.add_argument("--n", type=int, default=196608 * 256)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--warm", type=int, default=10)
    ns = ap.parse_args()
    if ns.way == "home":
        os.environ["SKMD_MODE"] = "inorder"
    if ns.way != "plain":
        import skmd
        skmd.install()
    import pyopencl as cl

    from skmd.bench.programs.vectoradd import SOURCE
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SOURCE).build()
    kernel = cl.Kernel(prg, "vector_add")
    rng = np.random.default_rng(0)
    a, b = rng.random(ns.n, dtype=np.float32), rng.random(ns.n, dtype=np.float32)
    want = a + b
    c = np.empty_like(a)
    mf = cl.mem_flags
    times: dict[str, list[float]] = {s: [] for s in STEPS}
    for r in range(ns.warm + ns.rounds):
        t0 = time.perf_counter()
        da = cl.Buffer(ctx, mf.READ_ONLY, a.nbytes)
        cl.enqueue_copy(q, da, a)
        t1 = time.perf_counter()
        db = cl.Buffer(ctx, mf.READ_ONLY, b.nbytes)
        cl.enqueue_copy(q, db, b)
        t2 = time.perf_counter()
        dc = cl.Buffer(ctx, mf.WRITE_ONLY, c.nbytes)
        kernel(q, (ns.n,), (256,), da, db, dc)
        q.finish()
        t3 = time.perf_counter()
        cl.enqueue_copy(q, c, dc)
        t4 = time.perf_counter()
        if not np.array_equal(c, want):
            sys.exit(f"{ns.way}: wrong result in round {r}")
        if r >= ns.warm:
            for s, v in zip(STEPS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0)):
                times[s].append(v)
    out = {"way": ns.way, "n": ns.n, "rounds": ns.rounds,
           "ms": {s: round(1e3 * statistics.median(v), 3) for s, v in times.items()}}
    if ns.way == "skmd":
        from skmd.runtime import core
        rec = [x for x in core.get_runtime().records if x.kernel == "vector_add"]
        if rec:
            total = sum(rec[-1].shares.values()) or 1
            out["last_split"] = {k: round(v / total, 3) for k, v in rec[-1].shares.items()}
            out["splits"] = sum(1 for x in rec if len([g for g in x.shares.values() if g]) > 1)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
