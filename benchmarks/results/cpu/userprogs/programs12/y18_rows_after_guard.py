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

# one row per work-item after a bound check, row sums and row scaling
src = """
__kernel void scale(__global float *m, __global const float *s, int rows, int cols) {
    int r = get_global_id(0);
    if (r >= rows) return;
    for (int c = 0; c < cols; c++) m[r * cols + c] *= s[r];
}
__kernel void rowsum(__global const float *m, __global float *o, int rows, int cols) {
    int r = get_global_id(0);
    if (rows <= r) return;
    float acc = 0.0f;
    for (int c = 0; c < cols; c++) acc += m[r * cols + c];
    o[r] = acc;
}
__kernel void colsum(__global const float *m, __global float *o, int rows, int cols) {
    int c = get_global_id(0);
    if (c >= cols) return;
    float acc = 0.0f;
    for (int r = 0; r < rows; r++) acc += m[r * cols + c];
    o[c] = acc;
}
"""
prg = cl.Program(ctx, src).build()
rows, cols = 203, 57
rng = np.random.default_rng(18)
m0 = rng.random(rows * cols).astype(np.float32)
s = rng.random(rows).astype(np.float32)
m = buf(m0)
prg.scale(q, (208,), (16,), m, buf(s), np.int32(rows), np.int32(cols))
res["scaled"] = get(m, m0)
o = buf(np.full(rows, -1, np.float32)); prg.rowsum(q, (208,), (16,), m, o, np.int32(rows), np.int32(cols)); res["rowsum"] = get(o, np.zeros(rows, np.float32))
o = buf(np.full(cols, -1, np.float32)); prg.colsum(q, (64,), (16,), m, o, np.int32(rows), np.int32(cols)); res["colsum"] = get(o, np.zeros(cols, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
