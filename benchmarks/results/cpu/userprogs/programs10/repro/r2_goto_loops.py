"""``again: o[k] = k; k += stride; if (k < n) goto again;``: a loop made of a label and
a backward goto was walked once, so its writes past the first were missed and split
parts lost them.  Such kernels now run whole.  A goto forward past an assignment
(``if (c) goto store; k = i + n; store: o[k] = ...``) left the label with the
assignment's value only: the label now takes the values of every goto to it.

Run: python r2_goto_loops.py out.npz (plain, then under skmd run)."""
import sys

import numpy as np
import pyopencl as cl

SRC = r"""
__kernel void gloop(__global int *o, int stride, int n)
{
    int k = get_global_id(0);
again:
    o[k] = k;
    k += stride;
    if (k < n) goto again;
}
__kernel void gfwd(__global const float *a, __global float *o, int n)
{
    int i = get_global_id(0);
    if (i >= n) goto done;
    o[i] = 2.0f * a[i];
done:
    return;
}
__kernel void store_at(__global const int *a, __global int *o, __global int *spill, int n)
{
    int i = get_global_id(0);
    int k = i;
    __global int *d = o;
    if (a[i] & 1) goto store;
    k = i + n;
    d = spill;
store:
    d[k] = a[i];
}
"""


def goto_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    stride, n = 1000, 64000
    prg = cl.Program(ctx, SRC).build()
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
    prg.gloop(q, (stride,), None, o, np.int32(stride), np.int32(n))
    a = np.arange(n, dtype=np.float32)
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, 3.0, np.float32))
    prg.gfwd(q, (n,), None, ab, ob, np.int32(n - 100))
    ai = np.random.default_rng(1).integers(0, 1 << 20, n).astype(np.int32)
    x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(2 * n, -1, np.int32))
    y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(2 * n, -2, np.int32))
    aib = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ai)
    prg.store_at(q, (n,), None, aib, x, y, np.int32(n))
    res = {"gloop": np.empty(n, np.int32), "gfwd": np.empty(n, np.float32),
           "o": np.empty(2 * n, np.int32), "spill": np.empty(2 * n, np.int32)}
    cl.enqueue_copy(q, res["gloop"], o)
    cl.enqueue_copy(q, res["gfwd"], ob)
    cl.enqueue_copy(q, res["o"], x)
    cl.enqueue_copy(q, res["spill"], y)
    q.finish()
    return res


if __name__ == "__main__":
    np.savez(sys.argv[1], **goto_program(cl))
    print("done")
