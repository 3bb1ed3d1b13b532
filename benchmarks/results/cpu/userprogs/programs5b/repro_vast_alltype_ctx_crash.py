# Context of dev_type=ALL; a kernel launched on the queue of the context's SECOND device over a
# 1.2 MB buffer. Plain: prints "ok True". skmd with SKMD_HOST_BACKED_MIN=1000000: see report.
import numpy as np, pyopencl as cl
ctx = cl.Context(dev_type=cl.device_type.ALL)
qs = [cl.CommandQueue(ctx, d) for d in ctx.devices]
prg = cl.Program(ctx, "__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }").build()
n = 300000
h = np.arange(n, dtype=np.int32)
x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=h)
cl.Kernel(prg, "inc")(qs[1], (n,), None, x)
o = np.empty(n, np.int32); cl.enqueue_copy(qs[1], o, x)
print("ok", bool((o == h + 1).all()))
