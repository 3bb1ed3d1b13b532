import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global float *a) { a[get_global_id(0)] = 1.0f; }").build()
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 100000)
cl.Kernel(prg, "k")(q, (100000,), (7,), buf)   # bad local size, not caught
