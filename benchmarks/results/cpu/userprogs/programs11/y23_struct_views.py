import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1123)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a buffer of floats viewed as structs and as float2 in the kernel
src = """
typedef struct { float x, y, z; } vec3;
__kernel void norm(__global vec3 *v) {
    int i = get_global_id(0);
    vec3 t = v[i];
    float l = sqrt(t.x * t.x + t.y * t.y + t.z * t.z) + 1.0f;
    t.x /= l; t.y /= l; t.z /= l;
    v[i] = t;
}
__kernel void zonly(__global vec3 *v) { int i = get_global_id(0); v[i].z = (float)i; }
__kernel void as2(__global float *f) {
    int i = get_global_id(0);
    __global float2 *p = (__global float2 *)f;
    p[i] = (float2)(i, -i);
}
__kernel void byte_of(__global vec3 *v) {
    int i = get_global_id(0);
    __global char *c = (__global char *)&v[i];
    c[4] = 0x11;
}
"""
prg = cl.Program(ctx, src).build()
n = 40000
a = rng.standard_normal(3 * n).astype(np.float32)
v = buf(a)
prg.norm(q, (n,), None, v); res["tol_norm"] = get(v, a)
prg.zonly(q, (n // 2,), None, v); res["tol_z"] = get(v, a)
f = buf(a.copy()); prg.as2(q, (n,), None, f); res["as2"] = get(f, a)
f = buf(a.copy()); prg.byte_of(q, (n,), None, f); res["byte"] = get(f, a).view(np.uint8)
np.savez(sys.argv[1], **res)
print("done", len(res))
