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

# bounds from a struct argument and from a struct in global memory
src = """
typedef struct { int w, h, stride, pad; } shape;
__kernel void a(__global float *o, shape s) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= s.w || y >= s.h) return;
    o[y * s.stride + x] = x + 0.5f * y;
}
__kernel void b(__global float *o, __global const shape *s) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= s->w || y >= s->h) return;
    o[y * s->stride + x] = x - y;
}
__kernel void c(__global float *o, shape s) {
    int x = get_global_id(0), y = get_global_id(1);
    int w = s.w, h = s.h;
    if (!(x < w) || !(y < h)) return;
    o[y * s.stride + x] = 7.0f;
}
"""
prg = cl.Program(ctx, src).build()
dt = np.dtype([("w", np.int32), ("h", np.int32), ("stride", np.int32), ("pad", np.int32)])
s = np.array([(45, 23, 48, 0)], dt)
for name in "abc":
    o = buf(np.full(48 * 24, -1, np.float32))
    arg = buf(s) if name == "b" else s[0]
    getattr(prg, name)(q, (48, 24), (16, 8), o, arg)
    res[name] = get(o, np.zeros(48 * 24, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
