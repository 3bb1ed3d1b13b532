import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1152)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# scalar arguments of small and unsigned types placing writes
src = """
__kernel void init(__global int *o, int v) { o[get_global_size(0) - 1 - get_global_id(0)] = v; }
__kernel void kc(__global int *o, char c, uchar u) {
    int i = get_global_id(0);
    o[i + 200 + c] = i;            /* c negative */
    o[i + 70000 + u] = -i;         /* u above 127 */
}
__kernel void ks(__global int *o, short s, ushort us) {
    int i = get_global_id(0);
    o[i + 40000 + s] = i;          /* s negative */
    o[i + 70000 + us] = -i;        /* us above 32767 */
}
__kernel void kb(__global int *o, uchar step) {
    int i = get_global_id(0);
    o[i * step] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 30000
m = 170000
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.int32(v))
    return o
o = fresh(m, -1); prg.kc(q, (n,), None, o, np.int8(-100), np.uint8(200)); res["kc"] = get(o, np.zeros(m, np.int32))
o = fresh(m, -1); prg.ks(q, (n,), None, o, np.int16(-30000), np.uint16(60000)); res["ks"] = get(o, np.zeros(m, np.int32))
o = fresh(m, -1); prg.kb(q, (n,), None, o, np.uint8(4)); res["kb"] = get(o, np.zeros(m, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
