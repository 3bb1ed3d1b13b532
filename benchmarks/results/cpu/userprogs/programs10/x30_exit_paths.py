import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1030)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# exits in the middle of control flow before the last write: a return in a nested loop,
# a goto out of a loop, a return inside a helper's loop (which only ends the helper),
# continue and break before a write after the loop
src = """
__kernel void nested_ret(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    for (int u = 0; u < 2; u++)
        for (int v = 0; v < 2; v++)
            if (a[4 * i + 2 * u + v] == 0) return;
    o[i] = 1;
}
__kernel void goto_out(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    for (int k = 0; k < 4; k++)
        if (a[4 * i + k] < 0) goto out;
    o[i] = 2;
out:
    ;
}
static inline int find(__global const int *a, int i) {
    for (int k = 0; k < 4; k++) if (a[4 * i + k] == 0) return k;
    return -1;
}
__kernel void helper_ret(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    o[i] = find(a, i);
}
__kernel void brk(__global const int *a, __global int *o) {
    int i = get_global_id(0), s = 0;
    for (int k = 0; k < 4; k++) { if (a[4 * i + k] < 0) continue; if (a[4 * i + k] > 8) break; s += a[4 * i + k]; }
    o[i] = s;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 15
a = rng.integers(-2, 10, 4 * n).astype(np.int32)
ab = buf(a)
for name in ("nested_ret", "goto_out", "helper_ret", "brk"):
    o = buf(np.full(n, -77, np.int32))
    getattr(prg, name)(q, (n,), None, ab, o)
    res[name] = get(o, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
