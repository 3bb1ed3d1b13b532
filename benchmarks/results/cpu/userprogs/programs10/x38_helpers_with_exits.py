import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1038)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers with loops that return early or break, called before and around the caller's
# writes; a helper that writes then returns from inside a loop
src = """
static int scan_until(__global const int *a, int base, int len, int stop) {
    for (int k = 0; k < len; k++) if (a[base + k] == stop) return k;
    return len;
}
static void fill_until(__global int *o, int base, int len, int stop) {
    for (int k = 0; k < len; k++) { if (k == stop) return; o[base + k] = k + 1; }
}
static void store_if(__global int *o, int i, int v) {
    switch (v & 1) { case 0: return; default: break; }
    o[i] = v;
}
__kernel void k(__global const int *a, __global int *o, __global int *o2, __global int *o3, int len) {
    int i = get_global_id(0);
    int s = scan_until(a, i * len, len, 0);
    o[i] = s;
    fill_until(o2, i * len, len, s);
    store_if(o3, i, a[i * len]);
}
"""
prg = cl.Program(ctx, src).build()
n, ln = 20000, 6
a = rng.integers(0, 5, n * ln).astype(np.int32)
o, o2, o3 = buf(np.full(n, -1, np.int32)), buf(np.full(n * ln, -1, np.int32)), buf(np.full(n, -1, np.int32))
prg.k(q, (n,), None, buf(a), o, o2, o3, np.int32(ln))
res["o"] = get(o, np.zeros(n, np.int32)); res["o2"] = get(o2, np.zeros(n * ln, np.int32))
res["o3"] = get(o3, np.zeros(n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
