import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1036)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a buffer viewed as rows of a fixed-size array type: __global float (*m)[16], a typedef
# of a row struct-free array, and a row pointer taken with &m[y][0]
src = """
#define W 16
typedef float row_t[W];
__kernel void rows2d(__global float *a, int h) {
    __global float (*m)[W] = (__global float (*)[W])a;
    int y = get_global_id(0);
    for (int x = 0; x < W; x++) m[y][x] = (float)(y * W + x) * 0.25f;
}
__kernel void typed(__global row_t *m) {
    int y = get_global_id(0), x = get_global_id(1);
    m[y][W - 1 - x] += 1.0f;
}
__kernel void rowptr(__global float *a) {
    __global float (*m)[W] = (__global float (*)[W])a;
    int y = get_global_id(0);
    __global float *r = &m[y][0];
    r[3] = -1.0f; r[W - 1] = -2.0f;
}
"""
prg = cl.Program(ctx, src).build()
h = 20000
o = buf(np.full(h * 16, 5.0, np.float32))
prg.rows2d(q, (h,), None, o, np.int32(h))
res["rows"] = get(o, np.zeros(h * 16, np.float32))
prg.typed(q, (h, 16), None, o)
res["typed"] = get(o, np.zeros(h * 16, np.float32))
prg.rowptr(q, (h,), None, o)
res["rowptr"] = get(o, np.zeros(h * 16, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
