import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__kernel void tag3(__global int *out, int nx, int ny) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int idx = (z * ny + y) * nx + x;
    out[4*idx+0] = x * 1000000 + y * 1000 + z;
    out[4*idx+1] = get_global_offset(0) + 10 * get_global_offset(1) + 100 * get_global_offset(2);
    out[4*idx+2] = get_global_size(0) * 10000 + get_global_size(1) * 100 + get_global_size(2);
    out[4*idx+3] = get_work_dim();
}
__kernel void shift2(__global float *dst, __global const float *src, int w) {
    int x = get_global_id(0), y = get_global_id(1);
    int ox = get_global_offset(0), oy = get_global_offset(1);
    dst[y * w + x] = src[(y - oy) * w + (x - ox)] + (float)(ox + oy);
}
__kernel void heat3(__global const double *u, __global double *v, int nx, int ny, int nz) {
    int i = get_global_id(0), j = get_global_id(1), k = get_global_id(2);
    int c = (k * ny + j) * nx + i;
    if (i == 0 || j == 0 || k == 0 || i == nx-1 || j == ny-1 || k == nz-1) { v[c] = u[c]; return; }
    v[c] = u[c] + 0.1 * (u[c-1] + u[c+1] + u[c-nx] + u[c+nx] + u[c-nx*ny] + u[c+nx*ny] - 6.0*u[c]);
}
"""
prg = cl.Program(ctx, src).build()
nx, ny, nz = 37, 29, 13
out = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4 * (nx + 5) * (ny + 3) * (nz + 2))
cl.enqueue_fill_buffer(q, out, np.int32(-1), 0, 4 * 4 * (nx + 5) * (ny + 3) * (nz + 2))
prg.tag3(q, (nx, ny, nz), None, out, np.int32(nx + 5), np.int32(ny + 3), global_offset=(5, 3, 2))
h = np.empty(4 * (nx + 5) * (ny + 3) * (nz + 2), np.int32); cl.enqueue_copy(q, h, out); res["tag3_off"] = h
prg.tag3(q, (nx, ny, nz), None, out, np.int32(nx + 5), np.int32(ny + 3))
cl.enqueue_copy(q, h, out); res["tag3"] = h.copy()
prg.tag3(q, (31, 7), None, out, np.int32(nx + 5), np.int32(ny + 3), global_offset=(11, 13))
cl.enqueue_copy(q, h, out); res["tag2_off"] = h.copy()
prg.tag3(q, (101,), None, out, np.int32(nx + 5), np.int32(ny + 3), global_offset=(59,))
cl.enqueue_copy(q, h, out); res["tag1_off"] = h.copy()
# 2-D shifted copy with prime sizes and offsets, with local size
w, hgt = 211, 127
srch = np.arange(w * hgt, dtype=np.float32)
s = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=srch)
d = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(w * hgt, np.float32))
prg.shift2(q, (w - 17, hgt - 23), None, d, s, np.int32(w), global_offset=(17, 23))
dh = np.empty(w * hgt, np.float32); cl.enqueue_copy(q, dh, d); res["shift2"] = dh.copy()
prg.shift2(q, (w - 1, hgt - 1), (1, 1), d, s, np.int32(w), global_offset=(1, 1))
cl.enqueue_copy(q, dh, d); res["shift2_l11"] = dh.copy()
prg.shift2(q, (200, 120), (8, 4), d, s, np.int32(w), global_offset=(3, 2))
cl.enqueue_copy(q, dh, d); res["shift2_l84"] = dh.copy()
# 3-D heat in double precision, ping-pong
n3 = (23, 19, 17)
u0 = np.random.default_rng(7).random(np.prod(n3)).astype(np.float64)
u = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=u0)
v = cl.Buffer(ctx, mf.READ_WRITE, u0.nbytes)
for it in range(40):
    prg.heat3(q, n3, None, u, v, *[np.int32(t) for t in n3])
    u, v = v, u
uh = np.empty_like(u0); cl.enqueue_copy(q, uh, u); res["heat3"] = uh
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
