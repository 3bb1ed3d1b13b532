import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void group_sum(__global const int *a, __global int *partial, __local int *scratch, int n) {
    int gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
    scratch[lid] = gid < n ? a[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = ls / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
__kernel void tile_transpose(__global const float *a, __global float *b, __local float *tile, int W, int H, int T) {
    int gx = get_group_id(0) * T, gy = get_group_id(1) * T;
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gx + lx < W && gy + ly < H) tile[ly * (T + 1) + lx] = a[(gy + ly) * W + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = gy + lx, oy = gx + ly;
    if (ox < H && oy < W) b[oy * H + ox] = tile[lx * (T + 1) + ly];
}
__kernel void two_locals(__global const float *a, __global float *o, __local float *l1, __local int *l2, int n) {
    int gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
    l1[lid] = gid < n ? a[gid] : 0.0f;
    l2[lid] = gid < n ? (int)(a[gid] * 16.0f) : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    float m = l1[0]; int s = 0;
    for (int k = 0; k < ls; ++k) { m = fmax(m, l1[k]); s += l2[k]; }
    if (gid < n) o[gid] = m * 1000.0f + (float)s + (float)lid * 1e-3f;
}
__kernel void stencil_halo(__global const float *a, __global float *b, __local float *t, int n) {
    int gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
    t[lid + 1] = a[gid];
    if (lid == 0) t[0] = gid > 0 ? a[gid - 1] : 0.0f;
    if (lid == ls - 1) t[ls + 1] = gid + 1 < n ? a[gid + 1] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    b[gid] = 0.25f * t[lid] + 0.5f * t[lid + 1] + 0.25f * t[lid + 2];
}
__kernel void local_hist(__global const uchar *a, __global uint *hist, __local uint *lh, int n) {
    int gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);
    for (int k = lid; k < 64; k += ls) lh[k] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = gid; i < n; i += get_global_size(0)) atomic_inc(&lh[a[i] & 63]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = lid; k < 64; k += ls) hist[get_group_id(0) * 64 + k] = lh[k];
}
""").build()
rng = np.random.default_rng(55)
n = 300007
a = rng.integers(-1000, 1000, n).astype(np.int32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
ks = cl.Kernel(prg, "group_sum")
for ls in [32, 64, 256]:
    ng = (n + ls - 1) // ls
    dp = cl.Buffer(ctx, mf.WRITE_ONLY, ng * 4)
    ks(q, (ng * ls,), (ls,), da, dp, cl.LocalMemory(ls * 4), np.int32(n))
    p = np.empty(ng, np.int32); cl.enqueue_copy(q, p, dp); res[f"gsum_{ls}"] = p
W, H, T = 1001, 503, 16
A = rng.standard_normal((H, W)).astype(np.float32)
dA = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=A); dB = cl.Buffer(ctx, mf.WRITE_ONLY, A.nbytes)
gx = (W + T - 1) // T * T; gy = (H + T - 1) // T * T
cl.Kernel(prg, "tile_transpose")(q, (gx, gy), (T, T), dA, dB, cl.LocalMemory(T * (T + 1) * 4), np.int32(W), np.int32(H), np.int32(T))
B = np.empty((W, H), np.float32); cl.enqueue_copy(q, B, dB); res["transpose"] = B
f = rng.random(100000).astype(np.float32)
df = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=f); do = cl.Buffer(ctx, mf.WRITE_ONLY, f.nbytes)
k2 = cl.Kernel(prg, "two_locals")
for ls in [8, 40, 125]:
    k2(q, ((100000 + ls - 1) // ls * ls,), (ls,), df, do, cl.LocalMemory(ls * 4), cl.LocalMemory(ls * 4), np.int32(100000))
    o = np.empty_like(f); cl.enqueue_copy(q, o, do); res[f"two_locals_{ls}"] = o
m = 100 * 997
s = rng.standard_normal(m).astype(np.float32)
dsn = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=s); dso = cl.Buffer(ctx, mf.WRITE_ONLY, s.nbytes)
cl.Kernel(prg, "stencil_halo")(q, (m,), (100,), dsn, dso, cl.LocalMemory(102 * 4), np.int32(m))
o = np.empty_like(s); cl.enqueue_copy(q, o, dso); res["stencil"] = o
u = rng.integers(0, 256, 500000).astype(np.uint8)
du = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=u)
ng = 37; ls = 48
dh = cl.Buffer(ctx, mf.WRITE_ONLY, ng * 64 * 4)
cl.Kernel(prg, "local_hist")(q, (ng * ls,), (ls,), du, dh, cl.LocalMemory(64 * 4), np.int32(u.size))
hh = np.empty(ng * 64, np.uint32); cl.enqueue_copy(q, hh, dh); res["lhist"] = hh
res["lhist_total"] = hh.reshape(ng, 64).sum(0)
np.savez(sys.argv[1], **res)
print("done", len(res), int(res["lhist_total"].sum()))
