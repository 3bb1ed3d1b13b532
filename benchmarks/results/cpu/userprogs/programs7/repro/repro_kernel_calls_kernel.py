# A kernel calling another kernel as a function (legal OpenCL C).  skmd's partition-ready
# rewrite gives the callee three more parameters, so the call no longer compiles: even
# mode falls back (the compiler's "1 error generated." lines reach stderr); graph mode
# (SKMD_MODE=mkmd SKMD_POLICY=even SKMD_BACKGROUND=0 SKMD_MIN_SPLIT_US=0) fails the
# program with BUILD_PROGRAM_FAILURE at its read.
# plain: "wrong: 0 0"
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void inner(__global float *o) { int i = get_global_id(0); o[i] = 2.0f * i; }
__kernel void outer(__global float *o) { inner(o); o[get_global_id(0)] += 1.0f; }
""").build()
n = 100000
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
cl.Kernel(prg, "outer")(q, (n,), None, o)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o)
cl.Kernel(prg, "inner")(q, (n,), None, o)
h2 = np.empty(n, np.float32); cl.enqueue_copy(q, h2, o)
print("wrong:", int((h != 2 * np.arange(n, dtype=np.float32) + 1).sum()), int((h2 != 2 * np.arange(n, dtype=np.float32)).sum()))
