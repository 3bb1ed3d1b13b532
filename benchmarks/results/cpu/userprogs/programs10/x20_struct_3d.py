import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1020)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# 3-D kernels indexing z*w*h + y*w + x with the sizes in a struct argument, a halo
# offset in the struct, a slice kernel launched over one plane
src = """
typedef struct { int w, h, d, halo; } dims_t;
__kernel void fill3(__global float *o, dims_t g) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int W = g.w + 2 * g.halo, H = g.h + 2 * g.halo;
    o[(z + g.halo) * W * H + (y + g.halo) * W + x + g.halo] = (float)(x + 10 * y + 100 * z);
}
__kernel void lap3(__global const float *u, __global float *v, dims_t g) {
    int x = get_global_id(0) + 1, y = get_global_id(1) + 1, z = get_global_id(2) + 1;
    int W = g.w + 2, H = g.h + 2;
    int c = z * W * H + y * W + x;
    v[c] = u[c - 1] + u[c + 1] + u[c - W] + u[c + W] + u[c - W * H] + u[c + W * H] - 6.0f * u[c];
}
"""
prg = cl.Program(ctx, src).build()
dt = np.dtype([("w", np.int32), ("h", np.int32), ("d", np.int32), ("halo", np.int32)])
w, h, d = 40, 30, 50
g = np.array((w, h, d, 1), dt)
tot = (w + 2) * (h + 2) * (d + 2)
o = buf(np.full(tot, -1.0, np.float32))
prg.fill3(q, (w, h, d), None, o, g)
res["fill"] = get(o, np.zeros(tot, np.float32))
v = buf(np.full(tot, 0.5, np.float32))
prg.lap3(q, (w, h, d), None, o, v, g)
res["lap"] = get(v, np.zeros(tot, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
