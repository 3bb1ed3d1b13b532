"""Synchronised launches (launch + ``finish()``) with and without skmd, each in a
fresh process: the first launch's cost, the slowest launch after it, and the mean
per launch once warm.

The kernel is a 1-D three-point stencil with a local size, so skmd analyses it
and decides on it (it may split); it is small, so the home device alone is best.

    POCL_DEVICES="pthread pthread" SKMD_PROFILE_DIR=$(mktemp -d) \\
        python benchmarks/sync_launch.py [--n 65536] [--launches 2000]

Run it twice with the same ``SKMD_PROFILE_DIR`` to see a second run of a program.
The last line compares launches with skmd installed and uninstalled in turns in
one process, which a busy machine disturbs less than two processes' figures.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

SRC = """
__kernel void stencil(__global const float *a, __global float *b, const int n) {
    int i = get_global_id(0);
    if (i > 0 && i < n - 1) b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
}
"""


def child(use_skmd: bool, n: int, launches: int) -> dict:
    t0 = time.perf_counter()
    import numpy as np
    import pyopencl as cl
    if use_skmd:
        import skmd
        skmd.install()
    t_install = time.perf_counter() - t0
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    host = np.arange(n, dtype=np.float32)
    a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=host)
    b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, host.nbytes)
    k = cl.Program(ctx, SRC).build().stencil
    q.finish()
    times = []
    for _ in range(launches):
        t = time.perf_counter()
        k(q, (n,), (64,), a, b, np.int32(n))
        q.finish()
        times.append(time.perf_counter() - t)
    out = np.empty_like(host)
    cl.enqueue_copy(q, out, b)
    assert abs(out[1] - (0.25 * host[0] + 0.5 * host[1] + 0.25 * host[2])) < 1e-3
    warm = sorted(times[launches // 2:])
    extra = {}
    if use_skmd:  # the same launches with skmd taken out and put back, in turns
        def burst() -> float:
            t = time.perf_counter()
            for _ in range(100):
                k(q, (n,), (64,), a, b, np.int32(n))
                q.finish()
            return (time.perf_counter() - t) / 100
        with_, without = [], []
        for _ in range(15):
            with_.append(burst())
            skmd.uninstall()
            without.append(burst())
            skmd.install()
        extra["interleaved_extra_s"] = sorted(w - o for w, o in zip(with_, without))[7]
    return {**extra,"install_s": t_install, "first_s": times[0], "second_s": times[1],
            "worst_after_first_s": max(times[1:]),
            "median_warm_s": warm[len(warm) // 2],
            "mean_warm_s": sum(warm) / len(warm)}


def run(use_skmd: bool, n: int, launches: int) -> dict:
    cmd = [sys.executable, __file__, "--child", "skmd" if use_skmd else "plain",
           "--n", str(n), "--launches", str(launches)]
    got = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return json.loads(got.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=65536)
    ap.add_argument("--launches", type=int, default=2000)
    ap.add_argument("--child", choices=("plain", "skmd"))
    o = ap.parse_args()
    if o.child:
        print(json.dumps(child(o.child == "skmd", o.n, o.launches)))
        return
    plain = run(False, o.n, o.launches)
    under = run(True, o.n, o.launches)
    print(f"{'':24s}{'plain':>12s}{'skmd':>12s}{'extra':>12s}")
    for key, unit, scale in (("install_s", "ms", 1e3), ("first_s", "ms", 1e3),
                             ("second_s", "ms", 1e3), ("worst_after_first_s", "ms", 1e3),
                             ("median_warm_s", "us", 1e6), ("mean_warm_s", "us", 1e6)):
        p, s = plain[key] * scale, under[key] * scale
        print(f"{key + ' (' + unit + ')':24s}{p:12.1f}{s:12.1f}{s - p:12.1f}")
    print(f"skmd's extra per launch, in turns with it uninstalled in one process (median "
          f"of 15 x 100): {under['interleaved_extra_s'] * 1e6:.1f} us")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main()
