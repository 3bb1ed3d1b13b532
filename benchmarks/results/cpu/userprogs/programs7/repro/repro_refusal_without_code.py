# A program that catches cl.Error and prints its code.  skmd's refusal of a launch over a
# buffer it keeps in host memory (SKMD_HOST_BACKED_MIN=1000000) was a cl.RuntimeError
# made from a bare string, so e.code raised AttributeError inside the handler.
# plain: "ok" (the launch runs)
# SKMD_HOST_BACKED_MIN=1000000 SKMD_BACKGROUND=0 python -m skmd run ...:
#   before: AttributeError: 'str' object has no attribute 'code'; after: "refused -59"
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void at(__global float *o, int off) { o[get_global_id(0)] = 1.0f; }
""").build()
n = 1 << 20
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
try:
    cl.Kernel(prg, "at")(q, (n - 64,), None, o, np.int32(0), global_offset=(64,))
    q.finish()
    print("ok")
except cl.Error as e:
    print("refused", e.code)
