import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1148)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a producer launch, then consumers reading other parts' data through helpers, casts,
# vector loads, struct fields and pointer loops
src = """
__kernel void produce(__global int *a) { int i = get_global_id(0); a[i] = i * 3 + 1; }
__global const int *at(__global const int *a, int k) { return a + k; }
__kernel void c_helper(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    o[i] = *at(a, n - 1 - i);
}
__kernel void c_vload(__global const int *a, __global int *o, int m) {
    int i = get_global_id(0);
    int3 v = vload3(m - 1 - i, a + 1);
    o[i] = v.x + v.y - v.z;
}
typedef struct { int a, b; } pair;
__kernel void c_struct(__global const pair *p, __global int *o, int m) {
    int i = get_global_id(0);
    o[i] = p[m - 1 - i].b;
}
__kernel void c_loop(__global const int *a, __global int *o, int n, int w) {
    int i = get_global_id(0), s = 0;
    for (__global const int *p = a + n - (i + 1) * w; p != a + n - i * w; p++) s += *p;
    o[i] = s;
}
__kernel void c_bytes(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    __global const uchar *b = (__global const uchar *)a;
    o[i] = b[4 * (n - 1 - i) + 1];
}
__kernel void c_ne(__global const int *a, __global int *o, int n, int w) {
    int i = get_global_id(0), s = 0;
    for (int k = n - (i + 1) * w; k != n - i * w; k++) s ^= a[k];
    o[i] = s;
}
__kernel void c_short(__global const int *a, __global int *o, int n) {
    int i = get_global_id(0);
    __global const short *s = (__global const short *)a;
    o[i] = s[2 * (n - 1 - i)];
}
"""
prg = cl.Program(ctx, src).build()
n = 3 * (1 << 15)
a = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
def run(name, m, *args):
    prg.produce(q, (n,), None, a)
    o = buf(np.full(m, -1, np.int32))
    getattr(prg, name)(q, (m,), None, a, o, *args)
    res[name] = get(o, np.zeros(m, np.int32))
run("c_helper", n, np.int32(n))
run("c_vload", n // 3 - 1, np.int32(n // 3 - 1))
run("c_struct", n // 2, np.int32(n // 2))
run("c_loop", n // 8, np.int32(n), np.int32(8))
run("c_bytes", n, np.int32(n))
run("c_ne", n // 8, np.int32(n), np.int32(8))
run("c_short", n, np.int32(n))
np.savez(sys.argv[1], **res)
print("done", len(res))
