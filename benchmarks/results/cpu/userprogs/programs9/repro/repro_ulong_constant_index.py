# a ulong constant past 2^63 (read as -2^32) and a huge ulong argument: exact only
# modulo 2^64, the ranges lay far outside the buffer and the split lost its writes
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void hi_bits(__global uint *o, ulong add) {
    ulong i = get_global_id(0);
    o[(i + add) - 0xFFFFFFFF00000000UL] = (uint)i;
}
"""
prg = cl.Program(ctx, src).build()
n = 100000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n + 100, np.uint32))
prg.hi_bits(q, (n,), None, o, np.uint64(0xFFFFFFFF00000000 + 100))
h = np.empty(n + 100, np.uint32); cl.enqueue_copy(q, h, o)
np.savez(sys.argv[1], o=h)
