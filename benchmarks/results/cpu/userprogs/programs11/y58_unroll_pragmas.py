import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1158)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# loops under #pragma unroll and __attribute__((opencl_unroll_hint)), as tuned kernels have
src = """
__kernel void init(__global int *o, int v) { o[get_global_size(0) - 1 - get_global_id(0)] = v; }
__kernel void pr(__global int *o, int w) {
    int y = get_global_id(0);
    #pragma unroll 4
    for (int x = 0; x < 16; x++) o[y * w + x] = x;
}
__kernel void pr_full(__global int *o, int w) {
    int y = get_global_id(0);
    #pragma unroll
    for (int x = 0; x < 8; x++) o[y * w + 2 * x + 1] = -x;
}
__kernel void hint(__global int *o, int w) {
    int y = get_global_id(0);
    __attribute__((opencl_unroll_hint(2)))
    for (int x = 0; x < w; x++) o[y * w + x] = x + y;
}
__kernel void nested(__global int *o, int w) {
    int y = get_global_id(0);
    #pragma unroll
    for (int a = 0; a < 4; a++) {
        #pragma unroll
        for (int b = 0; b < 4; b++) o[y * w + 4 * a + b] = a * b;
    }
}
"""
prg = cl.Program(ctx, src).build()
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.int32(v))
    return o
h, w = 8192, 16
for name in ("pr", "pr_full", "hint", "nested"):
    o = fresh(w * h, -1)
    getattr(prg, name)(q, (h,), None, o, np.int32(w))
    res[name] = get(o, np.zeros(w * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
