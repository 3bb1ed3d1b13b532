import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void serial_scan(__global const int *x, __global int *y, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) { s += x[i]; y[i] = s; }
}
__kernel void set_one(__global float *a, int idx, float v) { a[idx + get_global_id(0)] = v; }
__kernel void corner(__global int *m, int W) {
    m[get_global_id(1) * W + get_global_id(0)] = -1 - (int)get_global_id(0);
}
__kernel void add_all(__global float *a, float v) { a[get_global_id(0)] += v; }
""").build()
rng = np.random.default_rng(825)
n = 50000
hx = rng.integers(-9, 10, n).astype(np.int32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
y = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.serial_scan(q, (1,), (1,), x, y, np.int32(n))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, y); res["scan"] = h
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(4096, np.float32))
ks = cl.Kernel(prg, "set_one"); ka = cl.Kernel(prg, "add_all")
for i in range(40):
    ks(q, (1,), None, a, np.int32(i * 97 % 4096), np.float32(i))
    if i % 10 == 9:
        ka(q, (4096,), None, a, np.float32(0.5))
h = np.empty(4096, np.float32); cl.enqueue_copy(q, h, a); res["a"] = h
W = 50
m = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * W, np.int32))
prg.corner(q, (1, 1), None, m, np.int32(W))
prg.corner(q, (1, 1), (1, 1), m, np.int32(W), global_offset=(3, 4))
prg.corner(q, (1, W), None, m, np.int32(W), global_offset=(W - 1, 0))
h = np.empty(W * W, np.int32); cl.enqueue_copy(q, h, m); res["m"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
