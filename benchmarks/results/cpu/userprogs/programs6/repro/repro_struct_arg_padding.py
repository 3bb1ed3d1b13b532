# A by-value struct argument whose dtype has gaps (padding, or fields a
# multi-field view leaves out): plain pyopencl passes all its bytes; a split
# launch under skmd passes a numpy .copy() of it, whose gap bytes are not copied
# (heap garbage / zero), so the kernel sees other bytes.
# plain: "gap bytes seen by kernel: [7]"   skmd (SKMD_POLICY=even): other values
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
typedef struct { int a; int b; int c; } rec_t;
__kernel void k(__global int *o, rec_t r) { int i = get_global_id(0); o[i] = r.b + 0 * r.a * r.c; }
""").build()
full = np.zeros(1, [("a", np.int32), ("b", np.int32), ("c", np.int32)])
full["a"], full["b"], full["c"] = 1, 7, 3
rec = full[["a", "c"]][0]          # a view: itemsize 12, field b's bytes still there
n = 300000
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
prg.k(q, (n,), None, o, rec)
h = np.empty(n, np.int32)
cl.enqueue_copy(q, h, o)
print("gap bytes seen by kernel:", np.unique(h).tolist())
