import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# numpy scalar types that differ from the declared parameter types (a uint given as
# np.int32, a char as np.uint8): the device reads the bytes in the declared type
src = """
__kernel void k(__global int *o, int off) {
    int i = get_global_id(0);
    if (i >= 1000) o[i + off] = i;
}
__kernel void k2(__global int *o, uint off, ushort s) {
    uint i = get_global_id(0);
    o[i + off + s - 32768] = (int)i;
}
__kernel void k3(__global int *o, char c) {
    int i = get_global_id(0);
    o[i * 2 + c + 128] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 200000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
prg.k(q, (n,), None, o, np.uint32(2**32 - 1000))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o); res["k"] = h
prg.k2(q, (n - 10,), None, o, np.int32(-5), np.int16(-32768 + 10))
cl.enqueue_copy(q, h, o); res["k2"] = h.copy()
prg.k3(q, (n // 2 - 100,), None, o, np.uint8(200))
cl.enqueue_copy(q, h, o); res["k3"] = h.copy()
np.savez(sys.argv[1], **res)
print("done")
