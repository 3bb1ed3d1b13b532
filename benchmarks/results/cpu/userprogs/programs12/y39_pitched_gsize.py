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

# output pitched by the padded global size, input by the data width
src = """
__kernel void pitch(__global const int *in, __global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    int pitch = get_global_size(0);
    if (x >= w || y >= h) return;
    o[y * pitch + x] = in[y * w + x] + 1;
}
__kernel void unpitch(__global const int *in, __global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    o[y * w + x] = in[y * get_global_size(0) + x] * 2;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 50, 30
G = (64, 32)
inp = np.arange(w * h, dtype=np.int32)
o = buf(np.full(G[0] * G[1], -1, np.int32))
prg.pitch(q, G, (16, 8), buf(inp), o, np.int32(w), np.int32(h))
res["pitch"] = get(o, np.zeros(G[0] * G[1], np.int32))
o2 = buf(np.full(w * h, -1, np.int32))
prg.unpitch(q, G, (16, 8), o, o2, np.int32(w), np.int32(h))
res["unpitch"] = get(o2, np.zeros(w * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
