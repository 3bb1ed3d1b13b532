# A comment holding ')' inside a kernel's parameter list.  skmd's partition-ready rewrite
# took the comment's parenthesis for the list's end and put its parameters inside the
# comment: the rewritten program does not build, the launch falls back and the
# compiler's "1 error generated." lines reach stderr (graph mode: BUILD_PROGRAM_FAILURE).
# plain: "wrong: 0" and nothing on stderr
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void f(__global float *o,   // 1) output, one per item
                int n)               // 2) item count
{ int i = get_global_id(0); if (i < n) o[i] = 2.0f * i; }
""").build()
n = 100000
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
cl.Kernel(prg, "f")(q, (n,), None, o, np.int32(n))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o)
print("wrong:", int((h != 2 * np.arange(n, dtype=np.float32)).sum()))
