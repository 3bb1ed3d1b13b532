"""``skmd bench`` in this process, with the program's uploads (``to_device``), the
enqueueing, the read-back (where graph modes run their batch) and the final
``finish`` timed per run and told apart by the mode in force; medians per mode
printed as JSON after the bench's own output.

    python bench_phases.py PROGRAM -- BENCH ARGS...

The skmd imported is the first on sys.path (PYTHONPATH picks the checkout).
"""
import collections
import importlib
import json
import statistics
import sys
import time

prog = sys.argv[1]
args = sys.argv[sys.argv.index("--") + 1:]
from skmd import config  # noqa: E402

mod = importlib.import_module(f"skmd.bench.programs.{prog}")
to_device, read = mod.to_device, mod.read
cur: dict = {}
runs = collections.defaultdict(list)


def key() -> str:
    s = config.get()
    return f"{s.mode}/{s.policy}/{getattr(s, 'pinned_copies', '')}"


def timed_to_device(*a, **k):
    if "t0" not in cur:
        cur["t0"] = time.perf_counter()
    out = to_device(*a, **k)
    cur["uploads"] = time.perf_counter()
    return out


def timed_read(*a, **k):
    cur["read_call"] = time.perf_counter()
    out = read(*a, **k)
    cur["read"] = time.perf_counter()
    return out


execute = mod.BENCH.__class__.execute


def timed_execute(self, queue, inputs):
    cur.clear()
    t0 = time.perf_counter()
    out = execute(self, queue, inputs)
    t1 = time.perf_counter()
    runs[key()].append({"before": cur["t0"] - t0, "uploads": cur["uploads"] - cur["t0"],
                        "enqueue": cur["read_call"] - cur["uploads"],
                        "read": cur["read"] - cur["read_call"], "finish": t1 - cur["read"],
                        "total": t1 - t0})
    return out


mod.to_device, mod.read = timed_to_device, timed_read
mod.BENCH.__class__.execute = timed_execute
from skmd import cli  # noqa: E402
try:
    cli.main(["bench", *args])
finally:
    out = {k: {p: round(1e3 * statistics.median(r[p] for r in v), 2) for p in v[0]}
           | {"runs": len(v)} for k, v in runs.items()}
    print("PHASES", json.dumps({"program": prog, "skmd": config.__file__, "median_ms": out}))
