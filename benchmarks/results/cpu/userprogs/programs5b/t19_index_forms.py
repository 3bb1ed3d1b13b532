import sys
import numpy as np
import pyopencl as cl
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
layout = np.dtype([("stride", np.int32), ("offset", np.int32), ("scale", np.float32), ("pad", np.int32)])
layout, layout_c = clt.match_dtype_to_c_struct(dev, "layout_t", layout)
layout = clt.get_or_register_dtype("layout_t", layout)
prg = cl.Program(ctx, layout_c + """
__kernel void by_struct(__global float *o, layout_t L) {
    int i = get_global_id(0);
    o[i * L.stride + L.offset] = (float)i * L.scale;
}
__kernel void rowptr(__global float *o, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    __global float *row = o + (size_t)y * W;
    row[x] = (float)(x - y);
    row += 0;
}
__kernel void pick_dst(__global int *a, __global int *b) {
    int i = get_global_id(0);
    __global int *dst = (i & 1) ? a : b;
    dst[i >> 1] = i * 3;
}
__kernel void long_stride(__global short *o, long stride, long base) {
    long i = get_global_id(0);
    o[base + i * stride] = (short)(i & 0x3fff);
}
__kernel void vstore_off(__global const float *a, __global float *o, int off) {
    int i = get_global_id(0);
    float4 v = vload4(i, a);
    vstore4(v * 2.0f, 0, o + 4 * i + off);
}
__kernel void blur(__global const float *a, __global float *o, int r, int n) {
    int i = get_global_id(0);
    float s = 0.0f;
    for (int k = -r; k <= r; k += 97) { int j = clamp(i + k, 0, n - 1); s += a[j]; }
    o[i] = s;
}
__kernel void first_half(__global int *x, int n) {
    int i = get_global_id(0);
    if (i < n / 2) x[i] = i * 5 + 1;
}
__kernel void consume_all(__global const int *x, __global long *o, int n) {
    int i = get_global_id(0);
    o[i] = (long)x[i] * 3 + x[n - 1 - i] + x[(i * 7919) % n];
}
__kernel void ptr_walk(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    __global const int *p = a + i;
    int s = 0;
    for (int k = 0; k < 4 && i + k < n; ++k) s += *p++;
    *(o + i) = s;
}
__kernel void const_table(__constant int *tab, __global int *o, int ntab) {
    int i = get_global_id(0);
    o[tab[i % ntab] + (i / ntab) * ntab] = i;
}
""").build()
n = 100003
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * (3 * n + 11))
cl.enqueue_fill_buffer(q, o, np.float32(-1), 0, 4 * (3 * n + 11))
for stride, off, sc in [(3, 0, 1.0), (3, 1, 0.5), (3, 11, -2.0)]:
    L = np.zeros(1, layout)[0]; L["stride"] = stride; L["offset"] = off; L["scale"] = sc
    cl.Kernel(prg, "by_struct")(q, (n,), None, o, L)
h = np.empty(3 * n + 11, np.float32); cl.enqueue_copy(q, h, o); res["by_struct"] = h
W, H = 517, 211
r = cl.Buffer(ctx, mf.WRITE_ONLY, W * H * 4)
cl.Kernel(prg, "rowptr")(q, (W, H), None, r, np.int32(W))
h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, r); res["rowptr"] = h
a = cl.Buffer(ctx, mf.READ_WRITE, n * 4); b = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_fill_buffer(q, a, np.int32(0), 0, n * 4); cl.enqueue_fill_buffer(q, b, np.int32(0), 0, n * 4)
cl.Kernel(prg, "pick_dst")(q, (n,), None, a, b)
ha = np.empty(n, np.int32); hb = np.empty(n, np.int32)
cl.enqueue_copy(q, ha, a); cl.enqueue_copy(q, hb, b); res["pick_a"] = ha; res["pick_b"] = hb
so = cl.Buffer(ctx, mf.READ_WRITE, 2 * 5 * n)
cl.enqueue_fill_buffer(q, so, np.int16(7), 0, 2 * 5 * n)
cl.Kernel(prg, "long_stride")(q, (n,), None, so, np.int64(5), np.int64(2))
cl.Kernel(prg, "long_stride")(q, (n // 2,), None, so, np.int64(-5), np.int64(5 * n - 1))
hs = np.empty(5 * n, np.int16); cl.enqueue_copy(q, hs, so); res["long_stride"] = hs
m = 4 * 50000
va = np.arange(m, dtype=np.float32)
dva = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=va); dvo = cl.Buffer(ctx, mf.READ_WRITE, (m + 8) * 4)
cl.enqueue_fill_buffer(q, dvo, np.float32(0), 0, (m + 8) * 4)
cl.Kernel(prg, "vstore_off")(q, (m // 4,), None, dva, dvo, np.int32(3))
hv = np.empty(m + 8, np.float32); cl.enqueue_copy(q, hv, dvo); res["vstore_off"] = hv
rng = np.random.default_rng(1919)
ba = rng.integers(-100, 100, n).astype(np.float32)
dba = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ba); dbo = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
for rad in [0, 5000, 60000]:
    cl.Kernel(prg, "blur")(q, (n,), None, dba, dbo, np.int32(rad), np.int32(n))
    hb2 = np.empty(n, np.float32); cl.enqueue_copy(q, hb2, dbo); res[f"blur_{rad}"] = hb2
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -3, np.int32))
ol = cl.Buffer(ctx, mf.WRITE_ONLY, n * 8)
cl.Kernel(prg, "first_half")(q, (n,), None, x, np.int32(n))
cl.Kernel(prg, "consume_all")(q, (n,), None, x, ol, np.int32(n))
hl = np.empty(n, np.int64); cl.enqueue_copy(q, hl, ol); res["consume"] = hl
pw = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
cl.Kernel(prg, "ptr_walk")(q, (n,), None, x, pw, np.int32(n))
cl.enqueue_copy(q, ha, pw); res["ptr_walk"] = ha.copy()
tab = np.array([3, 0, 6, 1, 4, 2, 5], np.int32)
dtab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=tab)
ct = cl.Buffer(ctx, mf.READ_WRITE, 7 * 14286 * 4)
cl.enqueue_fill_buffer(q, ct, np.int32(-1), 0, 7 * 14286 * 4)
cl.Kernel(prg, "const_table")(q, (7 * 14286,), None, dtab, ct, np.int32(7))
hc = np.empty(7 * 14286, np.int32); cl.enqueue_copy(q, hc, ct); res["const_table"] = hc
np.savez(sys.argv[1], **res)
print("done", len(res))
