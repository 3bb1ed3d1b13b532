import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# 3-D launches with local sizes and global offsets in the later dimensions
src = """
__kernel void fill3(__global int *o, int nx, int ny) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    o[(z * ny + y) * nx + x] = x + 10 * y + 1000 * z + (int)get_local_id(2);
}
__kernel void sub_box(__global float *o, int nx, int ny) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    o[(z * ny + y) * nx + x] += 1.0f + (float)get_group_id(1);
}
"""
prg = cl.Program(ctx, src).build()
nx, ny, nz = 16, 40, 300
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * nx * ny * nz)
prg.fill3(q, (nx, ny, nz), (4, 2, 4), o, np.int32(nx), np.int32(ny))
g = np.empty(nx * ny * nz, np.int32); cl.enqueue_copy(q, g, o); res["f3"] = g
prg.fill3(q, (nx, ny, nz), None, o, np.int32(nx), np.int32(ny))
cl.enqueue_copy(q, g, o); res["f3n"] = g.copy()
of = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(nx * ny * nz, np.float32))
prg.sub_box(q, (8, 20, 200), (4, 5, 2), of, np.int32(nx), np.int32(ny), global_offset=(4, 10, 50))
prg.sub_box(q, (16, 10, 100), None, of, np.int32(nx), np.int32(ny), global_offset=(0, 0, 200))
prg.sub_box(q, (nx, ny, nz), (16, 8, 1), of, np.int32(nx), np.int32(ny))
gf = np.empty(nx * ny * nz, np.float32); cl.enqueue_copy(q, gf, of); res["sb"] = gf
np.savez(sys.argv[1], **res)
print("done", len(res))
