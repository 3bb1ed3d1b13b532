import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1031)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# side effects in indices: a pre-increment pointer walk, a compound assignment inside a
# subscript, a comma expression choosing the index, a post-decrement from the end
src = """
__kernel void preinc(__global int *o, int k) {
    int i = get_global_id(0);
    __global int *p = o + i * k - 1;
    for (int t = 0; t < k; t++) *++p = t;
}
__kernel void compound(__global int *o) {
    int i = get_global_id(0);
    int j = i;
    o[j *= 2] = 1;
    o[j += 1] = 2;
}
__kernel void comma(__global int *o) {
    int i = get_global_id(0), t;
    o[(t = i * 3, t + 2)] = t;
}
__kernel void postdec(__global int *o, int k) {
    int i = get_global_id(0);
    int e = (i + 1) * k;
    for (int t = 0; t < k; t++) o[--e] = t;
}
"""
prg = cl.Program(ctx, src).build()
n = 30000
for k in (3, 5):
    o = buf(np.full(n * k, -1, np.int32))
    prg.preinc(q, (n,), None, o, np.int32(k))
    res[f"pre{k}"] = get(o, np.zeros(n * k, np.int32))
    o = buf(np.full(n * k, -1, np.int32))
    prg.postdec(q, (n,), None, o, np.int32(k))
    res[f"post{k}"] = get(o, np.zeros(n * k, np.int32))
o = buf(np.full(2 * n, -1, np.int32))
prg.compound(q, (n,), None, o)
res["comp"] = get(o, np.zeros(2 * n, np.int32))
o = buf(np.full(3 * n, -1, np.int32))
prg.comma(q, (n,), None, o)
res["comma"] = get(o, np.zeros(3 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
