import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r


def up(n, l):
    return -(-n // l) * l

# far-apart reads through a helper taking the buffer and an index (y20's last kernel alone)
src = """
float at(__global const float *p, int k) { return p[k]; }
__kernel void helper(__global const float *in, __global float *o, int n) {
    int i = get_global_id(0);
    o[i] = at(in, i) + at(in, n - 1 - i) + at(in + n / 4, i);
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 20
x = np.random.default_rng(41).random(n).astype(np.float32)
o = buf(np.full(n // 2, -1, np.float32)); prg.helper(q, (n // 2,), None, buf(x), o, np.int32(n)); res["helper"] = get(o, np.zeros(n // 2, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
