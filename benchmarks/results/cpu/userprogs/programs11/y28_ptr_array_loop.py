import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1128)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# private arrays of pointers to several buffers, chosen in a loop
src = """
__kernel void k(__global int *a, __global int *b, __global int *c) {
    __global int *outs[3] = {a, b, c};
    int i = get_global_id(0);
    for (int j = 0; j < 3; j++) outs[j][i] = i * (j + 1);
}
__kernel void k2(__global int *a, __global int *b, __global int *c, int sel) {
    __global int *outs[3];
    outs[0] = a; outs[1] = b; outs[2] = c;
    int i = get_global_id(0);
    outs[(i + sel) % 3][i] = sel;
}
"""
prg = cl.Program(ctx, src).build()
n = 40000
bs = [buf(np.full(n, -1, np.int32)) for _ in range(3)]
prg.k(q, (n,), None, *bs)
for j in range(3): res[f"k{j}"] = get(bs[j], np.zeros(n, np.int32))
bs = [buf(np.full(n, -1, np.int32)) for _ in range(3)]
prg.k2(q, (n,), None, *bs, np.int32(1))
prg.k2(q, (n // 2,), None, *bs, np.int32(2))
for j in range(3): res[f"s{j}"] = get(bs[j], np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
