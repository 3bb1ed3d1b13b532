"""Where a graph program's time goes under skmd, phase by phase, in one process:
uploads (the program's to_device calls), kernels enqueued, the read-back (which
runs the deferred batch in the graph modes) and the final finish.

    SKMD_MODE=mkmd SKMD_DEVICES=gpu0,gpu1 python graph_phases.py PROGRAM [--runs 15]

The skmd imported is the first on sys.path (PYTHONPATH picks the checkout).
"""
import argparse
import importlib
import json
import os
import statistics
import time

ap = argparse.ArgumentParser()
ap.add_argument("program")
ap.add_argument("--runs", type=int, default=15)
ap.add_argument("--warm", type=int, default=6)
ap.add_argument("--size", default="paper")
ns = ap.parse_args()

import skmd  # noqa: E402
skmd.install()
import pyopencl as cl  # noqa: E402

mod = importlib.import_module(f"skmd.bench.programs.{ns.program}")
bench = mod.BENCH
ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
inputs = bench.inputs(ns.size)
marks: dict[str, float] = {}
to_device, read = mod.to_device, mod.read


def timed_to_device(*a, **k):
    marks.setdefault("first_upload", time.perf_counter())
    out = to_device(*a, **k)
    marks["uploads"] = time.perf_counter()
    return out


def timed_read(*a, **k):
    marks["read_call"] = time.perf_counter()
    out = read(*a, **k)
    marks["read"] = time.perf_counter()
    return out


mod.to_device, mod.read = timed_to_device, timed_read
rows = []
for i in range(ns.warm + ns.runs):
    marks.clear()
    t0 = time.perf_counter()
    bench.execute(queue, inputs)
    t1 = time.perf_counter()
    if i >= ns.warm:
        rows.append({"uploads": marks["uploads"] - t0,
                     "enqueue": marks["read_call"] - marks["uploads"],
                     "read": marks["read"] - marks["read_call"],
                     "finish": t1 - marks["read"], "total": t1 - t0})
med = {k: round(1e3 * statistics.median(r[k] for r in rows), 2) for k in rows[0]}
print(json.dumps({"program": ns.program, "mode": os.environ.get("SKMD_MODE"),
                  "skmd": os.path.dirname(skmd.__file__), "median_ms": med,
                  "rows_ms": [{k: round(1e3 * v, 2) for k, v in r.items()} for r in rows]}))
