import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1018)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a tiled transpose with a (TILE+1)-padded local array, non-square and not multiples of
# the tile, with bounds checks; and a naive transpose with a pitch argument
src = """
#define TILE 16
__kernel void tr(__global const float *a, __global float *o, int w, int h) {
    __local float t[TILE][TILE + 1];
    int gx = get_group_id(0) * TILE, gy = get_group_id(1) * TILE;
    int lx = get_local_id(0), ly = get_local_id(1);
    if (gx + lx < w && gy + ly < h) t[ly][lx] = a[(gy + ly) * w + gx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = gy + lx, oy = gx + ly;
    if (ox < h && oy < w) o[oy * h + ox] = t[lx][ly];
}
__kernel void naive(__global const float *a, __global float *o, int w, int h, int pitch) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < h) o[x * pitch + y] = a[y * w + x];
}
"""
prg = cl.Program(ctx, src).build()
w, h = 500, 300
a = rng.standard_normal(w * h).astype(np.float32)
o = buf(np.full(w * h, -1.0, np.float32))
prg.tr(q, (512, 304), (16, 16), buf(a), o, np.int32(w), np.int32(h))
res["tr"] = get(o, a)
pitch = 320
o = buf(np.full(w * pitch, -1.0, np.float32))
prg.naive(q, (512, 304), None, buf(a), o, np.int32(w), np.int32(h), np.int32(pitch))
res["naive"] = get(o, np.zeros(w * pitch, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
