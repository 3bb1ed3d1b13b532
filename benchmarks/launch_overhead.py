"""Per-launch cost skmd adds over raw pyopencl, for a small cached kernel.

Launches a 256-work-item kernel many times through ``Kernel.__call__`` with and
without skmd installed (skmd decides to run it whole: too small to split) and
reports the mean wall time per launch of each and the difference.

    POCL_DEVICES="pthread pthread" python benchmarks/launch_overhead.py
"""
from __future__ import annotations

import os
import sys

import numpy as np
from timing import best_of

N_LAUNCH = 20000
SRC = "__kernel void tiny(__global float *a, const float s) { a[get_global_id(0)] += s; }"


def per_launch(cl) -> float:
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 256 * 4)
    k = cl.Program(ctx, SRC).build().tiny
    for _ in range(200):  # warm: build, analysis, decision cache
        k(q, (256,), (64,), a, np.float32(1))
    q.finish()

    def burst() -> None:
        for _ in range(N_LAUNCH):
            k(q, (256,), (64,), a, np.float32(1))
        q.finish()
    return best_of(burst) / N_LAUNCH


def main() -> None:
    import pyopencl as cl
    import skmd
    bare = per_launch(cl)
    skmd.install()
    with_skmd = per_launch(cl)
    skmd.uninstall()
    print(f"raw pyopencl   : {bare * 1e6:8.2f} us per launch")
    print(f"with skmd      : {with_skmd * 1e6:8.2f} us per launch")
    print(f"skmd overhead  : {(with_skmd - bare) * 1e6:8.2f} us per launch")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main()
