# int2 p; p.x = gid0; p.y = gid1: the analysis took each component assignment for the
# whole vector, so p.x read back gid1 and the split merged the wrong ranges
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void k(__global float *o, int w) {
    int2 p;
    p.x = get_global_id(0);
    p.y = get_global_id(1);
    o[p.y * w + p.x] = (float)(p.x + 1000 * p.y);
}
"""
prg = cl.Program(ctx, src).build()
w, h = 512, 600
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(w * h, np.float32))
prg.k(q, (w, h), None, o, np.int32(w))
g = np.empty(w * h, np.float32); cl.enqueue_copy(q, g, o)
np.savez(sys.argv[1], g=g)
