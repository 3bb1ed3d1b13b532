import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void group_scan_sum(__global const int *x, __global int *incl, __global int *gsum,
                             __local int *t) {
    int l = get_local_id(0), L = get_local_size(0);
    t[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 1; s < L; s <<= 1) {
        int v = l >= s ? t[l - s] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        t[l] += v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    incl[get_global_id(0)] = t[l];
    if (l == L - 1) gsum[get_group_id(0)] = t[l];
}
__kernel void add_offsets(__global int *incl, __global const int *offs) {
    incl[get_global_id(0)] += offs[get_group_id(0)];
}
""").build()
rng = np.random.default_rng(818)
n = 1 << 18
hx = rng.integers(-50, 50, n).astype(np.int32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
incl = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
gs = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
ks = cl.Kernel(prg, "group_scan_sum"); ka = cl.Kernel(prg, "add_offsets")
for L in [32, 256, 64, 8, 128]:
    G = n // L
    ks(q, (n,), (L,), x, incl, gs, cl.LocalMemory(4 * L))
    g = np.empty(G, np.int32); cl.enqueue_copy(q, g, gs)
    offs = np.concatenate([[0], np.cumsum(g)[:-1]]).astype(np.int32)
    ob = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=offs)
    ka(q, (n,), (L,), incl, ob)
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, incl)
    res[f"scan_{L}"] = h; res[f"ok_{L}"] = np.array([int((h == np.cumsum(hx)).all())])
np.savez(sys.argv[1], **res)
print("done", len(res), all(res[k][0] for k in res if k.startswith("ok")))
