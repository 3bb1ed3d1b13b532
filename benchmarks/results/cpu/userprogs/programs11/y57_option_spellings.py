import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1157)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# build options spelled the ways users spell them: one string, a list, -D and its value
# apart, a value in parentheses, a value with spaces in quotes, -U after -D
src = """
#ifndef STRIDE
#define STRIDE 1
#endif
#ifndef OFF
#define OFF 0
#endif
__kernel void k(__global int *o) {
    int i = get_global_id(0);
#ifdef TWICE
    o[i * STRIDE + OFF + 1] = -i;
#endif
    o[i * STRIDE + OFF] = i;
}
"""
n = 20000
for tag, opts in (("str", "-DSTRIDE=3 -DTWICE"), ("list_sp", ["-D STRIDE=3", "-D TWICE"]),
                  ("apart", ["-D", "STRIDE=4", "-D", "OFF=7"]), ("paren", ["-DSTRIDE=(1+2)"]),
                  ("quoted", '-DSTRIDE="2 + 1" -DOFF=5'), ("undef", "-DSTRIDE=3 -USTRIDE -DTWICE"),
                  ("tabs", "-DSTRIDE=3\t-DOFF=2"), ("empty", "-DTWICE= -DSTRIDE=2"),
                  ("std", "-cl-std=CL1.2 -DSTRIDE=3 -cl-mad-enable")):
    try:
        prg = cl.Program(ctx, src).build(options=opts)
    except cl.Error as e:
        print(tag, "build error", type(e).__name__)
        continue
    o = buf(np.full(4 * n + 16, -1, np.int32))
    prg.k(q, (n,), None, o)
    res[tag] = get(o, np.zeros(4 * n + 16, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
