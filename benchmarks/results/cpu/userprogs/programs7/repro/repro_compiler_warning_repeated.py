# A program whose source makes the compiler say something (here a #warning; in v16 a
# "loop not unrolled" remark).  pyopencl warns once (CompilerWarning) at the program's
# build; skmd built its partition-ready, merge and chunk programs from the same source
# through pyopencl's patched build, so the same warning was shown again for each.
# With an empty PoCL kernel cache (POCL_CACHE_DIR=<new folder>):
# plain: one CompilerWarning on stderr
# SKMD_POLICY=even SKMD_BACKGROUND=0 python -m skmd run ...: three
# (with the cache warm: plain none, skmd two)
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
#warning tuned for 64-wide groups
__kernel void twice(__global float *o) { int i = get_global_id(0); o[i] = 2.0f * i; }
""").build()
n = 100000
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
cl.Kernel(prg, "twice")(q, (n,), None, o)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o)
print("wrong:", int((h != 2 * np.arange(n, dtype=np.float32)).sum()))
