import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# ids reached through helper functions, macros, and macros given as build options
src = """
#define MY_ID ((int)get_global_id(0))
int gid(void) { return get_global_id(0); }
int grp_base(void) { return get_group_id(0) * get_local_size(0); }
size_t total(void) { return get_global_size(0); }
__kernel void a(__global int *o) {
    o[gid()] = grp_base() + (int)total();
}
__kernel void b(__global int *o) {
    o[MY_ID] = MY_ID * 3;
}
__kernel void c(__global int *o) {
    o[OPT_ID] = OPT_SCALE * OPT_ID + (int)OPT_N;
}
__kernel void d(__global int *o) {
    o[gid()] += (int)get_num_groups(0) - (int)(total() / get_local_size(0));
}
"""
prg = cl.Program(ctx, src).build(options=["-DOPT_ID=((int)get_global_id(0))", "-DOPT_SCALE=5",
                                          "-D", "OPT_N=get_global_size(0)"])
n = 64 * 3000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
h = np.empty(n, np.int32)
for name in "abcd":
    k = getattr(prg, name)
    k(q, (n,), (64,), o)
    cl.enqueue_copy(q, h, o); res[name] = h.copy()
    k(q, (n - 64 * 7,), None, o)
    cl.enqueue_copy(q, h, o); res[name + "2"] = h.copy()
np.savez(sys.argv[1], **res)
print("done")
