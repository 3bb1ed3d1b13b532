"""A loop of N launches of one tiny kernel, no finish between them (a probe)."""
import sys, time, numpy as np, pyopencl as cl
n = int(sys.argv[1])
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
a = np.zeros(1024, np.float32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
k = cl.Kernel(cl.Program(ctx, "__kernel void inc(__global float *a) { a[get_global_id(0)] += 1.0f; }").build(), "inc")
t = time.perf_counter()
for _ in range(n):
    k(q, a.shape, None, buf)
q.finish()
sys.stderr.write("loop %.0f ms\n" % ((time.perf_counter() - t) * 1e3))
sys.stderr.write("END %.6f\n" % time.time())
