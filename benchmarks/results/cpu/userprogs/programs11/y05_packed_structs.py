import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1105)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# __attribute__((packed)) structs of odd size, and a struct with alignment padding
src = """
typedef struct __attribute__((packed)) { char tag; int val; short s; } rec;   /* 7 bytes */
typedef struct { char c; double d; } padded;                                   /* 16 bytes */
__kernel void fill(__global rec *r) {
    int i = get_global_id(0);
    r[i].val = i * 3;
    r[i].tag = (char)(i & 127);
}
__kernel void fill_s(__global rec *r) {
    int i = get_global_id(0);
    r[i + 1].s = (short)i;
}
__kernel void pd(__global padded *p) {
    int i = get_global_id(0);
    p[i].c = (char)i;
}
"""
prg = cl.Program(ctx, src).build()
n = 40001
r = buf(np.full(7 * n + 7, 0x55, np.uint8))
prg.fill(q, (n,), None, r)
prg.fill_s(q, (n,), None, r)
res["r"] = get(r, np.zeros(7 * n + 7, np.uint8))
p = buf(np.full(16 * n, 0x33, np.uint8))
prg.pd(q, (n,), None, p)
res["p"] = get(p, np.zeros(16 * n, np.uint8))
np.savez(sys.argv[1], **res)
print("done", len(res))
