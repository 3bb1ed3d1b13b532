import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
res = {}
src = """
__kernel void fma_k(__global const float *a, __global const float *b, __global float *c, float s) {
    int i = get_global_id(0); c[i] = fma(a[i], b[i], s * c[i]);
}"""
n = 333331
rng = np.random.default_rng(1818)
ah = rng.standard_normal(n).astype(np.float32); bh = rng.standard_normal(n).astype(np.float32)
with cl.CommandQueue(ctx) as q:
    prg = cl.Program(ctx, src).build()
    k = prg.fma_k
    a = cl.Buffer(ctx, mf.READ_ONLY, ah.nbytes); b = cl.Buffer(ctx, mf.READ_ONLY, bh.nbytes)
    c = cl.Buffer(ctx, mf.READ_WRITE, ah.nbytes)
    ea = cl.enqueue_copy(q, a, ah, is_blocking=False)
    eb = cl.enqueue_copy(q, b, bh, is_blocking=False)
    ef = cl.enqueue_fill_buffer(q, c, np.float32(1), 0, ah.nbytes)
    ek = k(q, (n,), None, a, b, c, np.float32(0.5), wait_for=[ea, eb, ef])
    out1 = np.empty(n, np.float32)
    er = cl.enqueue_copy(q, out1, c, is_blocking=False, wait_for=[ek])
    er.wait()
    res["ctxmgr"] = out1
res["q_after_with"] = np.array("ok")
# a second queue, results read by non-blocking copies and event.wait(), no finish() anywhere
q2 = cl.CommandQueue(ctx)
k2 = cl.Kernel(cl.Program(ctx, src).build(), "fma_k")
for it in range(20):
    k2(q2, (n,), None, a, b, c, np.float32(0.9))
outs = []
evs = []
for part in range(4):
    lo = part * (n // 4); hi = n if part == 3 else (part + 1) * (n // 4)
    h = np.empty(hi - lo, np.float32)
    evs.append(cl.enqueue_copy(q2, h, c, src_offset=4 * lo, is_blocking=False)); outs.append(h)
for e in evs[::-1]: e.wait()
res["parts"] = np.concatenate(outs)
# mapped read without finish
m, me = cl.enqueue_map_buffer(q2, c, cl.map_flags.READ, 0, (n,), np.float32, is_blocking=False)
me.wait()
res["mapped"] = m.copy()
m.base.release(queue=q2) if hasattr(m.base, "release") else None
del m
# last launch with its result read by an event wait, then exit without finish
k2(q2, (n,), None, a, b, c, np.float32(-1))
last = np.empty(n, np.float32)
cl.enqueue_copy(q2, last, c, is_blocking=False).wait()
res["last"] = last
np.savez(sys.argv[1], **res)
print("done", len(res))
