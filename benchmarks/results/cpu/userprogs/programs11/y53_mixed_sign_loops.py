import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1153)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# loops comparing signed counters with unsigned limits (converted: they may not run)
src = """
__kernel void init(__global int *o, int v) { o[get_global_size(0) - 1 - get_global_id(0)] = v; }
__kernel void neg_start(__global int *o, int w, uint n) {
    int y = get_global_id(0);
    for (int x = -2; x < n; x++) o[y * w + x + 2] = x;       /* never runs */
}
__kernel void down_u(__global int *o, int w, uint n) {
    int y = get_global_id(0);
    for (uint k = n; k > -1; k--) o[y * w + k] = (int)k;     /* never runs */
}
__kernel void sz(__global int *o, int w) {
    int y = get_global_id(0);
    for (int x = 0; x < sizeof(int) * 2; x++) o[y * w + x] = x;   /* 8 times */
}
__kernel void neg_limit(__global int *o, int w, int n) {
    int y = get_global_id(0);
    for (int x = 0; x < n - 10; x++) o[y * w + x] = x;       /* n < 10: never */
}
__kernel void long_ctr(__global int *o, int w, long n) {
    int y = get_global_id(0);
    for (long x = n; x < n + 4; x++) o[y * w + (int)(x - n)] = (int)x;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 16, 8192
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.int32(v))
    return o
for name, args in (("neg_start", (np.uint32(5),)), ("down_u", (np.uint32(5),)), ("sz", ()),
                   ("neg_limit", (np.int32(4),)), ("long_ctr", (np.int64(-(1 << 40)),))):
    o = fresh(w * h, -1)
    getattr(prg, name)(q, (h,), None, o, np.int32(w), *args)
    res[name] = get(o, np.zeros(w * h, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
