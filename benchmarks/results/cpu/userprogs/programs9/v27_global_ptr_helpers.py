import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# helpers that take __global pointers and write through them; row pointers made by
# pointer arithmetic; a chain of three helper calls
src = """
void store(__global float *p, int i, float v) { p[i] = v; }
void store2(__global float *p, int i, float v) { store(p, 2 * i, v); store(p, 2 * i + 1, -v); }
float load_rev(__global const float *p, int n, int i) { return p[n - 1 - i]; }
__global float *row_ptr(__global float *base, int y, int w) { return base + y * w; }
__kernel void pairs(__global const float *a, __global float *o, int n) {
    int i = get_global_id(0);
    if (i < n) store2(o, i, load_rev(a, n, i));
}
__kernel void rows(__global float *o, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    __global float *r = row_ptr(o, y, w);
    r[x] = (float)(y * w + x) * 0.5f;
}
__kernel void shifted_base(__global float *o, __global const float *a, int off) {
    __global float *dst = o + off;
    int i = get_global_id(0);
    dst[i] = a[i] + 1.0f;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(927)
n = 150001
ha = rng.standard_normal(n).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE, 8 * n)
prg.pairs(q, (n + 15,), None, a, o, np.int32(n))
g = np.empty(2 * n, np.float32); cl.enqueue_copy(q, g, o); res["pairs"] = g
w, h = 300, 400
o2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * w * h)
prg.rows(q, (w, h), None, o2, np.int32(w))
g2 = np.empty(w * h, np.float32); cl.enqueue_copy(q, g2, o2); res["rows"] = g2
ho = np.zeros(n + 1000, np.float32)
o3 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
for off in [0, 1000, 333]:
    prg.shifted_base(q, (n,), None, o3, a, np.int32(off))
    cl.enqueue_copy(q, ho, o3); res[f"sb_{off}"] = ho.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
