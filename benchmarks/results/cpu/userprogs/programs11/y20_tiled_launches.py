import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1120)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# many small launches with changing global offsets to tile a big array
src = """
__kernel void tile(__global int *o, int w, int v) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = v * 100000 + y * w + x;
}
__kernel void t1(__global float *o, __global const float *a) {
    size_t i = get_global_id(0);
    o[i] = a[i] * a[i];
}
"""
prg = cl.Program(ctx, src).build()
w, h, t = 512, 384, 128
o = buf(np.full(w * h, -1, np.int32))
v = 0
for ty in range(0, h, t):
    for tx in range(0, w, t):
        prg.tile(q, (t, t), None, o, np.int32(w), np.int32(v), global_offset=(tx, ty)); v += 1
res["tile"] = get(o, np.zeros(w * h, np.int32))
n = 1 << 18
a = rng.standard_normal(n).astype(np.float32)
o = buf(np.zeros(n, np.float32))
step = 1 << 15
for s in range(0, n, step):
    prg.t1(q, (step,), None, o, buf(a), global_offset=(s,))
res["t1"] = get(o, a)
np.savez(sys.argv[1], **res)
print("done", len(res))
