import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

import pyopencl.array as cla
prg = cl.Program(ctx, """
__kernel void scale_strided(__global float *base, long off, int stride, float s, int n) {
    int i = get_global_id(0);
    if (i < n) base[off + (long)i * stride] *= s;
}
__kernel void col_sum(__global const float *m0, long off, int ld, int rows, __global float *out) {
    int c = get_global_id(0);
    __global const float *m = m0 + off;
    float acc = 0.0f;
    for (int r = 0; r < rows; r++) acc += m[r * ld + c];
    out[c] = acc;
}
__kernel void copy_rows(__global const float *src0, long off, __global float *dst, int ld, int w) {
    __global const float *src = src0 + off;
    int r = get_global_id(1), c = get_global_id(0);
    if (c < w) dst[r * w + c] = src[r * ld + c];
}
""").build()
rng = np.random.default_rng(812)
R, C = 300, 220
hm = rng.standard_normal((R, C)).astype(np.float32)
m = cla.to_device(q, hm)
sub = m[10:250:3, 5:200]
res["sub_contig"] = np.array([int(sub.flags.c_contiguous)])
# a strided row view: walk it with explicit offset and stride in elements
view = m[7]
prg.scale_strided(q, (256,), None, m.data, np.int64(view.offset // 4), np.int32(1), np.float32(2.0), np.int32(C))
colv = m[:, 3]
prg.scale_strided(q, (R,), None, m.data, np.int64(colv.offset // 4), np.int32(colv.strides[0] // 4), np.float32(-1.0), np.int32(R))
res["after_scale"] = m.get()
s2 = m[50:]
out = cla.empty(q, C, np.float32)
prg.col_sum(q, (C,), None, s2.base_data, np.int64(s2.offset // 4), np.int32(C), np.int32(R - 50), out.data)
res["colsum"] = out.get()
dst = cla.zeros(q, (80, 100), np.float32)
rowsv = m[20:100]
prg.copy_rows(q, (128, 80), (32, 4), m.base_data, np.int64(rowsv.offset // 4), dst.data, np.int32(C), np.int32(100))
res["rows"] = dst.get()
v = m[::2, ::3]
res["strided_get"] = v.copy().get() if v.flags.forc else np.ascontiguousarray(m.get()[::2, ::3])
w = (m[1:200] * 2 + 1).get()
res["elementwise"] = w
a = cla.arange(q, 0, 100000, 1, dtype=np.float32)
part = a[1000:50000]
part2 = part * 3
a[1000:50000] = part2
res["slices"] = a.get()
np.savez(sys.argv[1], **res)
print("done", len(res))
