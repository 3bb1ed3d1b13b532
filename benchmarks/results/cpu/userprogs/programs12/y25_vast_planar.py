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

# planar complex data in one buffer (re then im), interleaving and deinterleaving
src = """
__kernel void mag(__global const float *z, __global float *o, int n) {
    int i = get_global_id(0);
    float re = z[i], im = z[n + i];
    o[i] = re * re + im * im;
}
__kernel void interleave(__global const float *z, __global float *o, int n) {
    int i = get_global_id(0);
    o[2 * i] = z[i];
    o[2 * i + 1] = z[i + n];
}
__kernel void split(__global const float2 *c, __global float *z, int n) {
    int i = get_global_id(0);
    float2 v = c[i];
    z[i] = v.x;
    z[n + i] = v.y;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 19
x = np.random.default_rng(25).random(2 * n).astype(np.float32)
z = buf(x)
o = buf(np.full(n, -1, np.float32)); prg.mag(q, (n,), None, z, o, np.int32(n)); res["mag"] = get(o, np.zeros(n, np.float32))
o = buf(np.full(2 * n, -1, np.float32)); prg.interleave(q, (n,), None, z, o, np.int32(n)); res["inter"] = get(o, np.zeros(2 * n, np.float32))
z2 = buf(np.full(2 * n, -1, np.float32)); prg.split(q, (n,), None, o, z2, np.int32(n)); res["split"] = get(z2, np.zeros(2 * n, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
