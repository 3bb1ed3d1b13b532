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

# size_t and uint ids with signed and unsigned bounds, and the one-compare range check
src = """
__kernel void a(__global int *o, uint w, uint h) {
    size_t x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h) return;
    o[y * w + x] = (int)(x + y);
}
__kernel void b(__global int *o, int w, int h) {
    uint x = get_global_id(0), y = get_global_id(1);
    if (x >= (uint)w || y >= (uint)h) return;
    o[y * w + x] = (int)x - (int)y;
}
__kernel void c(__global int *o, int lo, uint len) {
    int i = get_global_id(0);
    if ((uint)(i - lo) >= len) return;
    o[i] = i * 2;
}
__kernel void d(__global int *o, int lo, int hi) {
    int i = (int)get_global_id(0) - lo;
    if (i < 0 || i >= hi) return;
    o[i] = i + 5;
}
__kernel void e(__global int *o, ulong n) {
    size_t i = get_global_id(0);
    if (!(i < n)) return;
    o[i] = (int)i;
}
__kernel void f(__global int *o, int n) {
    uint i = get_global_id(0);
    if (i - 3 >= (uint)n) return;
    o[i] = 9;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 77, 29
for name in "ab":
    o = buf(np.full(w * h, -1, np.int32))
    ty = np.uint32 if name == "a" else np.int32
    getattr(prg, name)(q, (80, 32), (16, 8), o, ty(w), ty(h))
    res[name] = get(o, np.zeros(w * h, np.int32))
n = 1000
o = buf(np.full(n, -1, np.int32)); prg.c(q, (n,), (8,), o, np.int32(100), np.uint32(333)); res["c"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.d(q, (n,), (8,), o, np.int32(17), np.int32(900)); res["d"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.e(q, (1008,), (16,), o, np.uint64(n)); res["e"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n + 8, -1, np.int32)); prg.f(q, (1008,), (16,), o, np.int32(n)); res["f"] = get(o, np.zeros(n + 8, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
