"""Where a short program's extra start-up and exit time under skmd goes.

Runs, in this process, what a one-launch program does (import, context, queue, one
small kernel, ``finish``) with skmd installed, under cProfile, then skmd's exit
work, and prints each phase's seconds and the most expensive calls::

    python benchmarks/startup_profile.py [--top 30] [--plain]

Run it in a fresh process each time (start-up is what it measures); set
``SKMD_PROFILE_DIR`` to a fresh folder for a first run, reuse it for a second.
"""
from __future__ import annotations

import argparse
import atexit
import cProfile
import pstats
import time

SRC = "__kernel void add(__global float *a) { a[get_global_id(0)] += 1.0f; }"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--plain", action="store_true", help="the same without skmd")
    ns = ap.parse_args()
    prof = cProfile.Profile()
    marks = [("start", time.perf_counter())]
    prof.enable()
    import numpy as np
    import pyopencl as cl
    marks.append(("import numpy, pyopencl", time.perf_counter()))
    if not ns.plain:
        import skmd
        marks.append(("import skmd", time.perf_counter()))
        skmd.install()
        marks.append(("skmd.install()", time.perf_counter()))
    ctx = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(ctx)
    marks.append(("context and queue", time.perf_counter()))
    a = np.zeros(1 << 16, np.float32)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    prg = cl.Program(ctx, SRC).build()
    marks.append(("buffer and build", time.perf_counter()))
    prg.add(queue, a.shape, None, buf)
    queue.finish()
    marks.append(("first launch + finish", time.perf_counter()))
    cl.enqueue_copy(queue, a, buf)
    marks.append(("read back", time.perf_counter()))
    atexit._run_exitfuncs()  # skmd's exit work (run log, waiting for set-up)
    marks.append(("exit work", time.perf_counter()))
    prof.disable()
    for (_, t0), (name, t1) in zip(marks, marks[1:]):
        print(f"{name:<24} {1e3 * (t1 - t0):9.1f} ms")
    print(f"{'total':<24} {1e3 * (marks[-1][1] - marks[0][1]):9.1f} ms")
    pstats.Stats(prof).sort_stats("cumulative").print_stats(ns.top)


if __name__ == "__main__":
    main()
