import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
res = {}
src = """
__kernel void scale(__global float *a, float s) { int i = get_global_id(0); a[i] = a[i] * s + (float)(i % 7); }
__kernel void rev(__global const float *a, __global float *b, int n) { int i = get_global_id(0); b[n - 1 - i] = a[i]; }
"""
prg = cl.Program(ctx, src).build()
n = 262144 + 77
h = np.linspace(-3, 3, n).astype(np.float32)
outs = []
for rep in range(3):
    with cl.CommandQueue(ctx) as q:
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=h)
        b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, h.nbytes)
        prg.scale(q, (n,), None, a, np.float32(1.5 + rep))
        prg.rev(q, (n,), None, a, b, np.int32(n))
        o = np.empty_like(h)
        cl.enqueue_copy(q, o, b, is_blocking=False)
    # leaving the with-block finished the queue
    outs.append(o.copy())
res["with_outs"] = np.stack(outs)
# queue used after exit of its with block must still work? (pyopencl finishes, then the object is still usable)
q2 = cl.CommandQueue(ctx)
with q2:
    arr = cla.to_device(q2, h)
    arr2 = arr * arr - 1
with q2:
    arr3 = arr2 + arr
res["arr3"] = arr3.get()
# nested with of two queues
qa = cl.CommandQueue(ctx); qb = cl.CommandQueue(ctx)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, h.nbytes)
with qa:
    cl.enqueue_copy(qa, buf, h)
    with qb:
        ev = cl.enqueue_marker(qa)
        prg.scale(qb, (n,), None, buf, np.float32(-1.0), wait_for=[ev])
o = np.empty_like(h); cl.enqueue_copy(qa, o, buf); res["nested"] = o
# an exception inside with: queue still finishes
try:
    with cl.CommandQueue(ctx) as q3:
        prg.scale(q3, (n,), None, buf, np.float32(2.0))
        raise ValueError("inside")
except ValueError as e:
    res["exc"] = np.array([str(e) == "inside"])
o = np.empty_like(h); cl.enqueue_copy(qa, o, buf); res["after_exc"] = o
np.savez(sys.argv[1], **res)
print("done", len(res))
