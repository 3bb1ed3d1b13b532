import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q1 = cl.CommandQueue(ctx); q2 = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void axpy(__global const float *x, __global float *y, float a, int shift) {
    int i = get_global_id(0);
    y[i] = a * x[(i + shift) % get_global_size(0)] + y[i];
}
__kernel void inout(__global float *a, __global float *b, float s) {
    int i = get_global_id(0);
    b[i] = a[i] * s + 1.0f;
}
__kernel void opt_args(__global const float *x, __global const float *bias, __global float *y, __global int *count) {
    int i = get_global_id(0);
    float v = x[i];
    if (bias) v += bias[i];
    y[i] = v;
    if (count) atomic_inc(count);
}
__kernel void rev_inplace(__global int *a, int n) {
    int i = get_global_id(0);
    int j = n - 1 - i;
    int t = a[i]; a[i] = a[j]; a[j] = t;
}
__kernel void sum3(__global const int *a, __global const int *b, __global const int *c, __global int *o) {
    int i = get_global_id(0); o[i] = a[i] + 2 * b[i] + 3 * c[i];
}
""").build()
n = 250007
rng = np.random.default_rng(66)
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
k = cl.Kernel(prg, "axpy")
k.set_args(dx, dy, np.float32(0.5), np.int32(0))
for it in range(12):
    k.set_arg(3, np.int32(it * 1009))
    if it % 4 == 3:
        k.set_arg(2, np.float32(-0.25 * it))
    cl.enqueue_nd_range_kernel(q1, k, (n,), None)
y = np.empty(n, np.float32); cl.enqueue_copy(q1, y, dy); res["axpy_chain"] = y
# same kernel object on two queues, different buffers, arguments set between launches
dy2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
k.set_args(dx, dy, np.float32(1.0), np.int32(5))
e1 = cl.enqueue_nd_range_kernel(q1, k, (n,), None)
k.set_args(dx, dy2, np.float32(2.0), np.int32(7))
e2 = cl.enqueue_nd_range_kernel(q2, k, (n,), None)
k.set_arg(1, dy)
e3 = cl.enqueue_nd_range_kernel(q2, k, (n,), None, wait_for=[e1])
cl.wait_for_events([e2, e3])
y2 = np.empty(n, np.float32); cl.enqueue_copy(q2, y2, dy2); res["two_q_y2"] = y2
cl.enqueue_copy(q2, y, dy); res["two_q_y"] = y.copy()
# aliasing: same buffer as in and out
da = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
ki = cl.Kernel(prg, "inout")
for s in [2.0, 0.5, -1.0]:
    ki(q1, (n,), None, da, da, np.float32(s))
a = np.empty(n, np.float32); cl.enqueue_copy(q1, a, da); res["alias_inout"] = a
di = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
do = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
cl.Kernel(prg, "sum3")(q1, (n,), None, di, di, di, do)
o = np.empty(n, np.int32); cl.enqueue_copy(q1, o, do); res["sum3_same"] = o
m = 100000
dr = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(2 * m, dtype=np.int32))
cl.Kernel(prg, "rev_inplace")(q1, (m,), None, dr, np.int32(2 * m))
r = np.empty(2 * m, np.int32); cl.enqueue_copy(q1, r, dr); res["rev"] = r
# NULL buffer args guarded in the kernel
ko = cl.Kernel(prg, "opt_args")
bias = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.full(n, 0.125, np.float32))
cnt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
yo = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
for j, (b_, c_) in enumerate([(None, None), (bias, None), (None, cnt), (bias, cnt)]):
    ko(q1, (n,), None, dx, b_, yo, c_)
    cl.enqueue_copy(q1, y, yo); res[f"opt_{j}"] = y.copy()
    c = np.empty(1, np.int32); cl.enqueue_copy(q1, c, cnt); res[f"optcnt_{j}"] = c
ko.set_args(dx, None, yo, None)
cl.enqueue_nd_range_kernel(q1, ko, (n // 2,), None)
ko.set_arg(1, bias)
cl.enqueue_nd_range_kernel(q1, ko, (n // 3,), None)
cl.enqueue_copy(q1, y, yo); res["opt_setargs"] = y.copy()
q1.finish(); q2.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
