import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void hist(__global const uchar *data, __global int *bins, int n) {
    int i = get_global_id(0);
    if (i < n) atomic_inc(&bins[data[i]]);
}
__kernel void hist_local(__global const uchar *data, __global int *bins, int n) {
    __local int lb[256];
    int lid = get_local_id(0);
    for (int b = lid; b < 256; b += get_local_size(0)) lb[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int i = get_global_id(0);
    if (i < n) atomic_add(&lb[data[i]], 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int b = lid; b < 256; b += get_local_size(0)) if (lb[b]) atomic_add(&bins[b], lb[b]);
}
__kernel void stats(__global const int *x, __global int *out) {
    int v = x[get_global_id(0)];
    atomic_max(&out[0], v);
    atomic_min(&out[1], v);
    atomic_add(&out[2], v & 0xff);
    atomic_or(&out[3], v & 0x0f0f0f0f);
    atomic_xor(&out[4], v);
    atomic_and(&out[5], v | 0x7ffffff0);
}
__kernel void count_pos(__global const float *x, volatile __global int *counter, __global int *flags) {
    int i = get_global_id(0);
    if (x[i] > 0.0f) { atomic_inc(counter); flags[i] = 1; } else flags[i] = 0;
}
__kernel void xchg(__global int *slots, __global const int *x) {
    int i = get_global_id(0);
    atomic_cmpxchg(&slots[i % 16], 0, 1);
    atomic_add(&slots[16 + (x[i] & 15)], 1);
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(4)
res = {}
for n in [1 << 20, 999999, 5]:
    data = rng.integers(0, 256, n).astype(np.uint8)
    dd = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    bins = cl.Buffer(ctx, mf.READ_WRITE, 256 * 4)
    cl.enqueue_fill_buffer(q, bins, np.int32(0), 0, 256 * 4)
    prg.hist(q, (n,), None, dd, bins, np.int32(n))
    h = np.empty(256, np.int32); cl.enqueue_copy(q, h, bins); res[f"hist_{n}"] = h
    # accumulate twice more into the same bins
    for _ in range(2):
        prg.hist(q, (n,), None, dd, bins, np.int32(n))
    cl.enqueue_copy(q, h, bins); res[f"hist3_{n}"] = h.copy()
    ls = 128
    gs = (n + ls - 1) // ls * ls
    bins2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(256, np.int32))
    prg.hist_local(q, (gs,), (ls,), dd, bins2, np.int32(n))
    cl.enqueue_copy(q, h, bins2); res[f"histl_{n}"] = h.copy()
    res[f"histok_{n}"] = np.array(np.array_equal(h, np.bincount(data, minlength=256)))

x = rng.integers(-2**30, 2**30, 1 << 19).astype(np.int32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
init = np.array([-2**31, 2**31 - 1, 0, 0, 0, -1], np.int32)
dout = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=init)
prg.stats(q, x.shape, None, dx, dout)
o = np.empty(6, np.int32); cl.enqueue_copy(q, o, dout); res["stats"] = o

xf = rng.standard_normal(777777).astype(np.float32)
dxf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=xf)
cnt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
fl = cl.Buffer(ctx, mf.WRITE_ONLY, xf.nbytes)
prg.count_pos(q, xf.shape, None, dxf, cnt, fl)
c = np.empty(1, np.int32); f = np.empty(xf.size, np.int32)
cl.enqueue_copy(q, c, cnt); cl.enqueue_copy(q, f, fl)
res["count"] = c; res["flags"] = f

slots = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(32, np.int32))
prg.xchg(q, (100000,), None, slots, dx)
s = np.empty(32, np.int32); cl.enqueue_copy(q, s, slots); res["xchg"] = s
np.savez(sys.argv[1], **res)
print("done", len(res))
