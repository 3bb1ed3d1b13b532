import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void scatter(__global const float *v, __global const int *idx, __global float *out) {
    int i = get_global_id(0);
    out[idx[i]] = v[i] * 2.0f;
}
__kernel void gather(__global const float *v, __global const int *idx, __global float *out) {
    int i = get_global_id(0);
    out[i] = v[idx[i]];
}
__kernel void scatter_strided(__global int *out, int stride, int base) {
    int i = get_global_id(0);
    out[base + i * stride] = i;
}
__kernel void bucket_place(__global const int *keys, __global const int *offs, __global const int *rank,
                           __global int *out) {
    int i = get_global_id(0);
    out[offs[keys[i]] + rank[i]] = i;
}
""").build()
rng = np.random.default_rng(703)
n = 500000
perm = rng.permutation(n).astype(np.int32)
v = rng.standard_normal(n).astype(np.float32)
dv = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=v)
di = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=perm)
do = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, do, np.float32(0), 0, 4 * n)
prg.scatter(q, (n,), None, dv, di, do)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, do); res["scatter"] = h
dg = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.gather(q, (n,), None, do, di, dg)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, dg); res["gather"] = h
# partial permutation: only some slots written, rest keep the fill
m = n // 3
sub_idx = rng.choice(n, m, replace=False).astype(np.int32)
ds = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=sub_idx)
dp = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, dp, np.float32(-7.5), 0, 4 * n)
prg.scatter(q, (m,), None, dv, ds, dp)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, dp); res["partial_scatter"] = h
# strided scatter into a pre-filled buffer
st = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
prg.scatter_strided(q, (n // 7,), None, st, np.int32(7), np.int32(3))
prg.scatter_strided(q, (n // 11,), None, st, np.int32(11), np.int32(5))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, st); res["strided"] = h
# counting sort placement with host-computed offsets and ranks
keys = rng.integers(0, 100, n).astype(np.int32)
counts = np.bincount(keys, minlength=100)
offs = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
rank = np.empty(n, np.int32)
seen = np.zeros(100, np.int64)
order = np.argsort(keys, kind="stable")
rank[order] = np.arange(n) - offs[keys[order]]
dk = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=keys)
dof = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=offs)
dr = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rank)
dout = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
prg.bucket_place(q, (n,), None, dk, dof, dr, dout)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, dout); res["bucket"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
