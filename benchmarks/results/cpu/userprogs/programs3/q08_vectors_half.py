import sys
import numpy as np
import pyopencl as cl
import pyopencl.cltypes as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__kernel void saxpy4(__global const float *x, __global float *y, float a, int n4) {
    int i = get_global_id(0);
    if (i >= n4) return;
    float4 xv = vload4(i, x), yv = vload4(i, y);
    vstore4(a * xv + yv, i, y);
}
__kernel void swiz(__global const float4 *p, __global float4 *o, __global int2 *ij) {
    int i = get_global_id(0);
    float4 v = p[i];
    o[i] = v.wzyx * (float4)(1, 2, 3, 4) + v.xxyy;
    ij[i] = (int2)(convert_int_rtz(v.x * 100), convert_int_rte(v.w * 100));
}
__kernel void halfs(__global const half *hin, __global half *hout, __global float *fo) {
    int i = get_global_id(0);
    float f = vload_half(i, hin);
    fo[i] = f * 2.0f;
    vstore_half_rte(f * 3.0f + 0.1f, i, hout);
}
__kernel void dbl3(__global double *d, int n) {
    int i = get_global_id(0);
    if (3*i + 2 >= n) return;
    double3 v = vload3(i, d);
    vstore3(v.zxy + (double3)(0.5, 1.5, 2.5), i, d);
}
__kernel void char16k(__global uchar16 *c) { int i = get_global_id(0); c[i] = rotate(c[i], (uchar16)(i & 7)) ^ (uchar16)(0x5a); }
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(808)
n = 4 * 50021
x = rng.standard_normal(n).astype(np.float32); y = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
k = prg.saxpy4
for it in range(5):
    k(q, (50021 + 3,), None, dx, dy, np.float32(0.5 + it), np.int32(50021))
cl.enqueue_copy(q, y, dy); res["saxpy4"] = y
m = 30011
p = np.zeros(m, clt.float4)
for c, f in enumerate("xyzw"): p[f] = rng.standard_normal(m)
dp = cl.Buffer(ctx, mf.COPY_HOST_PTR, hostbuf=p)
do = cl.Buffer(ctx, mf.WRITE_ONLY, p.nbytes)
dij = cl.Buffer(ctx, mf.WRITE_ONLY, m * 8)
prg.swiz(q, (m,), None, dp, do, dij)
o = np.empty_like(p); ij = np.empty(m, clt.int2)
cl.enqueue_copy(q, o, do); cl.enqueue_copy(q, ij, dij)
res["swiz"] = o.view(np.float32); res["ij"] = ij.view(np.int32)
hh = rng.standard_normal(70001).astype(np.float16)
dh = cl.Buffer(ctx, mf.COPY_HOST_PTR, hostbuf=hh)
dho = cl.Buffer(ctx, mf.READ_WRITE, hh.nbytes)
dfo = cl.Buffer(ctx, mf.READ_WRITE, hh.size * 4)
prg.halfs(q, (hh.size,), None, dh, dho, dfo)
ho = np.empty_like(hh); fo = np.empty(hh.size, np.float32)
cl.enqueue_copy(q, ho, dho); cl.enqueue_copy(q, fo, dfo)
res["half_out"] = ho; res["half_f"] = fo
dd = rng.standard_normal(3 * 9973 + 2).astype(np.float64)
ddb = cl.Buffer(ctx, mf.COPY_HOST_PTR, hostbuf=dd)
prg.dbl3(q, (9973 + 1,), None, ddb, np.int32(dd.size))
prg.dbl3(q, (9973,), None, ddb, np.int32(dd.size))
cl.enqueue_copy(q, dd, ddb); res["dbl3"] = dd
cc = rng.integers(0, 256, 16 * 4099).astype(np.uint8)
dc = cl.Buffer(ctx, mf.COPY_HOST_PTR, hostbuf=cc)
for it in range(3): prg.char16k(q, (4099,), None, dc)
cl.enqueue_copy(q, cc, dc); res["char16"] = cc
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
