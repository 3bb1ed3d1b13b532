import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
#define IDX(i, k) ((i) * 4 + (k))
void put4(__global float *p, float v) { p[0] = v; p[1] = v + 1.0f; p[2] = v * 2.0f; p[3] = -v; }
float rd(__global const float *base, size_t off) { return base[off]; }
__kernel void helper(__global const float *a, __global float *out) {
  size_t i = get_global_id(0);
  put4(out + IDX(i, 0), rd(a, i));
}
__kernel void punning(__global float *out, __global const int *src) {
  int i = get_global_id(0);
  __global uchar *b = (__global uchar *)out;
  int v = src[i];
  b[4 * i + 0] = v & 0xff; b[4 * i + 1] = (v >> 8) & 0xff; b[4 * i + 2] = (v >> 16) & 0xff; b[4 * i + 3] = 0x3f;
}
__kernel void vec(__global float4 *o4, __global const float *a) {
  int i = get_global_id(0); o4[i] = vload4(i, a) * (float4)(1, 2, 3, 4);
}
__kernel void st3(__global float *o, __global const float *a) {
  int i = get_global_id(0); float3 v = vload3(i, a); vstore3(v.zyx + (float3)(i), i, o);
}
__kernel void opt(__global float *o, __global const float *maybe, int n) {
  int i = get_global_id(0);
  o[i] = maybe ? maybe[i] * 2.0f : -1.0f;
  if (i == n - 1) o[0] = 1234.5f;           /* last work-item writes the first element */
  if (i == 0) o[n] = 77.0f;                 /* first work-item writes past the range */
}
__kernel void twohalves(__global int *o, int n) { int i = get_global_id(0); o[i] = i; o[2 * n - 1 - i] = -i; }
__kernel void colmajor(__global float *o, int H) { int x = get_global_id(0), y = get_global_id(1); o[x * H + y] = x * 1000.0f + y; }
""").build()
res = {}
n = 30001
a = np.arange(4 * n, dtype=np.float32) * 0.5
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
do = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(4 * n + 4, np.float32))
prg.helper(q, (n,), None, da, do)
h = np.empty(4 * n + 4, np.float32); cl.enqueue_copy(q, h, do); res["helper"] = h.copy()
src = (np.arange(n, dtype=np.int32) * 2654435) & 0xffffff
ds = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=src)
prg.punning(q, (n,), None, do, ds)
cl.enqueue_copy(q, h, do); res["pun"] = h.copy()
prg.vec(q, (n,), None, do, da)
cl.enqueue_copy(q, h, do); res["vec"] = h.copy()
m = (4 * n) // 3
prg.st3(q, (m,), None, do, da)
cl.enqueue_copy(q, h, do); res["st3"] = h.copy()
ko = cl.Kernel(prg, "opt")
ko.set_args(do, None, np.int32(n))
cl.enqueue_nd_range_kernel(q, ko, (n,), None)
cl.enqueue_copy(q, h, do); res["opt_null"] = h.copy()
ko.set_arg(1, da)
cl.enqueue_nd_range_kernel(q, ko, (n,), None)
cl.enqueue_copy(q, h, do); res["opt_a"] = h.copy()
dt = cl.Buffer(ctx, mf.READ_WRITE, 8 * n)
prg.twohalves(q, (n,), None, dt, np.int32(n))
t = np.empty(2 * n, np.int32); cl.enqueue_copy(q, t, dt); res["halves"] = t
W, H = 123, 77
dc = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
prg.colmajor(q, (W, H), None, dc, np.int32(H))
c = np.empty(W * H, np.float32); cl.enqueue_copy(q, c, dc); res["colmajor"] = c
np.savez(sys.argv[1], **res)
print("done")
