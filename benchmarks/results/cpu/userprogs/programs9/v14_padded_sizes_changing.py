import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# one kernel launched at changing sizes, padded to the local size with an early return;
# tiny launches after large ones, on the same buffers
src = """
__kernel void poly(__global const float *x, __global float *y, const int n, const float c) {
    const int i = get_global_id(0);
    if (i >= n) return;
    float v = x[i];
    y[i] = ((v * c + 1.f) * v - 2.f) * v;
}
"""
prg = cl.Program(ctx, src).build()
k = prg.poly
rng = np.random.default_rng(914)
N = 600000
hx = rng.standard_normal(N).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(N, np.float32))
L = 128
outs = []
for j, n in enumerate([600000, 1, 599999, 129, 2, 300001, 128, 7, 450000, 3]):
    gs = (n + L - 1) // L * L
    k(q, (gs,), (L,), x, y, np.int32(n), np.float32(0.1 * j))
    h = np.empty(N, np.float32); cl.enqueue_copy(q, h, y); outs.append(h)
res["outs"] = np.stack(outs)
for n in [1000, 1, 100000, 5]:
    k(q, (n,), None, x, y, np.int32(n), np.float32(-1))
h = np.empty(N, np.float32); cl.enqueue_copy(q, h, y); res["last"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
