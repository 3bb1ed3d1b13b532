# A warning the program triggers on one line in a loop is shown once by Python
# (default filter).  Under skmd's graph modes, skmd imports scipy.optimize lazily
# in the middle of the run (predict/time_model.py via runtime/core.py
# _open_registry); scipy's import calls warnings.filterwarnings, which resets
# every module's "already shown" registry, so the same warning is printed again.
# plain: 1 warning line.   SKMD_MODE=mkmd SKMD_POLICY=even SKMD_BACKGROUND=0: 2
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global float *a) { int i = get_global_id(0); a[i] = a[i] * 2.0f + 1.0f; }").build()
k = cl.Kernel(prg, "k")
n = 300000
a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 8 * n)
for step in range(4):
    k(q, (n,), None, a)
    cl.enqueue_copy(q, b, a, byte_count=4 * n, dest_offset=4 * n * (step % 2))
h = np.empty(2 * n, np.float32)
cl.enqueue_copy(q, h, b)
print(h[::n // 2])
