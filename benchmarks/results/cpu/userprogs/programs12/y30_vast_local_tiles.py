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

# a tiled transpose over a padded image of several MB, through local memory
src = """
#define T 16
__kernel void tr(__global const float *in, __global float *o, int w, int h) {
    __local float tile[T][T + 1];
    int x = get_global_id(0), y = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    if (x < w && y < h) tile[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * T + lx, oy = get_group_id(0) * T + ly;
    if (ox < h && oy < w) o[oy * h + ox] = tile[lx][ly];
}
"""
prg = cl.Program(ctx, src).build()
w, h = 700, 500
x = np.random.default_rng(30).random(w * h).astype(np.float32)
o = buf(np.full(w * h, -1, np.float32))
prg.tr(q, (up(w, 16), up(h, 16)), (16, 16), buf(x), o, np.int32(w), np.int32(h))
res["tr"] = get(o, x)
np.savez(sys.argv[1], **res)
print("done", len(res))
