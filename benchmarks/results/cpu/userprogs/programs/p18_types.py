import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dbl(__global const double *x, __global double *y, double a) { int i = get_global_id(0); y[i] = sqrt(fabs(x[i])) * a + x[i] * x[i]; }
__kernel void lng(__global long *x, long a, ulong m) { int i = get_global_id(0); x[i] = (x[i] * a + (long)i) ^ (long)m; }
__kernel void chr(__global const char *x, __global short *y, char c) { int i = get_global_id(0); y[i] = (short)x[i] * c; }
__kernel void u8img(__global const uchar *in, __global uchar *out, int W, uchar thr) {
    int x = get_global_id(0), y = get_global_id(1);
    uchar v = in[y*W + x];
    out[y*W + x] = v > thr ? 255 - v : v / 2;
}
__kernel void u16(__global ushort *x, ushort add) { int i = get_global_id(0); x[i] = x[i] + add; }
__kernel void mixed(__global const float *f, __global const int *k, __global double *out, float s, int t, double u) {
    int i = get_global_id(0); out[i] = (double)f[i] * s + (double)(k[i] % t) * u; }
__kernel void bytes_odd(__global uchar *b, int n) { int i = get_global_id(0); if (i < n) b[i] = (uchar)(i * 7 + 3); }
"""
prg = cl.Program(ctx, src).build()
K = {k.function_name: k for k in prg.all_kernels()}
rng = np.random.default_rng(18)
res = {}
n = 300007
x = rng.standard_normal(n)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
K["dbl"](q, (n,), None, dx, dy, np.float64(1.25))
y = np.empty_like(x); cl.enqueue_copy(q, y, dy); res["dbl"] = y
l = rng.integers(-2**40, 2**40, n).astype(np.int64)
dl = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=l)
for a in [3, -7]:
    K["lng"](q, (n,), None, dl, np.int64(a), np.uint64(0xDEADBEEFCAFE))
cl.enqueue_copy(q, l, dl); res["lng"] = l
c = rng.integers(-128, 128, n).astype(np.int8)
dc = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=c)
ds = cl.Buffer(ctx, mf.WRITE_ONLY, n * 2)
K["chr"](q, (n,), None, dc, ds, np.int8(-3))
s = np.empty(n, np.int16); cl.enqueue_copy(q, s, ds); res["chr"] = s
W, H = 641, 479
img = rng.integers(0, 256, (H, W)).astype(np.uint8)
di = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=img)
do = cl.Buffer(ctx, mf.WRITE_ONLY, img.nbytes)
K["u8img"](q, (W, H), None, di, do, np.int32(W), np.uint8(100))
o = np.empty_like(img); cl.enqueue_copy(q, o, do); res["u8img"] = o
u = rng.integers(0, 65536, 100001).astype(np.uint16)
du = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=u)
for add in [1000, 65000]:
    K["u16"](q, (u.size,), None, du, np.uint16(add))
cl.enqueue_copy(q, u, du); res["u16"] = u
f = rng.standard_normal(n).astype(np.float32); k = rng.integers(0, 1000, n).astype(np.int32)
df = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=f); dk = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=k)
dm = cl.Buffer(ctx, mf.WRITE_ONLY, n * 8)
K["mixed"](q, (n,), None, df, dk, dm, np.float32(0.1), np.int32(17), np.float64(1e-3))
m = np.empty(n, np.float64); cl.enqueue_copy(q, m, dm); res["mixed"] = m
nb = 1000003
db = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(nb, np.uint8))
K["bytes_odd"](q, (nb + 13,), None, db, np.int32(nb))
bb = np.empty(nb, np.uint8); cl.enqueue_copy(q, bb, db); res["bytes_odd"] = bb
np.savez(sys.argv[1], **res)
print("done", len(res))
