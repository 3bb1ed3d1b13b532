import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# matrix-vector product, one work-group per row (2-D: rows on dim 1), local reduction,
# output indexed by get_group_id(1); then a column-blocked variant on dim 0
src = """
#define WG 64
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void matvec(__global const float *A, __global const float *x, __global float *y, int cols) {
    __local float part[WG];
    int l = get_local_id(0), r = get_group_id(1);
    float s = 0.f;
    for (int c = l; c < cols; c += WG) s += A[r * cols + c] * x[c];
    part[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = WG / 2; w > 0; w >>= 1) { if (l < w) part[l] += part[l + w]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) y[r] = part[0];
}
__kernel void col_block(__global const float *A, __global float *o, int rows, int cols) {
    int c = get_global_id(0);
    float m = -INFINITY;
    for (int r = 0; r < rows; ++r) m = fmax(m, A[r * cols + c]);
    o[c] = m;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(932)
rows, cols = 3000, 300
hA = rng.standard_normal((rows, cols)).astype(np.float32)
hx = rng.standard_normal(cols).astype(np.float32)
A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hA)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
y = cl.Buffer(ctx, mf.READ_WRITE, 4 * rows)
prg.matvec(q, (64, rows), (64, 1), A, x, y, np.int32(cols))
g = np.empty(rows, np.float32); cl.enqueue_copy(q, g, y); res["y"] = g
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * cols)
prg.col_block(q, (cols,), None, A, o, np.int32(rows), np.int32(cols))
g2 = np.empty(cols, np.float32); cl.enqueue_copy(q, g2, o); res["cmax"] = g2
np.savez(sys.argv[1], **res)
print("done", len(res))
