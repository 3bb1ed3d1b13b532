import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1024)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# char, uchar and short elements: an RGB image as uchar triples (3-byte pixels), uchar3
# vectors (4-byte stride), vstore3 of uchars, shorts written at odd offsets
src = """
__kernel void gray(__global const uchar *rgb, __global uchar *g, __global uchar *rgb_out) {
    int i = get_global_id(0);
    uchar r = rgb[3 * i], gg = rgb[3 * i + 1], b = rgb[3 * i + 2];
    g[i] = (uchar)((r * 77 + gg * 150 + b * 29) >> 8);
    rgb_out[3 * i] = b; rgb_out[3 * i + 1] = gg; rgb_out[3 * i + 2] = r;
}
__kernel void vec3(__global uchar3 *p) {
    int i = get_global_id(0);
    p[i] = p[i].zyx + (uchar3)(1, 2, 3);
}
__kernel void st3(__global const uchar *rgb, __global uchar *o) {
    int i = get_global_id(0);
    uchar3 v = vload3(i, rgb);
    vstore3(v.yzx, i, o);
}
__kernel void sh(__global short *o, __global char *c) {
    int i = get_global_id(0);
    o[2 * i + 1] = (short)(i * 7);
    c[i] = (char)(i - 100);
}
"""
prg = cl.Program(ctx, src).build()
n = 99999
rgb = rng.integers(0, 256, 3 * n).astype(np.uint8)
g, ro = buf(np.full(n, 1, np.uint8)), buf(np.full(3 * n, 1, np.uint8))
prg.gray(q, (n,), None, buf(rgb), g, ro)
res["g"] = get(g, np.zeros(n, np.uint8)); res["ro"] = get(ro, rgb)
v = rng.integers(0, 256, 4 * n).astype(np.uint8)
vb = buf(v)
prg.vec3(q, (n,), None, vb)
res["v3"] = get(vb, v)
o = buf(np.full(3 * n, 2, np.uint8))
prg.st3(q, (n,), None, buf(rgb), o)
res["st3"] = get(o, rgb)
o, c = buf(np.full(2 * n, 5, np.int16)), buf(np.full(n, 6, np.int8))
prg.sh(q, (n,), None, o, c)
res["sh"] = get(o, np.zeros(2 * n, np.int16)); res["c"] = get(c, np.zeros(n, np.int8))
np.savez(sys.argv[1], **res)
print("done", len(res))
