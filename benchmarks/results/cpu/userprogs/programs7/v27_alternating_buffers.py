import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void relax(__global float *x, __global const float *y, float w) {
    int i = get_global_id(0);
    x[i] = (1.0f - w) * x[i] + w * y[i];
}
__kernel void count_up(__global int *c, int k) { c[get_global_id(0)] += k; }
""").build()
rk = cl.Kernel(prg, "relax"); ck = cl.Kernel(prg, "count_up")
rng = np.random.default_rng(727)
n = 250000
bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.random(n).astype(np.float32)) for _ in range(4)]
# set_arg once for the scalar, swap buffers each launch
rk.set_arg(2, np.float32(0.3))
for it in range(40):
    x = bufs[it % 4]; y = bufs[(it * 3 + 1) % 4]
    if x is y: y = bufs[(it + 2) % 4]
    rk.set_arg(0, x); rk.set_arg(1, y)
    cl.enqueue_nd_range_kernel(q, rk, (n,), None)
for j, bb in enumerate(bufs):
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, bb); res[f"buf{j}"] = h
# the same kernel object with different sizes of buffers alternately
sizes = [1000, 300001, 77, 65536]
cb = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(s, np.int32)) for s in sizes]
for it in range(30):
    j = (it * 7) % 4
    ck(q, (sizes[j],), None, cb[j], np.int32(it))
for j, bb in enumerate(cb):
    h = np.empty(sizes[j], np.int32); cl.enqueue_copy(q, h, bb); res[f"cnt{j}"] = h
# two kernel objects of the same kernel, each with its own args left set
k1 = cl.Kernel(prg, "relax"); k2 = cl.Kernel(prg, "relax")
k1.set_args(bufs[0], bufs[1], np.float32(0.5))
k2.set_args(bufs[2], bufs[3], np.float32(0.25))
for it in range(10):
    cl.enqueue_nd_range_kernel(q, k1 if it % 2 else k2, (n,), None)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, bufs[0]); res["k1"] = h
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, bufs[2]); res["k2"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
