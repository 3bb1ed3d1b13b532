import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
ooo = bool(dev.queue_properties & cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE)
props = cl.command_queue_properties.OUT_OF_ORDER_EXEC_MODE_ENABLE if ooo else 0
q = cl.CommandQueue(ctx, properties=props)
q2 = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void k1(__global float *a, float s) { int i = get_global_id(0); a[i] = a[i] * s + 0.5f; }
__kernel void k2(__global const float *a, __global const float *b, __global float *c) { int i = get_global_id(0); c[i] = a[i] - b[i]; }
__kernel void k3(__global float *a, __global const float *c) { int i = get_global_id(0); a[i] = 0.5f * (a[i] + c[i]); }
__kernel void k4(__global float *c, int n) { int i = get_global_id(0); c[i] = c[i] * 0.01f + (float)((i * 13) % n) * 1e-6f; }
""").build()
n = 30000
rng = np.random.default_rng(27)
bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32)) for _ in range(4)]
tmp = [cl.Buffer(ctx, mf.READ_WRITE, 4 * n) for _ in range(4)]
K = {nm: cl.Kernel(prg, nm) for nm in ("k1", "k2", "k3", "k4")}
last = [None] * 4          # last event touching bufs[j]
lastt = [None] * 4
def wl(*evs): return [e for e in evs if e is not None] or None
count = 0
for it in range(30):
    for j in range(4):
        K["k1"].set_args(bufs[j], np.float32(0.9 + 0.01 * j))
        last[j] = cl.enqueue_nd_range_kernel(q, K["k1"], (n,), None, wait_for=wl(last[j], lastt[j]))
    for j in range(4):
        o = (j + 1) % 4
        K["k2"].set_args(bufs[j], bufs[o], tmp[j])
        qq = q2 if j % 2 else q
        lastt[j] = cl.enqueue_nd_range_kernel(qq, K["k2"], (n,), None, wait_for=wl(last[j], last[o], lastt[j]))
    for j in range(4):
        if it % 3 == 2:
            K["k4"].set_args(tmp[j], np.int32(n))   # reads and writes tmp in place: run on q with dependencies
            lastt[j] = cl.enqueue_nd_range_kernel(q, K["k4"], (n,), None, wait_for=wl(lastt[j]))
        K["k3"].set_args(bufs[j], tmp[j])
        e = cl.enqueue_nd_range_kernel(q, K["k3"], (n,), None, wait_for=wl(last[j], lastt[j], last[(j + 3) % 4] and lastt[(j + 3) % 4]))
        last[j] = e; lastt[j] = e
    count += 12
res = {}
for j in range(4):
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, bufs[j], wait_for=wl(last[j]), is_blocking=True); res[f"b{j}"] = h
q.finish(); q2.finish()
np.savez(sys.argv[1], **res)
print("done", ooo, count)
