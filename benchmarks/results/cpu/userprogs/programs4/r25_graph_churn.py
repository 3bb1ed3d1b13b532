import sys, gc
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void f(__global const float *a, __global float *b, float s) { int i = get_global_id(0); b[i] = a[i] * s + 1.0f; }
__kernel void g(__global float *b, __global const float *c) { int i = get_global_id(0); b[i] -= 0.5f * c[i]; }
""").build()
kf = cl.Kernel(prg, "f"); kg = cl.Kernel(prg, "g")
n = 65536
res = {}
cur = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.linspace(0, 1, n).astype(np.float32))
for it in range(40):
    nxt = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)          # same size each time
    kf(q, (n,), None, cur, nxt, np.float32(0.97))
    kg(q, (n,), None, nxt, cur)
    cur = nxt                                          # old buffer dropped (GC) while launches are pending
    if it % 8 == 7: gc.collect()
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, cur); res["cur"] = h
# sub-buffers dropped before the launch has been read
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(4 * n, np.float32))
for j in range(4):
    sb = big.get_sub_region(j * n * 4, n * 4)
    kf(q, (n,), None, sb, sb, np.float32(j + 2))
    del sb
gc.collect()
hb = np.empty(4 * n, np.float32); cl.enqueue_copy(q, hb, big); res["big"] = hb
# arrays made and dropped in a loop without reading
x = cla.to_device(q, np.arange(n, dtype=np.float32))
for it in range(30):
    t = cla.empty_like(x)
    kf(q, (n,), None, x.data, t.data, np.float32(0.5))
    x = t + 1
res["x"] = x.get()
np.savez(sys.argv[1], **res)
print("done")
