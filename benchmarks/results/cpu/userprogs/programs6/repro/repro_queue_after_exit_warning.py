# A queue used after its `with` block: pyopencl warns CommandQueueUsedAfterExit at
# the Python line that touched the queue.  Under skmd the warnings name skmd's own
# lines (runtime/waited.py, runtime/running.py, shim/patch.py) instead of the
# program's/pyopencl's, and the set of warnings shown differs.
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
prg = cl.Program(ctx, "__kernel void k(__global float *a) { a[get_global_id(0)] += 1.0f; }").build()
k = cl.Kernel(prg, "k")
with cl.CommandQueue(ctx) as q:
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(1024, np.float32))
k(q, (1024,), None, buf)
out = np.empty(1024, np.float32)
cl.enqueue_copy(q, out, buf)
print(out[:3])
