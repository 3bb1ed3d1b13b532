# two definitions of idx() (overloadable): the analysis followed the last one (i*2)
# for a call of the other (i*3+j) and merged the wrong ranges
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__attribute__((overloadable)) int idx(int i, int j) { return i * 3 + j; }
__attribute__((overloadable)) int idx(int i) { return i * 2; }
__kernel void k2(__global int *o) {
    int i = get_global_id(0);
    o[idx(i, 1)] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 100000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(3 * n, np.int32))
prg.k2(q, (n,), None, o)
h = np.empty(3 * n, np.int32); cl.enqueue_copy(q, h, o)
np.savez(sys.argv[1], o=h)
