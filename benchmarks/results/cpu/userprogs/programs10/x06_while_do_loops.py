import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1006)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# do-while and while(1) loops around writes: a Collatz step count, a loop that returns
# from inside a while, a do { } while (0) block with a break before the write
src = """
__kernel void collatz(__global const uint *a, __global uint *o) {
    int i = get_global_id(0);
    uint x = a[i], n = 0;
    do { x = (x & 1u) ? 3u * x + 1u : x >> 1; n++; } while (x > 1u && n < 500u);
    o[i] = n;
}
__kernel void guarded(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    int v = a[i];
    while (1) {
        if (v % 5 == 0) return;
        if (v > 0) break;
        v += 7;
    }
    o[i] = v;
}
__kernel void once(__global const int *a, __global int *o) {
    int i = get_global_id(0);
    do {
        if (a[i] & 8) break;
        o[2 * i] = a[i];
    } while (0);
    o[2 * i + 1] = -a[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 15
h = rng.integers(1, 1 << 16, n).astype(np.uint32)
o = buf(np.zeros(n, np.uint32))
prg.collatz(q, (n,), None, buf(h), o)
res["collatz"] = get(o, h)
hi = rng.integers(-50, 50, n).astype(np.int32)
o = buf(np.full(n, 777, np.int32))
prg.guarded(q, (n,), None, buf(hi), o)
res["guarded"] = get(o, hi)
o = buf(np.full(2 * n, 55, np.int32))
prg.once(q, (n,), None, buf(hi), o)
res["once"] = get(o, np.zeros(2 * n, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
