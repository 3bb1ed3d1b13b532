import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r


def up(n, l):
    return -(-n // l) * l

# structs written from four far-apart reads (y27's second kernel alone), float4 components
src = """
typedef struct { float x, y, z, w; } p4;
__kernel void gather(__global const float *a, __global p4 *o, int q) {
    int i = get_global_id(0);
    p4 r;
    r.x = a[i]; r.y = a[i + q]; r.z = a[i + 2 * q]; r.w = a[i + 3 * q];
    o[i] = r;
}
__kernel void comp(__global const float4 *v, __global float *o, int h) {
    int i = get_global_id(0);
    o[i] = v[i].x - v[i + h].w;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 20
x = np.random.default_rng(44).random(n).astype(np.float32)
a = buf(x)
o = buf(np.full(n, -1, np.float32)); prg.gather(q, (n // 4,), None, a, o, np.int32(n // 4)); res["gather"] = get(o, x)
o = buf(np.full(n // 8, -1, np.float32)); prg.comp(q, (n // 8,), None, a, o, np.int32(n // 8)); res["comp"] = get(o, np.zeros(n // 8, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
