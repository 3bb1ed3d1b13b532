import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void add_in(__global float *a, __global const float *b) { int i = get_global_id(0); a[i] += b[i]; }
__kernel void sq_in(__global int *a) { int i = get_global_id(0); a[i] = a[i] * a[i] % 100003; }
__kernel void vec_in(__global float4 *a, float s) { int i = get_global_id(0); a[i] = a[i] * s + (float4)(1, 2, 3, 4); }
__kernel void even_odd(__global int *a, int phase, int n) {
    /* odd-even transposition sort step: pairs are disjoint so it is race-free */
    int i = 2 * get_global_id(0) + phase;
    if (i + 1 < n) { int x = a[i], y = a[i + 1]; if (x > y) { a[i] = y; a[i + 1] = x; } }
}
__kernel void rowscale(__global double *m, int W) {
    int r = get_global_id(0);
    double s = 0; for (int c = 0; c < W; c++) s += m[r * W + c];
    for (int c = 0; c < W; c++) m[r * W + c] /= s;
}
""").build()
rng = np.random.default_rng(708)
n = 700001
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32))
k = cl.Kernel(prg, "add_in")
for it in range(25):
    k(q, (n,), None, a, b)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, a); res["add_in"] = h
ai = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 100003, n).astype(np.int32))
ks = cl.Kernel(prg, "sq_in")
for it in range(6):
    ks(q, (n,), None, ai)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, ai); res["sq_in"] = h
m = 100000
av = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(4 * m).astype(np.float32))
kv = cl.Kernel(prg, "vec_in")
for it in range(8):
    kv(q, (m,), None, av, np.float32(0.9))
h = np.empty(4 * m, np.float32); cl.enqueue_copy(q, h, av); res["vec_in"] = h
ns = 3001
arr = rng.integers(0, 10**6, ns).astype(np.int32)
ao = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=arr)
ke = cl.Kernel(prg, "even_odd")
for step in range(ns):
    ke(q, ((ns + 1) // 2,), None, ao, np.int32(step & 1), np.int32(ns))
h = np.empty(ns, np.int32); cl.enqueue_copy(q, h, ao); res["even_odd"] = h
res["even_odd_ok"] = np.array([np.array_equal(h, np.sort(arr))])
R, C = 5000, 64
mm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.random(R * C))
for it in range(3):
    cl.Kernel(prg, "rowscale")(q, (R,), None, mm, np.int32(C))
h = np.empty(R * C); cl.enqueue_copy(q, h, mm); res["rowscale"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
