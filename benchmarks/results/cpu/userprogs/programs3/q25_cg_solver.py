import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
res = {}
# conjugate gradient on a 2-D Poisson matrix (5-point stencil), float64, matrix-free
nx, ny = 97, 89
N = nx * ny
prg = cl.Program(ctx, """
__kernel void lap(__global const double *x, __global double *y, int nx, int ny) {
    int i = get_global_id(0), j = get_global_id(1);
    if (i >= nx || j >= ny) return;
    int c = j * nx + i; double v = 4.0 * x[c];
    if (i > 0) v -= x[c-1]; if (i < nx-1) v -= x[c+1]; if (j > 0) v -= x[c-nx]; if (j < ny-1) v -= x[c+nx];
    y[c] = v;
}""").build()
lap = cl.Kernel(prg, "lap")
axpy = ElementwiseKernel(ctx, "double a, double *x, double *y", "y[i] += a * x[i]", "axpy")
xpay = ElementwiseKernel(ctx, "double *x, double a, double *y", "y[i] = x[i] + a * y[i]", "xpay")
rng = np.random.default_rng(2525)
b = cla.to_device(q, rng.standard_normal(N))
x = cla.zeros_like(b); r = b.copy(); p = r.copy(); Ap = cla.empty_like(b)
rr = cla.dot(r, r).get()
hist = [rr]
for it in range(150):
    lap(q, (nx + 3, ny), None, p.data, Ap.data, np.int32(nx), np.int32(ny))
    pAp = cla.dot(p, Ap).get()
    alpha = rr / pAp
    axpy(alpha, p, x); axpy(-alpha, Ap, r)
    rr_new = cla.dot(r, r).get()
    hist.append(rr_new)
    if rr_new < 1e-20: break
    xpay(r, rr_new / rr, p)
    rr = rr_new
res["x"] = x.get(); res["hist"] = np.array(hist); res["iters"] = np.array(it)
# a float32 Jacobi variant with a convergence test on the host every 10 steps (max of |diff|)
prg2 = cl.Program(ctx, """
__kernel void jac(__global const float *u, __global float *v, __global const float *f, int nx, int ny) {
    int i = get_global_id(0), j = get_global_id(1);
    if (i == 0 || j == 0 || i >= nx-1 || j >= ny-1) return;
    int c = j * nx + i;
    v[c] = 0.25f * (u[c-1] + u[c+1] + u[c-nx] + u[c+nx] + f[c]);
}""").build()
jac = cl.Kernel(prg2, "jac")
f = cla.to_device(q, rng.random(N).astype(np.float32) * 0.01)
u = cla.zeros(q, N, np.float32); v = cla.zeros(q, N, np.float32)
diffs = []
for step in range(300):
    jac(q, (nx, ny), None, u.data, v.data, f.data, np.int32(nx), np.int32(ny))
    u, v = v, u
    if step % 10 == 9:
        diffs.append(cla.max(abs(u - v)).get())
res["jacobi"] = u.get(); res["jac_diffs"] = np.array(diffs)
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
