import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void blend(__global const float *a, __global const float *b, __global float *o,
                  float w, int shift) {
    int i = get_global_id(0);
    int n = get_global_size(0);
    o[i] += w * a[i] + (1.0f - w) * b[(i + shift) % n];
}
""").build()
rng = np.random.default_rng(817)
n = 1 << 16
A = [cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32)) for _ in range(3)]
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
k = prg.blend
k.set_args(A[0], A[1], o, np.float32(0.25), np.int32(1))
snaps = []
for it in range(12):
    if it % 3 == 0: k.set_arg(3, np.float32(0.1 * it))
    if it % 4 == 1: k.set_arg(4, np.int32(it * 17))
    if it == 5: k.set_arg(0, A[2])
    if it == 8: k.set_arg(2, o2)
    if it == 10: k.set_arg(1, A[0])
    cl.enqueue_nd_range_kernel(q, k, (n,), (64,) if it % 2 else None)
    if it in (4, 9):
        h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); snaps.append(h)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["o"] = h
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o2); res["o2"] = h
res["snaps"] = np.stack(snaps)
np.savez(sys.argv[1], **res)
print("done", len(res))
