import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# 2-D and 3-D launches whose long dimension is not the first one
src = """
__kernel void col_major(__global const float *a, __global float *o, int rows) {
    int c = get_global_id(0);   /* few */
    int r = get_global_id(1);   /* many */
    o[c * rows + r] = a[r * get_global_size(0) + c] + c;
}
__kernel void vol(__global float *o) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t nx = get_global_size(0), ny = get_global_size(1);
    o[(z * ny + y) * nx + x] = (float)(x * 3 + y * 5 + z * 7);
}
__kernel void by_dim2(__global int *o, int stride) {
    int z = get_global_id(2);
    int y = get_global_id(1);
    o[z * stride + y] = z - y;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(909)
cols, rows = 4, 60000
ha = rng.standard_normal(rows * cols).astype(np.float32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
prg.col_major(q, (cols, rows), None, a, o, np.int32(rows))
h = np.empty_like(ha); cl.enqueue_copy(q, h, o); res["cm"] = h
prg.col_major(q, (cols, rows), (4, 16), a, o, np.int32(rows))
cl.enqueue_copy(q, h, o); res["cm_l"] = h
for shape in [(2, 3, 20000), (1, 300, 200), (5, 1, 9000)]:
    nb = int(np.prod(shape)) * 4
    ov = cl.Buffer(ctx, mf.READ_WRITE, nb)
    prg.vol(q, shape, None, ov)
    hv = np.empty(nb // 4, np.float32); cl.enqueue_copy(q, hv, ov); res["vol_%d_%d_%d" % shape] = hv
ny, nz = 3, 50000
hi = np.full(ny * nz + 10, 99, np.int32)
oi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hi)
prg.by_dim2(q, (1, ny, nz), None, oi, np.int32(ny))
cl.enqueue_copy(q, hi, oi); res["d2"] = hi
np.savez(sys.argv[1], **res)
print("done", len(res))
