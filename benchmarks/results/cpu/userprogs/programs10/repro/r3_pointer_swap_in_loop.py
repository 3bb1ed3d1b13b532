"""``t = src; src = dst; dst = t;`` at the end of a loop's pass: the walk went through
the loop once, so the writes through ``dst`` were charged to its first buffer only,
and a split took the other buffer's new bytes from no part.  A pointer set in a
switch's cases kept only the last case's buffer.

Run: python r3_pointer_swap_in_loop.py out.npz (plain, then under skmd run)."""
import sys

import numpy as np
import pyopencl as cl

SRC = r"""
__kernel void passes(__global float *a, __global float *b, int w, int np)
{
    int y = get_global_id(0);
    __global float *src = a + y * w, *dst = b + y * w;
    for (int p = 0; p < np; p++) {
        for (int x = 0; x < w; x++) dst[x] = 0.5f * (src[x] + src[(x + 1) % w]);
        __global float *t = src; src = dst; dst = t;
    }
}
__kernel void passes_while(__global int *a, __global int *b, int w, int np)
{
    int y = get_global_id(0);
    __global int *s = a + y * w, *d = b + y * w;
    int p = 0;
    while (p < np) {
        for (int x = 0; x < w; x++) d[x] = s[x] * 3 + p;
        __global int *t = s; s = d; d = t;
        p++;
    }
}
__kernel void sw(__global int *x, __global int *y, __global int *z)
{
    int i = get_global_id(0);
    __global int *d = x;
    switch (i & 3) {
    case 1: d = y; break;
    case 2: d = z; break;
    default: break;
    }
    d[i >> 2] = i;
}
__kernel void walk(__global const float *a, __global float *o, int k)
{
    int i = get_global_id(0);
    __global float *p = o + i * k;
    for (int t = 0; t < k; t++) { *p = a[i] + t; p++; }
}
"""


def swap_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    rows, w = 4000, 16
    rng = np.random.default_rng(3)
    prg = cl.Program(ctx, SRC).build()
    res = {}
    for name, dt in (("passes", np.float32), ("passes_while", np.int32)):
        h = (rng.standard_normal(rows * w) * 50).astype(dt)
        a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
        b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros_like(h))
        getattr(prg, name)(q, (rows,), None, a, b, np.int32(w), np.int32(3))
        res[name + "_a"], res[name + "_b"] = np.empty_like(h), np.empty_like(h)
        cl.enqueue_copy(q, res[name + "_a"], a)
        cl.enqueue_copy(q, res[name + "_b"], b)
    n = 1 << 16
    bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                      hostbuf=np.full(n // 4, v, np.int32)) for v in (3, 4, 5)]
    prg.sw(q, (n,), None, *bufs)
    for k, b in zip("xyz", bufs):
        res["sw_" + k] = np.empty(n // 4, np.int32)
        cl.enqueue_copy(q, res["sw_" + k], b)
    q.finish()
    return res


if __name__ == "__main__":
    np.savez(sys.argv[1], **swap_program(cl))
    print("done")
