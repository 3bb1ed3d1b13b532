# Context of dev_type=ALL: a whole-buffer upload on the first device's queue, then a kernel on
# ANOTHER device's queue reads it (after the upload's blocking return). Plain: out == 2*in.
import numpy as np, pyopencl as cl
ctx = cl.Context(dev_type=cl.device_type.ALL)
qs = [cl.CommandQueue(ctx, d) for d in ctx.devices]
prg = cl.Program(ctx, "__kernel void dbl(__global const int *x, __global int *y) { int i = get_global_id(0); y[i] = 2 * x[i]; }").build()
n = 1 << 20
h = np.arange(n, dtype=np.int32)
x = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, h.nbytes); y = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, h.nbytes)
cl.enqueue_copy(qs[0], x, h)                       # blocking upload through the first queue
cl.Kernel(prg, "dbl")(qs[1], (n,), None, x, y)      # kernel on another device of the context
o = np.empty(n, np.int32); cl.enqueue_copy(qs[1], o, y)
print("correct:", bool((o == 2 * h).all()), "wrong elements:", int((o != 2 * h).sum()))
