import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# C idioms: packing with out[k++], pointer walks with *p++, the one-comparison
# range check (uint)(x - lo) < len, interior-only stencils
prg = cl.Program(ctx, """
typedef struct { float x, y, z; } P3;
__kernel void pack_xyz(__global const float *x, __global const float *y,
                       __global const float *z, __global float *out) {
    int i = get_global_id(0);
    int k = 3 * i;
    out[k++] = x[i];
    out[k++] = y[i];
    out[k++] = z[i];
}
__kernel void unpack_walk(__global const float *in, __global float *sums) {
    int i = get_global_id(0);
    __global const float *p = in + 3 * i;
    float s = *p++;
    s += 2.0f * *p++;
    s += 4.0f * *p;
    sums[i] = s;
}
__kernel void emit_pairs(__global int2 *o, __global const int *a) {
    int i = get_global_id(0);
    __global int *w = (__global int *)o + 2 * i;
    *w++ = a[i];
    *w = a[i] * a[i];
}
__kernel void window(__global int *o, int lo, int len, int v) {
    int i = get_global_id(0);
    if ((uint)(i - lo) < (uint)len) o[i] = v + i;
}
__kernel void interior(__global const float *a, __global float *o, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    if ((uint)(x - 1) < (uint)(W - 2) && (uint)(y - 1) < (uint)(H - 2))
        o[y * W + x] = 0.25f * (a[y * W + x - 1] + a[y * W + x + 1] + a[(y - 1) * W + x] + a[(y + 1) * W + x]);
}
__kernel void scale(__global float *o, float s) { o[get_global_id(0)] *= s; }
""").build()
rng = np.random.default_rng(837)
n = 50000
hx, hy, hz = (rng.standard_normal(n).astype(np.float32) for _ in range(3))
bx, by, bz = (cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=h) for h in (hx, hy, hz))
out = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(3 * n, np.float32))
prg.scale(q, (3 * n,), (48,), out, np.float32(2.0))
prg.pack_xyz(q, (n,), (80,), bx, by, bz, out)
h = np.empty(3 * n, np.float32); cl.enqueue_copy(q, h, out); res["packed"] = h
sums = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.unpack_walk(q, (n,), None, out, sums)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, sums); res["sums"] = h
ha = rng.integers(-1000, 1000, n).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
pairs = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2 * n, np.int32))
prg.emit_pairs(q, (n,), (100,), pairs, a)
h = np.empty(2 * n, np.int32); cl.enqueue_copy(q, h, pairs); res["pairs"] = h
win = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
kw = cl.Kernel(prg, "window")
for lo, ln, v in [(1000, 20000, 7), (30000, 5000, -3), (0, 100, 1), (45000, 10000, 9)]:
    kw(q, (n,), (50,), win, np.int32(lo), np.int32(ln), np.int32(v))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, win); res["window"] = h
W, H = 300, 200
hg = rng.standard_normal(W * H).astype(np.float32)
g = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hg)
go = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hg)
prg.scale(q, (W * H,), None, go, np.float32(-1.0))
prg.interior(q, (W, H), (20, 8), g, go, np.int32(W), np.int32(H))
h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, go); res["interior"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
