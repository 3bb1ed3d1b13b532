import sys
import numpy as np
import pyopencl as cl
import pyopencl.cltypes as ct

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void vl(__global const float *a, __global float *o, int off) {
    int i = get_global_id(0);
    float3 v = vload3(i, a + off);              /* misaligned by off floats */
    float4 w = vload4(0, a + 3 * i + off);
    vstore3(v.zxy * 2.0f + w.w, i, o);
}
__kernel void conv(__global const float *a, __global char *c, __global uchar *u, __global short *s, __global int *r) {
    int i = get_global_id(0); float x = a[i] * 300.0f;
    c[i] = convert_char_sat_rte(x);
    u[i] = convert_uchar_sat(x);
    s[i] = convert_short_rtz(x);
    r[i] = convert_int_rtn(x) ^ as_int(a[i]);
}
__kernel void vecops(__global const int4 *a, __global int4 *o, int4 k, uint2 sh) {
    int i = get_global_id(0);
    int4 v = a[i];
    int4 m = v > k;
    v = select(v, k, m);
    v = shuffle(v, (uint4)(3, 2, 1, 0)) + (int4)(sh.x, sh.y, sh.x, sh.y);
    o[i] = rotate(v, (int4)(1, 2, 3, 4)) + (int4)(any(m), all(m), 0, (int)hadd(v.x, v.y));
}
__kernel void dvec(__global const double2 *a, __global double2 *o, double2 k) {
    int i = get_global_id(0);
    double2 v = a[i];
    o[i] = (double2)(dot(v, k), length(v)) + cross((double4)(v, 0, 1), (double4)(k, 1, 0)).xy;
}
__kernel void bytes_pack(__global const uint *a, __global uchar4 *o) {
    int i = get_global_id(0);
    o[i] = as_uchar4(a[i]).wzyx + (uchar4)(1);
}
__kernel void half_io(__global const float *a, __global half *h, __global float *back) {
    int i = get_global_id(0);
    vstore_half_rte(a[i], i, h);
    back[i] = vload_half(i, h) - a[i];
}
""").build()
rng = np.random.default_rng(1212)
n = 100001
a = rng.standard_normal(3 * n + 8).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
do = cl.Buffer(ctx, mf.WRITE_ONLY, 3 * n * 4)
for off in [0, 1, 3]:
    cl.Kernel(prg, "vl")(q, (n,), None, da, do, np.int32(off))
    o = np.empty(3 * n, np.float32); cl.enqueue_copy(q, o, do); res[f"vl_{off}"] = o
dc = cl.Buffer(ctx, mf.WRITE_ONLY, n); du = cl.Buffer(ctx, mf.WRITE_ONLY, n)
dsh = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * n); dr = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
cl.Kernel(prg, "conv")(q, (n,), None, da, dc, du, dsh, dr)
for nm, b, dt in [("c", dc, np.int8), ("u", du, np.uint8), ("s", dsh, np.int16), ("r", dr, np.int32)]:
    h = np.empty(n, dt); cl.enqueue_copy(q, h, b); res[f"conv_{nm}"] = h
v = rng.integers(-1000, 1000, (n, 4)).astype(np.int32)
dv = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=v); dvo = cl.Buffer(ctx, mf.WRITE_ONLY, v.nbytes)
kv = cl.Kernel(prg, "vecops")
kv.set_args(dv, dvo, ct.make_int4(0, 100, -100, 500), ct.make_uint2(3, 7))
cl.enqueue_nd_range_kernel(q, kv, (n,), None)
vo = np.empty_like(v); cl.enqueue_copy(q, vo, dvo); res["vecops"] = vo
kv.set_arg(2, ct.make_int4(-1, -1, -1, -1))
cl.enqueue_nd_range_kernel(q, kv, (n - 1,), None)
cl.enqueue_copy(q, vo, dvo); res["vecops2"] = vo.copy()
d2 = rng.standard_normal((n, 2))
dd = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=d2); ddo = cl.Buffer(ctx, mf.WRITE_ONLY, d2.nbytes)
cl.Kernel(prg, "dvec")(q, (n,), None, dd, ddo, ct.make_double2(0.5, -2.0))
d2o = np.empty_like(d2); cl.enqueue_copy(q, d2o, ddo); res["tol_dvec"] = d2o
u = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
dpu = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=u); dpo = cl.Buffer(ctx, mf.WRITE_ONLY, u.nbytes)
cl.Kernel(prg, "bytes_pack")(q, (n,), None, dpu, dpo)
po = np.empty(4 * n, np.uint8); cl.enqueue_copy(q, po, dpo); res["pack"] = po
dh = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * n); db = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
cl.Kernel(prg, "half_io")(q, (n,), None, da, dh, db)
hh = np.empty(n, np.float16); cl.enqueue_copy(q, hh, dh); res["half"] = hh
bb = np.empty(n, np.float32); cl.enqueue_copy(q, bb, db); res["half_back"] = bb
np.savez(sys.argv[1], **res)
print("done", len(res))
