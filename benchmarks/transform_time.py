"""Time to analyse and rewrite each program of the benchmark suites, cold and cached.

Cold: a fresh process with an empty analysis cache folder (libclang parse, analysis,
rewrite). Cached: a second fresh process with the folder the first one filled.

    python benchmarks/transform_time.py
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import json, os, time, sys
import pyopencl as cl
from skmd.bench import programs
from skmd.transform import analyze_program, diskcache
diskcache.use_folder(os.environ["SKMD_PROFILE_DIR"])  # (as the runtime does)
ctx = cl.create_some_context(interactive=False)
sources = {}
real = cl.Program.__init__
def record(self, context, src, *a, **k):
    sources.setdefault(bench_name, []).append(src)
    real(self, context, src, *a, **k)
cl.Program.__init__ = record
for bench_name in programs.SKMD_SUITE + programs.MKMD_SUITE:
    programs.REGISTRY[bench_name].build(ctx)
out = {}
for name, srcs in sources.items():
    t = time.perf_counter()
    for s in srcs:
        analyze_program(s, ())
    out[name] = time.perf_counter() - t
print(json.dumps(out))
"""


def run(folder: str) -> dict[str, float]:
    env = dict(os.environ, SKMD_PROFILE_DIR=folder)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    # (a PYTHONPATH given names the skmd to time, e.g. another checkout's)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [env.get("PYTHONPATH"), repo]))
    r = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True,
                       text=True, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        cold = run(d)
        warm = run(d)
    print(f"{'program':22} {'cold ms':>9} {'cached ms':>10}")
    for name in cold:
        print(f"{name:22} {cold[name] * 1e3:9.1f} {warm.get(name, 0) * 1e3:10.2f}")
    print(f"{'total':22} {sum(cold.values()) * 1e3:9.1f} {sum(warm.values()) * 1e3:10.2f}")


if __name__ == "__main__":
    main()
