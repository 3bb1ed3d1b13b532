import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void geom(__global int *o) {
    int i = get_global_id(0);
    o[i] = (int)get_local_size(0) * 1000000 + (int)get_num_groups(0) * 10 + (int)(get_group_id(0) % 10);
}
__kernel void evens(__global int *o) { int i = get_global_id(0); if ((i & 1) == 0) o[i] = i; }
""").build()
# local size left to the implementation: what a program sees in get_local_size is implementation-defined
for n in [1000, 4096, 300000, 999983]:
    b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    cl.Kernel(prg, "geom")(q, (n,), None, b)
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, b)
    res[f"geom_{n}"] = h
# fresh buffer written only at even indices: the odd ones are whatever the allocation held
n = 1 << 20
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "evens")(q, (n,), None, b)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, b)
res["evens_only"] = h[::2].copy()
res["odd_zero"] = np.array([bool((h[1::2] == 0).all())])
np.savez(sys.argv[1], **res)
print("done", len(res))
