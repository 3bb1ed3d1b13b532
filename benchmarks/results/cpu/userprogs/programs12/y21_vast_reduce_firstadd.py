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

# the reduction that adds two elements during the load, then a tree in local memory
src = """
__kernel void reduce(__global const float *in, __global float *out, __local float *s, uint n) {
    uint l = get_local_id(0), ls = get_local_size(0);
    uint i = get_group_id(0) * (ls * 2) + l;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + ls < n) v += in[i + ls];
    s[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = ls / 2; k > 0; k >>= 1) {
        if (l < k) s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = s[0];
}
__kernel void reduce_gs(__global const float *in, __global float *out, __local float *s, int n) {
    int l = get_local_id(0), g = get_global_id(0), gs = get_global_size(0);
    s[l] = in[g] + in[g + gs];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k /= 2) {
        if (l < k) s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = s[0];
}
"""
prg = cl.Program(ctx, src).build()
n = (1 << 20) + 1000
x = np.random.default_rng(21).random(n).astype(np.float32)
a = buf(x)
ls = 128
groups = -(-n // (2 * ls))
o = buf(np.full(groups, -1, np.float32))
prg.reduce(q, (groups * ls,), (ls,), a, o, cl.LocalMemory(4 * ls), np.uint32(n))
res["reduce"] = get(o, np.zeros(groups, np.float32))
m = 1 << 20
o = buf(np.full(m // 2 // ls, -1, np.float32))
prg.reduce_gs(q, (m // 2,), (ls,), a, o, cl.LocalMemory(4 * ls), np.int32(m))
res["reduce_gs"] = get(o, np.zeros(m // 2 // ls, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
