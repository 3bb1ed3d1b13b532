import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# a small library of overloaded index helpers (clang's overloadable attribute), one name
# for 1-D, 2-D and 3-D addressing, as C++-minded users write them
src = """
#define OVL __attribute__((overloadable))
OVL int at(int x, int y, int w) { return y * w + x; }
OVL int at(int x, int y, int z, int w, int h) { return (z * h + y) * w + x; }
OVL int at(int x) { return x; }
OVL float twice(float v) { return 2.0f * v; }
OVL int twice(int v) { return 2 * v; }
__kernel void copy1(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    o[at(i)] = twice(a[at(i)]);
}
__kernel void copy2(__global const float *a, __global float *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    o[at(x, y, w)] = a[at(x, y, w)] + 1.0f;
}
__kernel void spread(__global int *o, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    o[at(x, y, z, w, h)] = twice(x + y + z);
}
__kernel void step_pairs(__global int *o) {
    int i = get_global_id(0);
    o[twice(i)] = i;
    o[twice(i) + 1] = -i;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(938)
w, h, d = 64, 50, 40
ha = rng.standard_normal(w * h * d).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(w * h * d, np.float32))
prg.copy1(q, (w * h * d,), None, a, o)
g = np.empty(w * h * d, np.float32); cl.enqueue_copy(q, g, o); res["c1"] = g
prg.copy2(q, (w, h * d), None, a, o, np.int32(w))
cl.enqueue_copy(q, g, o); res["c2"] = g.copy()
oi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2 * w * h * d, np.int32))
prg.spread(q, (w, h, d), None, oi, np.int32(w), np.int32(h))
gi = np.empty(2 * w * h * d, np.int32); cl.enqueue_copy(q, gi, oi); res["spread"] = gi
prg.step_pairs(q, (w * h * d,), None, oi)
cl.enqueue_copy(q, gi, oi); res["pairs"] = gi.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
