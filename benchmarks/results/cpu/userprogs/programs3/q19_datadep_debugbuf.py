import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__kernel void mandel(__global const float2 *c, __global ushort *iters, __global int *dbg, int maxit) {
    int i = get_global_id(0);
    float2 z = (float2)(0, 0), cc = c[i];
    int k = 0;
    while (k < maxit && z.x*z.x + z.y*z.y <= 4.0f) { z = (float2)(z.x*z.x - z.y*z.y + cc.x, 2*z.x*z.y + cc.y); k++; }
    iters[i] = k;
    if (k == maxit) atomic_inc(&dbg[0]);
    atomic_max(&dbg[1], k < maxit ? k : 0);
    if (i == get_global_size(0) - 1) { dbg[2] = get_global_size(0); dbg[3] = get_num_groups(0) * get_local_size(0); }
}
__kernel void search(__global const int *hay, int n, int needle, __global int *first) {
    int i = get_global_id(0);
    if (i < n && hay[i] == needle) atomic_min(first, i);
}
__kernel void bisect(__global const double *coef, __global double *root) {
    int i = get_global_id(0);
    double a = coef[i], lo = 0, hi = a + 1;
    int steps = 0;
    while (hi - lo > 1e-12 && steps < 200) { double m = 0.5*(lo+hi); if (m*m*m - a > 0) hi = m; else lo = m; steps++; }
    root[2*i] = lo; root[2*i+1] = steps;
}
"""
prg = cl.Program(ctx, src).build()
W, H = 401, 233
xs = np.linspace(-2.2, 0.8, W, dtype=np.float32); ys = np.linspace(-1.2, 1.2, H, dtype=np.float32)
cgrid = np.zeros(W * H, np.dtype([("x", np.float32), ("y", np.float32)]))
X, Y = np.meshgrid(xs, ys)
cgrid["x"] = X.ravel(); cgrid["y"] = Y.ravel()
dc = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=cgrid)
di = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * W * H)
dbg = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(4, np.int32))
km = prg.mandel
for maxit in [50, 300]:
    cl.enqueue_fill_buffer(q, dbg, np.int32(0), 0, 16)
    km(q, (W * H,), None, dc, di, dbg, np.int32(maxit))
    it = np.empty(W * H, np.uint16); cl.enqueue_copy(q, it, di)
    d = np.empty(4, np.int32); cl.enqueue_copy(q, d, dbg)
    res[f"mandel_{maxit}"] = it; res[f"dbg_{maxit}"] = d
rng = np.random.default_rng(1919)
hay = rng.integers(0, 5000, 200003).astype(np.int32)
dh = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hay)
first = cl.Buffer(ctx, mf.READ_WRITE, 4)
ks = prg.search
found = []
for needle in [hay[150000], hay[5], 4999, 123456]:
    cl.enqueue_copy(q, first, np.array([2**31 - 1], np.int32))
    ks(q, (200003 + 97,), None, dh, np.int32(200003), np.int32(needle), first)
    f = np.empty(1, np.int32); cl.enqueue_copy(q, f, first); found.append(f[0])
res["search"] = np.array(found)
co = rng.random(50001) * 1000
dco = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=co)
dr = cl.Buffer(ctx, mf.WRITE_ONLY, 16 * co.size)
prg.bisect(q, co.shape, None, dco, dr)
r = np.empty(2 * co.size); cl.enqueue_copy(q, r, dr); res["bisect"] = r
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
