# pyopencl warns RepeatedKernelRetrieval when prg.<name> is fetched a second time;
# Python's default filter shows it once per program line.
# plain: the warning is printed once.  skmd run: printed once per loop iteration (4x),
# because skmd's shim re-issues it inside warnings.catch_warnings(), which resets
# the "already shown" registry of every module.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 64)
for it in range(4):
    prg = cl.Program(ctx, "__kernel void k(__global int *a, int v) { a[get_global_id(0)] = v; }").build()
    for r in range(2):
        prg.k(q, (64,), None, buf, np.int32(r))
q.finish()
print("done")
