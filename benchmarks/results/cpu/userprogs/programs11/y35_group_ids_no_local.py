import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1135)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# group ids and local sizes with no local size given, and sizes read by the kernel
src = """
__kernel void k(__global int *o) {
    if (get_local_id(0) == 0) o[get_group_id(0)] = (int)get_local_size(0);
}
__kernel void k2(__global int *o) {
    int i = get_global_id(0);
    o[i] = (int)(get_num_groups(0) * 100000 + get_group_id(0));
}
__kernel void k3(__global int *o) {
    int i = get_global_id(0);
    o[i] = (int)get_global_size(0) - i;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
o = buf(np.full(n, -1, np.int32)); prg.k(q, (n,), None, o)
res["k"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.k2(q, (n,), None, o)
res["k2"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(n, -1, np.int32)); prg.k3(q, (n,), None, o)
res["k3"] = get(o, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
