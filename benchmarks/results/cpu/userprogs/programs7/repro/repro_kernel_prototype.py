# A kernel declared before it is defined (a prototype, legal OpenCL C).  skmd's
# partition-ready rewrite adds arguments to the definition only, so the rewritten
# program fails to build: even mode falls back but the compiler's "1 error generated."
# lines reach stderr; graph mode (SKMD_MODE=mkmd) fails the program with
# BUILD_PROGRAM_FAILURE, which plain never raises.
# plain: "wrong: 0"
# SKMD_MODE=mkmd SKMD_POLICY=even SKMD_BACKGROUND=0 SKMD_MIN_SPLIT_US=0: LogicError BUILD_PROGRAM_FAILURE
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void twice(__global float *o);
__kernel void twice(__global float *o) { int i = get_global_id(0); o[i] = 2.0f * i; }
""").build()
n = 100000
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
cl.Kernel(prg, "twice")(q, (n,), None, o)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o)
print("wrong:", int((h != 2 * np.arange(n, dtype=np.float32)).sum()))
