import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1101)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers taking __global pointers at offsets the caller computes
src = """
void store_row(__global float *row, int x, float v) { row[x] = v; }
void store2(__global int *p, int k, int v) { p[2 * k] = v; p[2 * k + 1] = -v; }
__kernel void k(__global const float *a, __global float *out, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    store_row(out + y * w, x, a[y * w + x] * 2.0f);
}
__kernel void k2(__global int *out, int base) {
    int i = get_global_id(0);
    store2(out + base, i, i * 7);
}
__kernel void k3(__global float *out, int w) {
    int y = get_global_id(0);
    __global float *row = out + y * w;
    for (int x = 0; x < w; x++) store_row(row + x, 0, (float)(x * y));
}
"""
prg = cl.Program(ctx, src).build()
w, hgt = 256, 200
a = rng.standard_normal(w * hgt).astype(np.float32)
o = buf(np.full(w * hgt, -1, np.float32))
prg.k(q, (w, hgt), None, buf(a), o, np.int32(w))
res["k"] = get(o, a)
n = 40000
o = buf(np.full(2 * n + 100, -1, np.int32))
prg.k2(q, (n,), None, o, np.int32(37))
res["k2"] = get(o, np.zeros(2 * n + 100, np.int32))
o = buf(np.full(w * hgt, -1, np.float32))
prg.k3(q, (hgt,), None, o, np.int32(w))
res["k3"] = get(o, a)
np.savez(sys.argv[1], **res)
print("done", len(res))
