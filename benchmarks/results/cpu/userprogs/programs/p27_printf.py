import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void dbg(__global float *x, int n) {
    int i = get_global_id(0);
    if (i == 0) printf("first element %f, n=%d\\n", x[0], n);
    if (i == n - 1) printf("last element %f\\n", x[n - 1]);
    x[i] = x[i] + 1.0f;
}""").build()
k = prg.dbg
n = 1 << 20
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.float32))
for it in range(3):
    k(q, (n,), None, x, np.int32(n))
    q.finish()
    print("host: iteration", it, flush=True)
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, x)
np.savez(sys.argv[1], out=o)
