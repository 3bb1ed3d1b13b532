import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# loops whose bounds are read from buffers: ragged rows (CSR), per-item repeat counts
src = """
__kernel void ragged_sum(__global const int *ptr, __global const float *val, __global float *o, int rows) {
    int r = get_global_id(0);
    if (r >= rows) return;
    float s = 0.f;
    for (int k = ptr[r]; k < ptr[r + 1]; ++k) s += val[k];
    o[r] = s;
}
__kernel void expand(__global const int *start, __global const int *cnt, __global int *o) {
    int i = get_global_id(0);
    int s = start[i];
    for (int k = 0; k < cnt[i]; ++k) o[s + k] = i;
}
__kernel void nsteps(__global const int *steps, __global float *o, __global const int *limit) {
    int i = get_global_id(0);
    float x = (float)i;
    int lim = limit[0];
    for (int k = 0; k < min(steps[i], lim); ++k) x = x * 0.5f + 1.0f;
    o[i] = x;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(913)
rows = 40000
lens = rng.integers(0, 12, rows).astype(np.int32)
ptr = np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)
val = rng.standard_normal(ptr[-1]).astype(np.float32)
p = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ptr)
v = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=val)
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * rows)
prg.ragged_sum(q, (rows + 64,), None, p, v, o, np.int32(rows))
h = np.empty(rows, np.float32); cl.enqueue_copy(q, h, o); res["rs"] = h
st = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ptr[:-1].copy())
cn = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=lens)
oe = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(ptr[-1], -1, np.int32))
prg.expand(q, (rows,), None, st, cn, oe)
he = np.empty(ptr[-1], np.int32); cl.enqueue_copy(q, he, oe); res["expand"] = he
n = 100000
steps = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 30, n).astype(np.int32))
lim = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([20], np.int32))
on = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for L in [20, 5]:
    cl.enqueue_copy(q, lim, np.array([L], np.int32))
    prg.nsteps(q, (n,), None, steps, on, lim)
    hn = np.empty(n, np.float32); cl.enqueue_copy(q, hn, on); res[f"ns_{L}"] = hn
np.savez(sys.argv[1], **res)
print("done", len(res))
