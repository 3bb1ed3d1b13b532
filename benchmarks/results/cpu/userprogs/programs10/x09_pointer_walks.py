import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1009)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# pointer arithmetic on globals: row pointers, a pointer stepped by a stride argument,
# pointer differences, a pointer moved back from the end
src = """
__kernel void rows(__global const float *a, __global float *o, int w) {
    int y = get_global_id(0);
    __global const float *src = a + y * w;
    __global float *row = o + y * w;
    for (int x = 0; x < w; ++x) row[x] = src[w - 1 - x] * 0.5f;
}
__kernel void stride_walk(__global int *o, int stride, int cnt) {
    int i = get_global_id(0);
    __global int *p = o + i;
    for (int k = 0; k < cnt; k++) { *p = i * 100 + k; p += stride; }
}
__kernel void from_end(__global int *o, int n) {
    int i = get_global_id(0);
    __global int *e = o + n;
    e -= i + 1;
    *e = i;
    *(e - 0) += 1;
}
__kernel void col_ptr(__global float *m, int w, int h) {
    int x = get_global_id(0);
    __global float *p = &m[x];
    for (int y = 0; y < h; y++, p += w) *p = (float)(x * y);
}
"""
prg = cl.Program(ctx, src).build()
h_, w = 4096, 24
a = rng.standard_normal(h_ * w).astype(np.float32)
o = buf(np.full(h_ * w, 2.0, np.float32))
prg.rows(q, (h_,), None, buf(a), o, np.int32(w))
res["rows"] = get(o, a)
stride, cnt = 5000, 7
o = buf(np.full(stride * cnt, -1, np.int32))
prg.stride_walk(q, (stride,), None, o, np.int32(stride), np.int32(cnt))
res["walk"] = get(o, np.zeros(stride * cnt, np.int32))
n = 70001
o = buf(np.full(n + 3, 4, np.int32))
prg.from_end(q, (n,), None, o, np.int32(n))
res["end"] = get(o, np.zeros(n + 3, np.int32))
o = buf(np.full(1000 * 60, 1.5, np.float32))
prg.col_ptr(q, (1000,), None, o, np.int32(1000), np.int32(60))
res["col"] = get(o, np.zeros(60000, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
