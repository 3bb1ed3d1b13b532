"""Merge throughput on a 4096 x 4096 float output, beside the host memory bandwidth.

Three figures, measured in the same run:
  * host memory bandwidth: NumPy copying a 64 MiB array (bytes read + written / s);
  * diff merge on the home device: skmd's merge kernel folding a helper's partial
    output into the application buffer (bytes of output merged / s, and bytes
    touched: three reads and one write per byte);
  * slice merge: writing a helper's contiguous half back into the home buffer.

    python benchmarks/merge_throughput.py [--n 4096] [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np


def best(fn, repeat: int) -> float:
    fn()
    t_best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        t_best = min(t_best, time.perf_counter() - t)
    return t_best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=5)
    ns = ap.parse_args()
    import pyopencl as cl

    from skmd.runtime import merge, raw
    from skmd.runtime.core import get_runtime

    rt = get_runtime()
    home = rt.home
    ctx = home.context
    q = home.queue
    size = ns.n * ns.n * 4
    rng = np.random.default_rng(0)
    orig = rng.random(ns.n * ns.n, dtype=np.float32)
    part = orig.copy()
    part[1::3] = -1.0  # the helper wrote every third element
    src = np.empty_like(orig)
    dst = np.empty_like(orig)
    src[:] = orig
    dst[:] = 0

    t_host = best(lambda: np.copyto(dst, src), ns.repeat)
    host_bw = 2 * size / t_host

    mf = cl.mem_flags
    out_b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=orig)
    orig_b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=orig)
    part_b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=part)

    def kernel_only():
        merge.diff_merge(q, out_b, part_b, orig_b, size)
        q.finish()

    def with_upload():
        raw.enqueue_write_buffer(q, part_b, part, is_blocking=False)
        merge.diff_merge(q, out_b, part_b, orig_b, size)
        q.finish()

    half = part[: part.size // 2]

    def slice_merge():
        raw.enqueue_write_buffer(q, out_b, half, dst_offset=0, is_blocking=True)

    t_k = best(kernel_only, ns.repeat)
    t_u = best(with_upload, ns.repeat)
    t_s = best(slice_merge, ns.repeat)
    check = np.empty_like(orig)
    raw.enqueue_read_buffer(q, out_b, check, is_blocking=True)
    ok = np.array_equal(check[part.size // 2:], np.where(part != orig, part, orig)[part.size // 2:])
    print(f"home device: {home.label} ({home.name}); output {ns.n}x{ns.n} float32 = "
          f"{size / 2**20:.0f} MiB")
    print(f"host memory bandwidth (numpy copy, read+write): {host_bw / 1e9:8.2f} GB/s")
    print(f"diff merge, kernel only:    {size / t_k / 1e9:8.2f} GB/s of output "
          f"({4 * size / t_k / 1e9:.2f} GB/s touched)  {t_k * 1e3:.2f} ms "
          f"= {size / t_k / host_bw * 100:.0f} % of host bandwidth")
    print(f"diff merge, upload + kernel:{size / t_u / 1e9:8.2f} GB/s of output  "
          f"{t_u * 1e3:.2f} ms")
    print(f"slice merge (half, upload): {size / 2 / t_s / 1e9:8.2f} GB/s  {t_s * 1e3:.2f} ms")
    print(f"merged result correct: {ok}")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main()
