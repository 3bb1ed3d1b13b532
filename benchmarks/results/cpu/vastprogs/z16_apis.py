from _z import *
import time
src = """
__kernel void sc(__global float *out, __global const float *in) {
  size_t i = get_global_id(0); out[i] = in[i] * 1.5f + (float)get_global_offset(0);
}
__kernel void nb(__global float *out, __global const float *in, int n) {
  int i = get_global_id(0); out[i] = in[i] + (i > 0 ? in[i - 1] : 0.0f) + (i + 1 < n ? in[i + 1] : 0.0f);
}
__kernel void k3(__global float *out, __global const float *in, int nx, int ny) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  size_t c = ((size_t)z * ny + y) * nx + x;
  out[c] = in[c] + (z > 0 ? in[c - (size_t)nx * ny] : 0.0f) + (y > 0 ? in[c - nx] : 0.0f);
}
"""
prg = cl.Program(ctx, src).build()
n = NF
a = filled(n, 22)
ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
def get(b, m=n):
    r = np.empty(m, np.float32); cl.enqueue_copy(queue, r, b); return r
def t_goff():
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    prg.sc(queue, (n // 2,), (256,), ob, ab, global_offset=(n // 4,)); RES["goff"] = get(ob)
def t_sub():
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    off = 4 * 2**20  # 4 MiB aligned
    m = (n - 2 * 2**20) // 256 * 256
    si = ab.get_sub_region(off, 4 * m); so = ob.get_sub_region(off // 2, 4 * m)
    prg.nb(queue, (m,), (256,), so, si, np.int32(m)); RES["sub"] = get(ob)
def t_fill():
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    cl.enqueue_fill_buffer(queue, ob, np.float32(2.5), 0, 4 * n)
    cl.enqueue_fill_buffer(queue, ob, np.float32(-1.0), 4 * 1000, 4 * (n // 3))
    prg.nb(queue, (n,), (128,), ab, ob, np.int32(n)); RES["fill_a"] = get(ab); RES["fill_b"] = get(ob)
def t_rect():
    w = 4096; h = n // w
    h_out = np.zeros((100, 300), np.float32)
    cl.enqueue_copy(queue, h_out, ab, buffer_origin=(4 * 1000, h // 2), host_origin=(0, 0), region=(4 * 300, 100),
                    buffer_pitches=(4 * w,), host_pitches=(4 * 300,))
    RES["rect"] = h_out
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    cl.enqueue_copy(queue, ob, ab, src_origin=(0, 3), dst_origin=(4 * 7, h - 400), region=(4 * 2000, 300),
                    src_pitches=(4 * w,), dst_pitches=(4 * w,))
    RES["rect_bb"] = get(ob)
def t_map():
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    prg.sc(queue, (n,), (256,), ob, ab)
    m, ev = cl.enqueue_map_buffer(queue, ob, cl.map_flags.READ | cl.map_flags.WRITE, 4 * (n // 2), (1000,), np.float32)
    RES["map_r"] = m.copy(); m[:] = 42.0; m.base.release() if hasattr(m.base, "release") else None; del m
    queue.finish(); prg.nb(queue, (n,), (256,), ab, ob, np.int32(n)); RES["map_after"] = get(ab)
def t_3d():
    nx, ny = 256, 64; nz = n // (nx * ny) // 2 * 2
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    prg.k3(queue, (nx, ny, nz), (64, 2, 2), ob, ab, np.int32(nx), np.int32(ny)); RES["k3"] = get(ob)[: nx * ny * nz]
sel = os.environ.get("Z_CASES")
for nm, f in list(globals().items()):
    if nm.startswith("t_") and (not sel or nm[2:] in sel.split(",")):
        t0 = time.time(); guard(nm[2:], f); print(nm, "%.1fs" % (time.time() - t0), flush=True)
save()
