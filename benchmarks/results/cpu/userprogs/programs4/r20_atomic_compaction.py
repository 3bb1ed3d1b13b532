import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void compact(__global const int *a, __global int *out, volatile __global int *count, int thr) {
  int i = get_global_id(0);
  if (a[i] > thr) { int slot = atomic_inc(count); out[slot] = a[i]; }
}
__kernel void hist_local(__global const uchar *a, __global uint *hist, __local uint *lh, int n) {
  int l = get_local_id(0), L = get_local_size(0);
  for (int b = l; b < 256; b += L) lh[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&lh[a[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = l; b < 256; b += L) atomic_add(&hist[b], lh[b]);
}
__kernel void amax(__global const int *a, volatile __global int *m, volatile __global int *mn, volatile __global uint *xo) {
  int i = get_global_id(0); atomic_max(m, a[i]); atomic_min(mn, a[i]); atomic_xor(xo, (uint)a[i]);
}
__kernel void fadd(__global const float *a, volatile __global int *acc) {
  /* float add via cmpxchg on integer-quantised values: order independent */
  int v = (int)(a[get_global_id(0)] * 16.0f);
  int old = *acc, assumed;
  do { assumed = old; old = atomic_cmpxchg(acc, assumed, assumed + v); } while (old != assumed);
}
""").build()
res = {}
rng = np.random.default_rng(20)
n = 100003
a = rng.integers(-1000, 1000, n).astype(np.int32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
dout = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
dcnt = cl.Buffer(ctx, mf.READ_WRITE, 4)
for thr in (500, -999, 2000):
    cl.enqueue_fill_buffer(q, dcnt, np.int32(0), 0, 4)
    prg.compact(q, (n,), None, da, dout, dcnt, np.int32(thr))
    c = np.empty(1, np.int32); cl.enqueue_copy(q, c, dcnt)
    o = np.empty(n, np.int32); cl.enqueue_copy(q, o, dout)
    res[f"cnt{thr}"] = c; res[f"sorted{thr}"] = np.sort(o[:c[0]])
u8 = rng.integers(0, 256, 1000001).astype(np.uint8)
du = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=u8)
dh = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(256, np.uint32))
for L, G in ((64, 64 * 40), (96, 96 * 7), (256, 256 * 16)):
    prg.hist_local(q, (G,), (L,), du, dh, cl.LocalMemory(1024), np.int32(u8.size))
hh = np.empty(256, np.uint32); cl.enqueue_copy(q, hh, dh); res["hist"] = hh
dm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([-2**31], np.int32))
dmn = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([2**31 - 1], np.int32))
dx = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.array([0], np.uint32))
prg.amax(q, (n,), None, da, dm, dmn, dx)
r3 = np.empty(3, np.int32)
for j, b in enumerate((dm, dmn, dx)):
    t = np.empty(1, np.int32); cl.enqueue_copy(q, t, b); r3[j] = t[0]
res["amax"] = r3
af = (a * 0.25).astype(np.float32)
daf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=af)
dacc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
prg.fadd(q, (n,), None, daf, dacc)
t = np.empty(1, np.int32); cl.enqueue_copy(q, t, dacc); res["fadd"] = t
np.savez(sys.argv[1], **res)
print("done")
