from _z import *
import time
src = """
__kernel void inc(__global float *a, float s) { size_t i = get_global_id(0); a[i] = a[i] * s + 1.0f; }
__kernel void small(__global float *o, __global const float *a, int stride) {
  size_t i = get_global_id(0); o[i] = a[i * stride];
}
"""
prg = cl.Program(ctx, src).build()
n = NF
a = filled(n, 24)
def t_order():
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    h1 = np.empty(n, np.float32); h2 = np.empty(n, np.float32)
    prg.inc(queue, (n,), (256,), ab, np.float32(0.5))
    e1 = cl.enqueue_copy(queue, h1, ab, is_blocking=False)
    prg.inc(queue, (n,), (256,), ab, np.float32(2.0))
    e2 = cl.enqueue_copy(queue, h2, ab, is_blocking=False)
    src2 = filled(n, 25)
    cl.enqueue_copy(queue, ab, src2, is_blocking=False)
    prg.inc(queue, (n,), (128,), ab, np.float32(3.0))
    queue.finish()
    RES["h1"] = h1; RES["h2"] = h2; h3 = np.empty(n, np.float32); cl.enqueue_copy(queue, h3, ab); RES["h3"] = h3
def t_mixed():
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * 65536)
    prg.inc(queue, (n,), (256,), ab, np.float32(1.25))
    prg.small(queue, (65536,), (64,), ob, ab, np.int32(n // 65536))
    prg.inc(queue, (n,), (256,), ab, np.float32(0.75))
    prg.small(queue, (65536,), (64,), ob, ab, np.int32(n // 65536 - 1)) if False else None
    o = np.empty(65536, np.float32); cl.enqueue_copy(queue, o, ob); RES["small"] = o
    h = np.empty(n, np.float32); cl.enqueue_copy(queue, h, ab); RES["big"] = h
def t_two_queues():
    q2 = cl.CommandQueue(ctx)
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    ev = prg.inc(queue, (n,), (256,), ab, np.float32(1.5))
    ev2 = prg.inc(q2, (n,), (256,), ab, np.float32(0.5), wait_for=[ev])
    h = np.empty(n, np.float32); cl.enqueue_copy(q2, h, ab, wait_for=[ev2]); RES["q2"] = h
for nm, f in list(globals().items()):
    if nm.startswith("t_"):
        t0 = time.time(); guard(nm[2:], f); print(nm, "%.1fs" % (time.time() - t0), flush=True)
save()
