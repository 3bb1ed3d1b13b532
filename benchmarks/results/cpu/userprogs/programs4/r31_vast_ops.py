import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void ax(__global float *y, __global const float *x, float a) { size_t i = get_global_id(0); y[i] = a * x[i] + y[i]; }
__kernel void tile(__global const float *x, __global float *o, __local float *t) {
  int l = get_local_id(0); t[l] = x[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(0)] = t[get_local_size(0) - 1 - l] + t[0]; }
__kernel void u16(__global ushort *a, int n) { int i = get_global_id(0); if (i < n) a[i] = (ushort)(a[i] * 3u + 7u); }
""").build()
res = {}
n = 400000                      # 1.6 MB
rng = np.random.default_rng(31)
X = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=X)
dy = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.enqueue_fill_buffer(q, dy, np.float32(0.5), 0, 4 * n)
cl.enqueue_fill_buffer(q, dy, np.array([1.0, -1.0], np.float32), 8 * 1000, 8 * 5000)
for a in (0.5, 1.5, -2.0):
    prg.ax(q, (n,), None, dy, dx, np.float32(a))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, dy); res["y"] = h
small = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(10000, np.float32))
cl.enqueue_copy(q, small, dy, byte_count=4 * 9000, src_offset=4 * 123457, dst_offset=4 * 500)
hs = np.empty(10000, np.float32); cl.enqueue_copy(q, hs, small); res["small"] = hs
cl.enqueue_copy(q, dy, small, byte_count=4 * 10000, src_offset=0, dst_offset=4 * 300001)
part = np.empty(20000, np.float32); cl.enqueue_copy(q, part, dy, src_offset=4 * 290000); res["part"] = part
do = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
L = 80
prg.tile(q, (n,), (L,), dy, do, cl.LocalMemory(4 * L))
ho = np.empty(n, np.float32); cl.enqueue_copy(q, ho, do); res["tile"] = ho
m, ev = cl.enqueue_map_buffer(q, do, cl.map_flags.READ, 4 * 7, (3000,), np.float32)
ev.wait(); res["map"] = m.copy(); m.base.release(q); del m
m = 1000003
u = (np.arange(m) % 60000).astype(np.uint16)
du = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=u)
prg.u16(q, ((m + 255) // 256 * 256,), (256,), du, np.int32(m))
prg.u16(q, (m,), None, du, np.int32(m - 10))
hu = np.empty(m, np.uint16); cl.enqueue_copy(q, hu, du); res["u16"] = hu
A = cla.to_device(q, X)
B = (A * 2 - 1).astype(np.float64)
res["B"] = B.get()
res["tol_sum"] = np.array(cla.sum(A).get())
try:
    res["max"] = np.array(cla.max(A).get())
except cl.RuntimeError as e:
    res["max_refused"] = np.array("refused")
np.savez(sys.argv[1], **res)
print("done")
