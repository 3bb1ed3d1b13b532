import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void make_keys(__global uint *keys, uint seed, uint nb) {
    uint i = get_global_id(0);
    uint x = i * 2654435761u + seed; x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15;
    keys[i] = x % nb;
}
__kernel void make_perm(__global int *idx, int n, int mult) { int i = get_global_id(0); idx[i] = (int)(((long)i * mult) % n); }
__kernel void count(__global const uint *keys, __global int *cnt) { atomic_inc(&cnt[keys[get_global_id(0)]]); }
__kernel void excl_scan_small(__global const int *cnt, __global int *off, int nb) {
    if (get_global_id(0) == 0) { int s = 0; for (int b = 0; b < nb; b++) { off[b] = s; s += cnt[b]; } }
}
__kernel void place(__global const uint *keys, __global int *cursor, __global uint *out_keys, __global int *out_idx) {
    int i = get_global_id(0);
    int p = atomic_inc(&cursor[keys[i]]);
    out_keys[p] = keys[i];
    out_idx[p] = i;
}
__kernel void scatter(__global const float *v, __global const int *idx, __global float *o) {
    int i = get_global_id(0); o[idx[i]] = v[i] + 0.5f;
}
__kernel void gather(__global const float *v, __global const int *idx, __global float *o) {
    int i = get_global_id(0); o[i] = v[idx[i]];
}
__kernel void fill_v(__global float *v) { int i = get_global_id(0); v[i] = (float)(i % 1000) * 0.25f; }
""").build()
n, nb = 300007, 64
keys = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "make_keys")(q, (n,), None, keys, np.uint32(12345), np.uint32(nb))
cnt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(nb, np.int32))
cl.Kernel(prg, "count")(q, (n,), None, keys, cnt)
off = cl.Buffer(ctx, mf.READ_WRITE, 4 * nb)
cl.Kernel(prg, "excl_scan_small")(q, (1,), None, cnt, off, np.int32(nb))
cursor = cl.Buffer(ctx, mf.READ_WRITE, 4 * nb)
cl.enqueue_copy(q, cursor, off)
ok_ = cl.Buffer(ctx, mf.READ_WRITE, 4 * n); oi = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "place")(q, (n,), None, keys, cursor, ok_, oi)
hk = np.empty(n, np.uint32); cl.enqueue_copy(q, hk, ok_)
hc = np.empty(nb, np.int32); cl.enqueue_copy(q, hc, cnt)
res["sorted_keys"] = hk; res["counts"] = hc
hi = np.empty(n, np.int32); cl.enqueue_copy(q, hi, oi)
res["idx_sorted_per_bucket"] = np.concatenate([np.sort(hi[s:s + c]) for s, c in zip(np.concatenate([[0], np.cumsum(hc)[:-1]]), hc)])
idx = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "make_perm")(q, (n,), None, idx, np.int32(n), np.int32(7919))
v = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "fill_v")(q, (n,), None, v)
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.float32))
cl.Kernel(prg, "scatter")(q, (n,), None, v, idx, o)
g = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "gather")(q, (n,), None, o, idx, g)
ho = np.empty(n, np.float32); cl.enqueue_copy(q, ho, o); res["scatter"] = ho
hg = np.empty(n, np.float32); cl.enqueue_copy(q, hg, g); res["gather"] = hg
np.savez(sys.argv[1], **res)
print("done", len(res))
