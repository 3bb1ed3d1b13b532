import sys
import numpy as np
import pyopencl as cl
import pyopencl.tools as clt
import pyopencl.cltypes as ct

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
xform = np.dtype([("m", np.float32, (9,)), ("t", ct.float3), ("tag", np.uint8), ("k", np.int64)])
xform, xform_c = clt.match_dtype_to_c_struct(dev, "xform_t", xform)
xform = clt.get_or_register_dtype("xform_t", xform)
res["xform_size"] = np.array(xform.itemsize)
inner = np.dtype([("a", np.int16), ("b", np.float64)])
inner, inner_c = clt.match_dtype_to_c_struct(dev, "inner_t", inner)
inner = clt.get_or_register_dtype("inner_t", inner)
outer = np.dtype([("x", inner), ("y", inner), ("c", np.uint32)])
outer, outer_c = clt.match_dtype_to_c_struct(dev, "outer_t", outer)
outer = clt.get_or_register_dtype("outer_t", outer)
has_fp16 = "cl_khr_fp16" in dev.extensions
res["fp16"] = np.array(has_fp16)
src = xform_c + inner_c + outer_c + """
__kernel void apply(__global const float *p, __global float *o, xform_t X) {
    int i = get_global_id(0);
    float x = p[3*i], y = p[3*i+1], z = p[3*i+2];
    o[3*i]   = X.m[0]*x + X.m[1]*y + X.m[2]*z + X.t.x + (float)X.tag;
    o[3*i+1] = X.m[3]*x + X.m[4]*y + X.m[5]*z + X.t.y + (float)(X.k % 1000);
    o[3*i+2] = X.m[6]*x + X.m[7]*y + X.m[8]*z + X.t.z;
}
__kernel void vec3args(__global double *o, double3 d, float3 f, char16 c, ulong8 u, short3 s) {
    int i = get_global_id(0);
    o[i] = d.x * i + d.y - d.z + f.x * f.y * f.z + (double)(c.s0 + c.sf + c.s7)
         + (double)((u.s0 ^ u.s7) % 97) + (double)(s.x * s.z - s.y);
}
__kernel void nested(__global double *o, outer_t O, uchar b, ushort us, long l) {
    int i = get_global_id(0);
    o[i] = O.x.a * O.x.b + O.y.a * O.y.b + (double)O.c + (double)b - (double)us + (double)(l % 1000003) + i;
}
"""
if has_fp16:
    src = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n" + src + """
__kernel void halfarg(__global float *o, half h, half2 h2) {
    int i = get_global_id(0);
    o[i] = (float)h * i + (float)h2.x - (float)h2.y;
}
"""
prg = cl.Program(ctx, src).build()
n = 120001
rng = np.random.default_rng(2020)
p = rng.standard_normal(3 * n).astype(np.float32)
dp = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=p); do = cl.Buffer(ctx, mf.WRITE_ONLY, p.nbytes)
k = cl.Kernel(prg, "apply")
for j in range(3):
    X = np.zeros(1, xform)[0]
    X["m"] = np.arange(9, dtype=np.float32) * (j + 1) * 0.1
    X["t"] = ct.make_float3(1.0 * j, -2.0, 0.5)
    X["tag"] = 200 + j; X["k"] = 123456789012 * (j + 1)
    k(q, (n,), None, dp, do, X)
    o = np.empty_like(p); cl.enqueue_copy(q, o, do); res[f"tol_apply_{j}"] = o
dd = cl.Buffer(ctx, mf.WRITE_ONLY, n * 8)
kv = cl.Kernel(prg, "vec3args")
kv.set_args(dd, ct.make_double3(0.5, 1.5, -2.5), ct.make_float3(1.0, 2.0, 3.0),
            ct.make_char16(*range(-8, 8)), ct.make_ulong8(*[2**63 + j * 12345 for j in range(8)]), ct.make_short3(7, -9, 11))
cl.enqueue_nd_range_kernel(q, kv, (n,), None)
h = np.empty(n, np.float64); cl.enqueue_copy(q, h, dd); res["vec3"] = h
O = np.zeros(1, outer)[0]
O["x"]["a"] = -7; O["x"]["b"] = 0.25; O["y"]["a"] = 3; O["y"]["b"] = -1.5; O["c"] = 4000000000
cl.Kernel(prg, "nested")(q, (n,), None, dd, O, np.uint8(250), np.uint16(60000), np.int64(-(2**62)))
cl.enqueue_copy(q, h, dd); res["nested"] = h.copy()
if has_fp16:
    df = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
    cl.Kernel(prg, "halfarg")(q, (n,), None, df, np.float16(0.375), ct.make_half2(1.5, -0.25) if hasattr(ct, "make_half2") else np.array([1.5, -0.25], np.float16))
    hf = np.empty(n, np.float32); cl.enqueue_copy(q, hf, df); res["half"] = hf
np.savez(sys.argv[1], **res)
print("done", len(res), xform.itemsize, has_fp16)
