import sys
import numpy as np
import pyopencl as cl
plat = cl.get_platforms()[0]
devs = plat.get_devices()
src = """
__kernel void scale(__global float *a, float s) { int i = get_global_id(0); a[i] = a[i] * s + (float)i; }
__kernel void mixk(__global const float *a, __global const float *b, __global float *c) {
  int i = get_global_id(0); c[i] = a[i] - 0.5f * b[i]; }
"""
mf = cl.mem_flags
n = 30011
res = {}
h = np.linspace(-1, 1, n).astype(np.float32)
ctxs = [cl.Context([devs[j % len(devs)]]) for j in range(3)]
ctxs += [cl.Context([devs[0]]), cl.Context([devs[0]])]   # two more contexts on the same device
qs = [cl.CommandQueue(c) for c in ctxs]
prgs = [cl.Program(c, src).build() for c in ctxs]
bufs = [cl.Buffer(c, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h) for c in ctxs]
cur = h.copy()
for rnd in range(4):
    for j, (c, q, p, b) in enumerate(zip(ctxs, qs, prgs, bufs)):
        cl.enqueue_copy(q, b, cur)
        kk = cl.Kernel(p, "scale")
        kk(q, (n,), None, b, np.float32(0.9 + 0.01 * j))
        nxt = np.empty_like(cur)
        cl.enqueue_copy(q, nxt, b)
        cur = nxt
    res[f"round{rnd}"] = cur.copy()
# mix in last context with data from the first one
a_host = np.empty(n, np.float32); cl.enqueue_copy(qs[0], a_host, bufs[0])
c = ctxs[-1]; q = qs[-1]
da = cl.Buffer(c, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a_host)
dc = cl.Buffer(c, mf.WRITE_ONLY, h.nbytes)
prgs[-1].mixk(q, (n,), None, da, bufs[-1], dc)
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, dc); res["mix"] = o
# a context over all devices, queue per device
call = cl.Context(devs)
pall = cl.Program(call, src).build()
ball = cl.Buffer(call, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
for j in range(3):
    d = devs[j % len(devs)]
    qd = cl.CommandQueue(call, d)
    pall.scale(qd, (n,), None, ball, np.float32(1.01)); qd.finish()
o = np.empty(n, np.float32); cl.enqueue_copy(cl.CommandQueue(call), o, ball); res["allctx"] = o
np.savez(sys.argv[1], **res)
print("done")
