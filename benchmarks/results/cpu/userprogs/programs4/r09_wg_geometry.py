import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void wg_scan(__global const int *in, __global int *out, __global int *sums, __local int *tmp) {
  int l = get_local_id(0), L = get_local_size(0), g = get_group_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < L; off <<= 1) {
    int v = l >= off ? tmp[l - off] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    tmp[l] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = tmp[l];
  if (l == L - 1) sums[g] = tmp[l];
}
__kernel void geo(__global int *o) {
  int i = get_global_id(0);
  o[4*i] = get_num_groups(0); o[4*i+1] = get_group_id(0); o[4*i+2] = get_local_id(0); o[4*i+3] = get_local_size(0);
}
__kernel void wg_reduce_ticket(__global const float *x, __global float *partial, volatile __global int *ticket,
                               __global int *last, __local float *s) {
  int l = get_local_id(0);
  s[l] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    float acc = 0.0f;
    for (int k = 0; k < get_local_size(0); ++k) acc += s[k];
    partial[get_group_id(0)] = acc;
    atomic_inc(ticket);
  }
}
__kernel void tiled_t(__global const float *a, __global float *b, int W, int H, __local float *tile) {
  int lx = get_local_id(0), ly = get_local_id(1), LX = get_local_size(0), LY = get_local_size(1);
  int x = get_global_id(0), y = get_global_id(1);
  tile[ly * LX + lx] = a[y * W + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  int rx = LX - 1 - lx, ry = LY - 1 - ly;
  b[y * W + x] = tile[ry * LX + rx] + 1000.0f * get_group_id(1) + get_group_id(0);
}
__kernel void geo3(__global int *o) {
  size_t i = get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2));
  o[i] = (int)(get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2) + 1000 * (get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2))));
}
""").build()
res = {}
for L, G in ((7, 7 * 1001), (12, 12 * 313), (96, 96 * 50), (1, 5000), (250, 250 * 9)):
    x = (np.arange(G, dtype=np.int32) * 7919) % 101 - 50
    dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    do = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes); ds = cl.Buffer(ctx, mf.WRITE_ONLY, (G // L) * 4)
    prg.wg_scan(q, (G,), (L,), dx, do, ds, cl.LocalMemory(4 * L))
    o = np.empty_like(x); cl.enqueue_copy(q, o, do); res[f"scan{L}"] = o
    s = np.empty(G // L, np.int32); cl.enqueue_copy(q, s, ds); res[f"sums{L}"] = s
    dg = cl.Buffer(ctx, mf.WRITE_ONLY, G * 16)
    prg.geo(q, (G,), (L,), dg)
    g = np.empty(G * 4, np.int32); cl.enqueue_copy(q, g, dg); res[f"geo{L}"] = g
    xf = (x * 0.25).astype(np.float32)
    dxf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xf)
    dp = cl.Buffer(ctx, mf.WRITE_ONLY, (G // L) * 4)
    dt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
    dl = cl.Buffer(ctx, mf.READ_WRITE, 4)
    prg.wg_reduce_ticket(q, (G,), (L,), dxf, dp, dt, dl, cl.LocalMemory(4 * L))
    p = np.empty(G // L, np.float32); cl.enqueue_copy(q, p, dp); res[f"part{L}"] = p
    t = np.empty(1, np.int32); cl.enqueue_copy(q, t, dt); res[f"ticket{L}"] = t
W, H = 96, 40
a = np.arange(W * H, dtype=np.float32).reshape(H, W)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
for ls in ((8, 4), (16, 2), (3, 5), (32, 1), (1, 8)):
    prg.tiled_t(q, (W, H), ls, da, db, np.int32(W), np.int32(H), cl.LocalMemory(4 * ls[0] * ls[1]))
    o = np.empty_like(a); cl.enqueue_copy(q, o, db); res[f"tile{ls[0]}x{ls[1]}"] = o
for gs, ls in (((12, 10, 6), (4, 5, 3)), ((16, 4, 4), (8, 2, 2)), ((9, 9, 9), (3, 3, 3)), ((64, 2, 3), (16, 1, 1))):
    d3 = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * int(np.prod(gs)))
    prg.geo3(q, gs, ls, d3)
    o = np.empty(int(np.prod(gs)), np.int32); cl.enqueue_copy(q, o, d3); res["g3_" + "_".join(map(str, gs))] = o
np.savez(sys.argv[1], **res)
print("done")
