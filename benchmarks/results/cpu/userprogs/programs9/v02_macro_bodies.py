import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# macros with several statements, the way older C codes write kernels
src = r"""
#define IDX2(r, c, ld) ((r) * (ld) + (c))
#define STORE2(p, i, a, b) do { (p)[2 * (i)] = (a); (p)[2 * (i) + 1] = (b); } while (0)
#define SWAP(T, x, y) { T _t = (x); (x) = (y); (y) = _t; }
#define GUARD(i, n) if ((i) >= (n)) return
#define FOR_K(k, n) for (int k = 0; k < (n); ++k)

__kernel void minmax_pairs(__global const int *a, __global int *out, int n) {
    int i = get_global_id(0);
    GUARD(i, n);
    int x = a[2 * i], y = a[2 * i + 1];
    if (x > y) SWAP(int, x, y);
    STORE2(out, i, x, y);
}
__kernel void row_sums(__global const float *m, __global float *s, int rows, int cols) {
    int r = get_global_id(0);
    GUARD(r, rows);
    float acc = 0.f;
    FOR_K(k, cols) acc += m[IDX2(r, k, cols)];
    s[r] = acc;
}
__kernel void scale_rows(__global float *m, __global const float *s, int cols) {
    int r = get_global_id(1), c = get_global_id(0);
    if (c < cols) { float v = m[IDX2(r, c, cols)]; v /= (s[r] == 0.f ? 1.f : s[r]); m[IDX2(r, c, cols)] = v; }
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(902)
n = 150001
ha = rng.integers(-1000, 1000, 2 * n).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
o = cl.Buffer(ctx, mf.WRITE_ONLY, ha.nbytes)
prg.minmax_pairs(q, (n + 63 & ~63,), (64,), a, o, np.int32(n))
ho = np.empty_like(ha); cl.enqueue_copy(q, ho, o); res["pairs"] = ho
rows, cols = 1200, 333
hm = rng.random((rows, cols)).astype(np.float32)
m = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hm)
s = cl.Buffer(ctx, mf.READ_WRITE, 4 * rows)
prg.row_sums(q, (rows,), None, m, s, np.int32(rows), np.int32(cols))
prg.scale_rows(q, (336, rows), (16, 4), m, s, np.int32(cols))
prg.row_sums(q, (rows,), None, m, s, np.int32(rows), np.int32(cols))
hm2 = np.empty_like(hm); cl.enqueue_copy(q, hm2, m); res["m"] = hm2
hs = np.empty(rows, np.float32); cl.enqueue_copy(q, hs, s); res["s"] = hs
np.savez(sys.argv[1], **res)
print("done", len(res))
