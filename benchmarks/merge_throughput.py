"""Merge throughput on a 4096 x 4096 float output, beside the host memory bandwidth.

Figures measured in the same run:
  * host memory bandwidth: NumPy copying a 64 MiB array (bytes read + written / s);
  * diff merge on the home device: skmd's byte-difference kernel folding a helper's
    partial output into the application buffer (bytes of output merged / s, and
    bytes touched: three reads and one write per byte);
  * generated merge kernel (thesis fig. 3.6) of a kernel that writes every third
    element, strided and scattered through an index buffer: the kernel re-run over
    all its work-groups with each store turned into a copy from the helper's
    partial buffer (bytes of output merged / s; bytes it really copies);
  * slice merge: writing a helper's contiguous half back into the home buffer.

    python benchmarks/merge_throughput.py [--n 4096] [--repeat 5]
"""
from __future__ import annotations

import argparse
import os
import sys

import numpy as np
from timing import best_of


#: kernels writing every third float of their output: strided, and through an index
#: buffer (a permutation of the same addresses); their merge kernels are timed
THIRDS = r"""
__kernel void every_third(__global float *out, __global const float *x, const int n)
{
    int i = get_global_id(0);
    if (i < n) out[3 * i + 1] = x[i] * 2.0f + 1.0f;
}
__kernel void scatter_third(__global float *out, __global const int *idx,
                            __global const float *x, const int n)
{
    int i = get_global_id(0);
    if (i < n) out[idx[i]] = x[i] * 2.0f + 1.0f;
}
"""


def merge_kernels(ctx, q, n_floats: int, repeat: int, upload) -> list[tuple[str, float, bool]]:
    """(name, best seconds, result right) of each generated merge kernel over a whole output."""
    import pyopencl as cl

    from skmd.transform import analyze_program

    pa = analyze_program(THIRDS)
    prg = cl.Program(ctx, pa.merge_source).build()
    items = n_floats // 3
    ls = 256
    groups = -(-items // ls)
    rng = np.random.default_rng(1)
    mf = cl.mem_flags
    x = rng.random(items, dtype=np.float32)
    idx = (3 * rng.permutation(items) + 1).astype(np.int32)
    orig = rng.random(n_floats, dtype=np.float32)
    part = orig.copy()
    part[1:3 * items:3] = -2.0  # what the helper's rows stored
    out_b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=orig)
    part_b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=part)
    x_b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    idx_b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
    trailing = (np.uint64(groups * ls), np.uint64(0), np.uint64(groups))
    out = []
    for name, args in (("every_third", (out_b, x_b, np.int32(items))),
                       ("scatter_third", (out_b, idx_b, x_b, np.int32(items)))):
        ka = pa.kernels[name]
        assert ka.merge_kernel, ka.merge_reason
        k = cl.Kernel(prg, name)
        gs = (groups * ls,)
        off = (0,) if ka.launch_mode == "offset" else None

        def run(k=k, args=args, gs=gs, off=off):
            if upload:
                cl.enqueue_copy(q, part_b, part, is_blocking=False)
            k(q, gs, (ls,), *args, *trailing, part_b, global_offset=off)
            q.finish()
        cl.enqueue_copy(q, out_b, orig)
        t = best_of(run, repeat, warm_up=True)
        got = np.empty_like(orig)
        cl.enqueue_copy(q, got, out_b)
        out.append((name, t, bool(np.array_equal(got, part))))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--repeat", type=int, default=5)
    ns = ap.parse_args()
    import pyopencl as cl

    from skmd.runtime import merge_diff as merge, raw
    from skmd import config
    from skmd.runtime import core

    rt = core.start(config.get())  # a script: an entry point reads the settings
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

    t_host = best_of(lambda: np.copyto(dst, src), ns.repeat, warm_up=True)
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

    t_k = best_of(kernel_only, ns.repeat, warm_up=True)
    t_u = best_of(with_upload, ns.repeat, warm_up=True)
    t_s = best_of(slice_merge, ns.repeat, warm_up=True)
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
    n_floats = ns.n * ns.n
    copied = n_floats // 3 * 4
    for upload in (False, True):
        for name, t, right in merge_kernels(ctx, q, n_floats, ns.repeat, upload):
            what = "upload + kernel" if upload else "kernel only"
            print(f"merge kernel {name:13s} {what + ':':16s}{size / t / 1e9:8.2f} GB/s of output "
                  f"({copied / t / 1e9:.2f} GB/s copied)  {t * 1e3:.2f} ms "
                  f"= {size / t / host_bw * 100:.0f} % of host bandwidth; correct: {right}")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main()
