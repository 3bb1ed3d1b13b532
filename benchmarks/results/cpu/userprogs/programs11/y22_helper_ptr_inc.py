import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1122)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# helpers that walk a pointer they were given, writing as they go
src = """
void fill_n(__global int *p, int n, int v) { for (int k = 0; k < n; k++) *p++ = v + k; }
void put_pair(__global int *p, int a, int b) { p[0] = a; p[1] = b; }
int write_and_count(__global int *p, int i) { p[i] = i; return 1; }
__kernel void k(__global int *o, int n) {
    int i = get_global_id(0);
    fill_n(o + i * n, n, i * 1000);
}
__kernel void k2(__global int *o) {
    int i = get_global_id(0);
    put_pair(&o[2 * i], i, -i);
}
__kernel void k3(__global int *o, __global int *c) {
    int i = get_global_id(0);
    int s = write_and_count(o, i) + write_and_count(o + get_global_size(0), 2 * i + 1);
    c[i] = s;
}
__kernel void k4(__global int *o, int n) {
    int i = get_global_id(0);
    fill_n(o + i, 1, i);   /* one element each, placed by the pointer only */
}
"""
prg = cl.Program(ctx, src).build()
m = 20000
o = buf(np.full(m * 5, -1, np.int32)); prg.k(q, (m,), None, o, np.int32(5))
res["k"] = get(o, np.zeros(m * 5, np.int32))
o = buf(np.full(2 * m, -1, np.int32)); prg.k2(q, (m,), None, o)
res["k2"] = get(o, np.zeros(2 * m, np.int32))
o = buf(np.full(3 * m + 1001, -1, np.int32)); c = buf(np.zeros(m, np.int32))
prg.k3(q, (m,), None, o, c)
res["k3"] = get(o, np.zeros(3 * m + 1001, np.int32)); res["c"] = get(c, np.zeros(m, np.int32))
o = buf(np.full(m, -1, np.int32)); prg.k4(q, (m,), None, o, np.int32(0))
res["k4"] = get(o, np.zeros(m, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
