# A context made with dev_type=ALL; one kernel run on the queue of each of its devices in turn,
# chained by events, all incrementing the same buffer. Plain: every element == number of launches.
import sys
import numpy as np, pyopencl as cl
ctx = cl.Context(dev_type=cl.device_type.ALL)
qs = [cl.CommandQueue(ctx, d) for d in ctx.devices]
order = [int(c) for c in (sys.argv[1] if len(sys.argv) > 1 else "01")]
prg = cl.Program(ctx, "__kernel void inc(__global int *x) { x[get_global_id(0)] += 1; }").build()
k = cl.Kernel(prg, "inc")
n = 300000
x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
ev = None
for j in order:
    k.set_args(x)
    ev = cl.enqueue_nd_range_kernel(qs[j], k, (n,), None, wait_for=[ev] if ev is not None else None)
h = np.empty(n, np.int32)
cl.enqueue_copy(qs[0], h, x, wait_for=[ev])
v, c = np.unique(h, return_counts=True)
print("devices", len(ctx.devices), "order", order, "values", dict(zip(v.tolist(), c.tolist())))
