import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1107)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# the same source built twice with different -D options
src = """
#ifndef STRIDE
#define STRIDE 1
#endif
__kernel void k(__global int *o, int n) {
    int i = get_global_id(0);
#ifdef REVERSE
    o[(n - 1 - i) * STRIDE] = i;
#elif defined(INTERLEAVE)
    o[(i % 2) * (n / 2) + i / 2] = i;
#else
    o[i * STRIDE] = i;
#endif
#if STRIDE > 1
    o[i * STRIDE + 1] = -i;
#endif
}
"""
n = 50000
for tag, opts in (("plain", []), ("rev", ["-DREVERSE"]), ("int", ["-DINTERLEAVE"]),
                  ("s3", ["-DSTRIDE=3"]), ("rev2", ["-D", "REVERSE", "-DSTRIDE=2"])):
    prg = cl.Program(ctx, src).build(options=opts)
    o = buf(np.full(3 * n + 3, -1, np.int32))
    prg.k(q, (n,), None, o, np.int32(n))
    res[tag] = get(o, np.zeros(3 * n + 3, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
