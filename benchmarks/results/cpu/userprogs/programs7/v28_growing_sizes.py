import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void grow(__global const int *src, __global int *dst, int n_old) {
    int i = get_global_id(0);
    dst[i] = i < n_old ? src[i] * 2 : i % 13;
}
__kernel void head(__global float *a, float v) { a[get_global_id(0)] += v; }
""").build()
gk = cl.Kernel(prg, "grow"); hk = cl.Kernel(prg, "head")
n = 1
cur = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(1, np.int32))
lens = []
while n < 600000:
    nn = n * 2 + 3
    nxt = cl.Buffer(ctx, mf.READ_WRITE, 4 * nn)
    gk(q, (nn,), None, cur, nxt, np.int32(n))
    cur, n = nxt, nn
    lens.append(n)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, cur); res["grown"] = h; res["lens"] = np.array(lens)
# one big buffer, launches over a growing prefix of it
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1 << 20, np.float32))
m = 3
while m < (1 << 20):
    hk(q, (m,), None, big, np.float32(1.0))
    m = int(m * 1.7) + 1
hk(q, (1 << 20,), None, big, np.float32(0.5))
h = np.empty(1 << 20, np.float32); cl.enqueue_copy(q, h, big); res["prefix"] = h
# shrinking sizes
m = 1 << 20
while m > 0:
    hk(q, (m,), None, big, np.float32(-0.25))
    m //= 3
h = np.empty(1 << 20, np.float32); cl.enqueue_copy(q, h, big); res["shrunk"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
