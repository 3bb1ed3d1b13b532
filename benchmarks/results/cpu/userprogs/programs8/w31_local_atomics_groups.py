import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void local_hist(__global const uchar *d, __global int *ghist, int n) {
    /* each group writes its own 16-bin histogram: no global atomics */
    __local int h[16];
    int l = get_local_id(0);
    if (l < 16) h[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&h[d[i] & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16) ghist[get_group_id(0) * 16 + l] = h[l];
}
__kernel void vote(__global const int *x, __global int *any_neg, __global int *all_pos) {
    /* benign races: every writer stores the same value */
    int v = x[get_global_id(0)];
    if (v < 0) any_neg[0] = 1;
    if (v <= 0) all_pos[0] = 0;
}
""").build()
rng = np.random.default_rng(831)
n = 1 << 20
d = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 256, n).astype(np.uint8))
for G, L in [(32, 64), (100, 128), (7, 16)]:
    gh = cl.Buffer(ctx, mf.READ_WRITE, 4 * 16 * G)
    prg.local_hist(q, (G * L,), (L,), d, gh, np.int32(n))
    h = np.empty(16 * G, np.int32); cl.enqueue_copy(q, h, gh)
    res[f"hist_{G}"] = h; res[f"tot_{G}"] = h.reshape(G, 16).sum(0)
flags = []
for lo in [1, -1, 0]:
    hx = rng.integers(lo, 1000, 200000).astype(np.int32)
    if lo == 1: hx[150000] = -3
    x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
    an = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
    ap = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(1, np.int32))
    prg.vote(q, (hx.size,), None, x, an, ap)
    h1 = np.empty(1, np.int32); h2 = np.empty(1, np.int32)
    cl.enqueue_copy(q, h1, an); cl.enqueue_copy(q, h2, ap); flags += [h1[0], h2[0]]
res["flags"] = np.array(flags)
np.savez(sys.argv[1], **res)
print("done", len(res), flags)
