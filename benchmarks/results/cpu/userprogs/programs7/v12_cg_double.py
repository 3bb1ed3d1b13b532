import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void lap_mv(__global const double *x, __global double *y, int N) {
    int i = get_global_id(0), j = get_global_id(1);
    int k = j * N + i;
    double s = 4.0 * x[k];
    if (i > 0) s -= x[k - 1];
    if (i < N - 1) s -= x[k + 1];
    if (j > 0) s -= x[k - N];
    if (j < N - 1) s -= x[k + N];
    y[k] = s;
}
__kernel void dot_partial(__global const double *a, __global const double *b, __global double *part,
                          __local double *scratch, int n) {
    int g = get_global_id(0), l = get_local_id(0);
    double s = 0.0;
    for (int i = g; i < n; i += get_global_size(0)) s += a[i] * b[i];
    scratch[l] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (l < k) scratch[l] += scratch[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) part[get_group_id(0)] = scratch[0];
}
__kernel void axpby(__global double *y, __global const double *x, double a, double b) {
    int i = get_global_id(0);
    y[i] = a * x[i] + b * y[i];
}
""").build()
N = 160
n = N * N
G, L = 64, 64
mv = cl.Kernel(prg, "lap_mv"); dp = cl.Kernel(prg, "dot_partial"); ax = cl.Kernel(prg, "axpby")
part = cl.Buffer(ctx, mf.READ_WRITE, 8 * G)
hp = np.empty(G, np.float64)
def dot(a, b):
    dp(q, (G * L,), (L,), a, b, part, cl.LocalMemory(8 * L), np.int32(n))
    cl.enqueue_copy(q, hp, part)
    return float(hp.sum())
rng = np.random.default_rng(712)
bh = rng.standard_normal(n)
b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=bh)
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n))
r = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=bh)
p = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=bh)
Ap = cl.Buffer(ctx, mf.READ_WRITE, 8 * n)
rr = dot(r, r)
hist = [rr]
for it in range(120):
    mv(q, (N, N), None, p, Ap, np.int32(N))
    alpha = rr / dot(p, Ap)
    ax(q, (n,), None, x, p, np.float64(alpha), np.float64(1.0))
    ax(q, (n,), None, r, Ap, np.float64(-alpha), np.float64(1.0))
    rr_new = dot(r, r)
    hist.append(rr_new)
    if rr_new < 1e-20:
        break
    ax(q, (n,), None, p, r, np.float64(1.0), np.float64(rr_new / rr))
    rr = rr_new
hx = np.empty(n); cl.enqueue_copy(q, hx, x)
res["x"] = hx; res["resid_hist"] = np.array(hist); res["iters"] = np.array([len(hist)])
np.savez(sys.argv[1], **res)
print("done", len(res), len(hist))
