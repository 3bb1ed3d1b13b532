# 3000 tiny launches each followed by finish(), then one big launch and a readback.
import sys, time
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void bump(__global uint *c, int k) { int i = get_global_id(0); c[i] = c[i] * 5u + (uint)(k + i); }
__kernel void big(__global const uint *c, __global float *o, int m) { int i = get_global_id(0);
  float s = 0.0f; for (int j = 0; j < 16; j++) s += (float)(c[(i + j) % m] & 1023) * 0.25f; o[i] = s; }
""").build()
m = 64
c = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(m, np.int32))
k = cl.Kernel(prg, "bump")
for it in range(3000):
    k.set_args(c, np.int32(it))
    cl.enqueue_nd_range_kernel(q, k, (m if it % 3 else 32,), None)
    q.finish()
small1 = np.empty(m, np.int32); cl.enqueue_copy(q, small1, c)
N = 1 << 20
o = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, N * 4)
prg.big(q, (N,), None, c, o, np.int32(m))
h = np.empty(N, np.float32); cl.enqueue_copy(q, h, o)
for it in range(500):
    prg.bump(q, (1,), None, c, np.int32(it)).wait()
small = np.empty(m, np.int32)
cl.enqueue_copy(q, small, c)
np.savez(sys.argv[1], small1=small1, big=h, small2=small)
print("done")
