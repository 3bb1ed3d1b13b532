import sys
import numpy as np
import pyopencl as cl

# a program that spreads work over every device itself, with one context of all devices
ctx = cl.Context(dev_type=cl.device_type.ALL)
devs = ctx.devices
nd = len(devs)
qs = [cl.CommandQueue(ctx, d) for d in devs]
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void part(__global const float *a, __global float *b, int lo, float s) {
    int i = lo + get_global_id(0);
    b[i] = a[i] * s + (float)i * 0.001f;
}
__kernel void smooth(__global const float *b, __global float *c, int n) {
    int i = get_global_id(0);
    c[i] = b[i] + 0.5f * (b[i > 0 ? i - 1 : 0] + b[i + 1 < n ? i + 1 : n - 1]);
}
__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }
""").build()
n = 300000
rng = np.random.default_rng(2222)
a = rng.standard_normal(n).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
db = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
dc = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
kp = cl.Kernel(prg, "part")
bounds = np.linspace(0, n, nd + 1).astype(int)
for rnd in range(3):
    evs = []
    for j in range(nd):
        lo, hi = int(bounds[j]), int(bounds[j + 1])
        kp.set_args(da, db, np.int32(lo), np.float32(1.0 + rnd))
        evs.append(cl.enqueue_nd_range_kernel(qs[j], kp, (hi - lo,), None))
    # smooth needs every device's part: wait for all of them, on another device's queue
    k = rnd % nd
    e = cl.Kernel(prg, "smooth")(qs[k], (n,), None, db, dc, np.int32(n), wait_for=evs)
    c = np.empty_like(a)
    cl.enqueue_copy(qs[(k + 1) % nd], c, dc, wait_for=[e])
    res[f"round{rnd}"] = c
# the same buffer incremented by every device in turn, chained through events
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
ev = None
for t in range(9):
    qq = qs[t % nd]
    ev = cl.Kernel(prg, "inc")(qq, (n,), None, x, wait_for=[ev] if ev is not None else None)
xi = np.empty(n, np.int32); cl.enqueue_copy(qs[0], xi, x, wait_for=[ev]); res["inc_chain"] = xi
# host writes on one device's queue, kernel on another, read on a third
y = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
w = cl.enqueue_copy(qs[-1], y, a * 2, is_blocking=False)
e2 = kp(qs[0], (n,), None, y, dc, np.int32(0), np.float32(0.5), wait_for=[w])
o = np.empty_like(a); cl.enqueue_copy(qs[nd // 2], o, dc, wait_for=[e2]); res["cross"] = o
# a whole-buffer upload on the first queue, read by a kernel on the last device's queue
big = np.arange(1 << 20, dtype=np.float32)
dbig = cl.Buffer(ctx, mf.READ_ONLY, big.nbytes); dout = cl.Buffer(ctx, mf.WRITE_ONLY, big.nbytes)
cl.enqueue_copy(qs[0], dbig, big)
kp(qs[-1], (big.size,), None, dbig, dout, np.int32(0), np.float32(3.0))
ob = np.empty_like(big); cl.enqueue_copy(qs[-1], ob, dout); res["upload_then_other"] = ob
for qq in qs: qq.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
