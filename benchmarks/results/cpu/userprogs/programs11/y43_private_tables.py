import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1143)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# indices from private arrays, program-scope constants and sizeof / vec_step
src = """
__constant int OFFS = 100;
__constant int PERM[4] = {2, 0, 3, 1};
__kernel void perm(__global int *o) {
    int i = get_global_id(0);
    int p[4] = {2, 0, 3, 1};
    o[4 * (i / 4) + p[i % 4]] = i;
}
__kernel void two(__global int *o, int n) {
    int i = get_global_id(0);
    int idx[2];
    idx[0] = i; idx[1] = i + n;
    o[idx[1]] = i; o[idx[0]] = -i;
}
__kernel void cst(__global int *o) {
    int i = get_global_id(0);
    o[i + OFFS] = i;
    o[4 * (i / 4) + PERM[i % 4] + 2 * OFFS + 40000] = i;
}
__kernel void sz(__global float *o) {
    int i = get_global_id(0);
    o[i * vec_step(float3) + 3] = (float)i;
    o[i * (sizeof(float4) / sizeof(float))] = -(float)i;
}
__kernel void loc(__global int *o, int n) {
    int i = get_global_id(0);
    int w = 8;
    if (n > 100) w = 16;
    o[i * w] = i;
}
"""
prg = cl.Program(ctx, src).build()
n = 40000
o = buf(np.full(n, -1, np.int32)); prg.perm(q, (n,), None, o); res["perm"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(2 * n, -1, np.int32)); prg.two(q, (n,), None, o, np.int32(n)); res["two"] = get(o, np.zeros(2 * n, np.int32))
o = buf(np.full(2 * n + 300, -1, np.int32)); prg.cst(q, (n,), None, o); res["cst"] = get(o, np.zeros(2 * n + 300, np.int32))
o = buf(np.full(4 * n, -1, np.float32)); prg.sz(q, (n,), None, o); res["sz"] = get(o, np.zeros(4 * n, np.float32))
o = buf(np.full(16 * 5000, -1, np.int32)); prg.loc(q, (5000,), None, o, np.int32(500)); res["loc"] = get(o, np.zeros(16 * 5000, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
