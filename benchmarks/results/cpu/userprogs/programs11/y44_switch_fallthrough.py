import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1144)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# index offsets built by a switch with fall-through, and by nested ifs
src = """
__kernel void sw(__global int *o) {
    int i = get_global_id(0), off = 0;
    switch (i & 3) {
    case 0: off += 1;
    case 1: off += 2; break;
    case 2: off = 3; break;
    default: off = 0;
    }
    o[4 * (i >> 2) + off] = i;   /* i&3: 0->3, 1->2, 2->3, 3->0 */
}
__kernel void nest(__global int *o, int n) {
    int i = get_global_id(0), j = i;
    if (i >= n / 2) { j -= n / 2; if (j >= n / 4) j += n; }
    o[j] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 40000
o = buf(np.full(n, -1, np.int32)); prg.sw(q, (n,), None, o); res["sw"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(2 * n, -1, np.int32)); prg.nest(q, (n,), None, o, np.int32(n)); res["nest"] = get(o, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
