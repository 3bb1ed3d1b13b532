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

# far-apart reads through vload4, a pointer offset and a helper
src = """
float at(__global const float *p, int k) { return p[k]; }
__kernel void v4(__global const float *in, __global float4 *o, int q4) {
    int i = get_global_id(0);
    o[i] = vload4(i, in) * vload4(i + q4, in);
}
__kernel void ptr(__global const float *in, __global float *o, int n) {
    int i = get_global_id(0);
    __global const float *hi = in + n / 2;
    o[i] = in[i] * hi[i];
}
__kernel void helper(__global const float *in, __global float *o, int n) {
    int i = get_global_id(0);
    o[i] = at(in, i) + at(in, n - 1 - i) + at(in + n / 4, i);
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 20
x = np.random.default_rng(20).random(n).astype(np.float32)
a = buf(x)
o = buf(np.full(4 * (n // 8), -1, np.float32)); prg.v4(q, (n // 8,), None, a, o, np.int32(n // 8)); res["v4"] = get(o, np.zeros(4 * (n // 8), np.float32))
o = buf(np.full(n // 2, -1, np.float32)); prg.ptr(q, (n // 2,), None, a, o, np.int32(n)); res["ptr"] = get(o, np.zeros(n // 2, np.float32))
o = buf(np.full(n // 2, -1, np.float32)); prg.helper(q, (n // 2,), None, a, o, np.int32(n)); res["helper"] = get(o, np.zeros(n // 2, np.float32))
np.savez(sys.argv[1], **res)
print("done", len(res))
