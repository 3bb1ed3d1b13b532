"""Where a memory-bound round's time goes: VectorAdd's steps timed one by one.

One way per process (run it once per way, on one machine, in turns):

* ``plain``: pyopencl alone, the driver's pageable copies;
* ``home``: skmd with every launch whole on the home device (``SKMD_MODE=inorder``),
  skmd's page-locked chunked copies;
* ``skmd``: skmd's defaults (uploads wait in host memory, launches split);
* ``copies``: the copies alone on the home device, one array's bytes: into
  page-locked memory on the copy threads, through page-locked chunks to the
  device and back, and copied into page-locked memory while all of it, or
  ``--share`` of it, goes on to the device (a staged upload).

Each round uploads ``a`` and ``b``, launches ``c = a + b`` (with ``finish``) and
reads ``c`` back, as ``skmd/bench/programs/vectoradd.py`` does; the first
``--warm`` rounds are left out.  Prints one JSON object: per step the median
milliseconds and, for skmd, the share of the last launch each device ran.

    python benchmarks/placement_phases.py plain|home|skmd|copies [--n 50331648] [--rounds 40]
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
    ap.add_argument("way", choices=["plain", "home", "skmd", "copies"])
    ap.add_argument("--n", type=int, default=196608 * 256)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--warm", type=int, default=10)
    ap.add_argument("--share", type=float, default=0.73,
                    help="copies: the part a staged upload sends on at once")
    ns = ap.parse_args()
    if ns.way == "copies":
        copy_steps(ns)
        return
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


def copy_steps(ns: argparse.Namespace) -> None:
    """The copy pieces of a round, alone, each the median of ``ns.rounds`` after one
    untimed call (milliseconds for ``4 * ns.n`` bytes)."""
    import pyopencl as cl

    from skmd import config
    from skmd.runtime import copies, core, raw, staging
    rt = core.start(config.get())  # a script: an entry point reads the settings
    dev = rt.home
    q = dev.queue
    nbytes = 4 * ns.n
    buf = cl.Buffer(dev.context, cl.mem_flags.READ_WRITE, nbytes)
    src = np.random.default_rng(0).integers(0, 255, nbytes, dtype=np.uint8)
    dst = np.empty_like(src)
    staging.offer(dev.context)
    shadow = staging.take(nbytes)
    part = [(0, int(nbytes * ns.share))]
    steps = {
        "into page-locked": lambda: copies.copy(shadow, src),
        "chunked write": lambda: copies.write(q, buf, src),
        "write through (all)": lambda: copies.write_through(q, buf, src, shadow),
        f"write through ({ns.share:.0%})": lambda: copies.write_through(q, buf, src, shadow,
                                                                       ranges=part),
        f"page-locked write ({ns.share:.0%})": lambda: raw.enqueue_write_buffer(
            q, buf, shadow[:part[0][1]], is_blocking=True),
        "chunked read": lambda: copies.read(q, buf, dst),
        f"chunked read ({ns.share:.0%})": lambda: copies.read(q, buf, dst[:part[0][1]]),
        "from page-locked": lambda: copies.copy(dst, shadow),
    }
    out = {}
    for name, fn in steps.items():
        fn()
        t = []
        for _ in range(ns.rounds):
            t0 = time.perf_counter()
            fn()
            raw.queue_finish(q)
            t.append(time.perf_counter() - t0)
        out[name] = round(1e3 * statistics.median(t), 3)
    if not np.array_equal(dst, src):
        sys.exit("copies: the bytes read back differ")
    print(json.dumps({"way": "copies", "n": ns.n, "bytes": nbytes, "threads": copies.THREADS,
                      "ms": out}))


if __name__ == "__main__":
    main()
