import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags

src = """
__kernel void ids1(__global int *out, __global const float *a, __global float *b) {
    size_t i = get_global_id(0);
    size_t o = get_global_offset(0);
    out[i - o] = (int)(i * 3 + get_global_size(0));
    b[i] = a[i] * 2.0f + 1.0f;
}
__kernel void ids3(__global int *out) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t X = get_global_size(0), Y = get_global_size(1);
    out[(z * Y + y) * X + x] = (int)(x + 100*y + 10000*z);
}
__kernel void ids2off(__global float *m, int ld) {
    int x = get_global_id(0), y = get_global_id(1);
    m[y * ld + x] = (float)x * 0.5f - (float)y;
}
__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n) {
    int i = get_global_id(0);
    if (i < n) y[i] = alpha * x[i] + y[i];
}
"""
prg = cl.Program(ctx, src).build()
res = {}
rng = np.random.default_rng(1)

for n in [1, 2, 3, 7, 100003, 262147, 999983]:
    a = rng.standard_normal(n + 50).astype(np.float32)
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    db = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_fill_buffer(q, db, np.float32(-7), 0, a.nbytes)
    dout = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
    prg.ids1(q, (n,), None, dout, da, db)
    out = np.empty(n, np.int32); b = np.empty_like(a)
    cl.enqueue_copy(q, out, dout); cl.enqueue_copy(q, b, db)
    res[f"ids1_{n}"] = out; res[f"ids1b_{n}"] = b
    # with a global offset
    off = 13 if n > 20 else 1
    dout2 = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
    cl.enqueue_fill_buffer(q, dout2, np.int32(-1), 0, n * 4)
    db2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros_like(a))
    m = n if n + off <= n + 50 else n
    prg.ids1(q, (min(n, n + 50 - off),), None, dout2, da, db2, global_offset=(off,))
    out2 = np.empty(n, np.int32); b2 = np.empty_like(a)
    cl.enqueue_copy(q, out2, dout2); cl.enqueue_copy(q, b2, db2)
    res[f"ids1off_{n}"] = out2; res[f"ids1offb_{n}"] = b2

for shape in [(17, 13, 11), (1, 1, 1), (64, 3, 5), (101, 1, 7), (5, 127, 3)]:
    X, Y, Z = shape
    d = cl.Buffer(ctx, mf.WRITE_ONLY, X * Y * Z * 4)
    prg.ids3(q, shape, None, d)
    o = np.empty(X * Y * Z, np.int32)
    cl.enqueue_copy(q, o, d)
    res[f"ids3_{X}_{Y}_{Z}"] = o

# 2-D with offset into a bigger matrix
ld = 301
mh = np.full((257, ld), 9.0, np.float32)
dm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=mh)
prg.ids2off(q, (211, 199), None, dm, np.int32(ld), global_offset=(37, 29))
cl.enqueue_copy(q, mh, dm)
res["ids2off"] = mh

# saxpy with rounded-up global size and explicit local size
n = 1000003
x = rng.standard_normal(n).astype(np.float32); y = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
gs = ((n + 63) // 64) * 64
for it in range(4):
    prg.saxpy(q, (gs,), (64,), np.float32(0.5 + it), dx, dy, np.int32(n))
cl.enqueue_copy(q, y, dy)
res["saxpy"] = y
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
