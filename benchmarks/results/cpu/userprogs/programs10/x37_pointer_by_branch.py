import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1037)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# the destination pointer set in branches: if/else on data, a switch on the id's low
# bits, a pointer advanced in a do-while with a count argument
src = """
__kernel void ifelse(__global const int *a, __global int *pos, __global int *neg) {
    int i = get_global_id(0);
    __global int *d;
    if (a[i] >= 0) d = pos; else d = neg;
    d[i] = a[i];
}
__kernel void sw(__global int *x, __global int *y, __global int *z) {
    int i = get_global_id(0);
    __global int *d = x;
    switch (i & 3) {
    case 1: d = y; break;
    case 2: d = z; break;
    default: break;
    }
    d[i >> 2] = i;
}
__kernel void dowalk(__global int *o, int s, int cnt) {
    int i = get_global_id(0);
    __global int *p = o + i;
    int c = cnt;
    do { *p = i + c; p += s; } while (--c);
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.integers(-1000, 1000, n).astype(np.int32)
p_, m_ = buf(np.full(n, 1, np.int32)), buf(np.full(n, 2, np.int32))
prg.ifelse(q, (n,), None, buf(a), p_, m_)
res["pos"] = get(p_, a); res["neg"] = get(m_, a)
x, y, z = (buf(np.full(n // 4, v, np.int32)) for v in (3, 4, 5))
prg.sw(q, (n,), None, x, y, z)
res["x"] = get(x, np.zeros(n // 4, np.int32)); res["y"] = get(y, np.zeros(n // 4, np.int32))
res["z"] = get(z, np.zeros(n // 4, np.int32))
s, cnt = 9000, 6
o = buf(np.full(s * cnt, -1, np.int32))
prg.dowalk(q, (s,), None, o, np.int32(s), np.int32(cnt))
res["dw"] = get(o, np.zeros(s * cnt, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
