import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1010)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# casts between pointer types: a float buffer read as float4, bytes written through a
# uchar pointer onto ints, vload4/vstore4 at computed offsets, vstore_half, vstorea_half3
src = """
__kernel void as_f4(__global float *a, __global float *o) {
    int i = get_global_id(0);
    __global float4 *a4 = (__global float4 *)a;
    __global float4 *o4 = (__global float4 *)o;
    o4[i] = a4[i].wzyx * 2.0f;
}
__kernel void bytes_hi(__global uint *w) {
    int i = get_global_id(0);
    __global uchar *b = (__global uchar *)w;
    b[4 * i + 3] = (uchar)(i & 0x7f);
}
__kernel void v4(__global const float *a, __global float *o, int off) {
    int i = get_global_id(0);
    float4 v = vload4(i, a + off);
    vstore4(v + (float4)(1.0f), 0, o + 4 * i + off);
}
__kernel void halfs(__global const float *a, __global half *h, __global half *h3) {
    int i = get_global_id(0);
    vstore_half(a[i], i, h);
    float3 t = (float3)(a[i], -a[i], 2.0f * a[i]);
    vstorea_half3(t, i, h3);
}
__kernel void shorts(__global int *w) {
    int i = get_global_id(0);
    ((__global short *)w)[2 * i + 1] = (short)(-i);
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.standard_normal(4 * n).astype(np.float32)
o = buf(np.full(4 * n, 9.0, np.float32))
prg.as_f4(q, (n,), None, buf(a), o)
res["f4"] = get(o, a)
w = buf(np.full(n, 0x11223344, np.uint32))
prg.bytes_hi(q, (n,), None, w)
res["bytes"] = get(w, np.zeros(n, np.uint32))
o = buf(np.full(4 * n + 16, 3.0, np.float32))
prg.v4(q, (n - 2,), None, buf(np.concatenate([a, np.zeros(16, np.float32)])), o, np.int32(5))
res["v4"] = get(o, np.zeros(4 * n + 16, np.float32))
hb, h3 = buf(np.full(n, 7, np.uint16)), buf(np.full(4 * n, 7, np.uint16))
prg.halfs(q, (n,), None, buf(a), hb, h3)
res["half"] = get(hb, np.zeros(n, np.uint16)); res["half3"] = get(h3, np.zeros(4 * n, np.uint16))
w = buf(np.full(n, 0x55667788, np.int32))
prg.shorts(q, (n,), None, w)
res["shorts"] = get(w, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
