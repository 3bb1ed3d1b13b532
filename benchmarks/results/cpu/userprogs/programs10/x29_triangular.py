import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1029)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# packed triangular storage: row r starts at r*(r+1)/2, each item writes its row of a
# lower-triangular matrix; and the symmetric unpack back to full storage
src = """
__kernel void pack(__global const float *m, __global float *t, int n) {
    int r = get_global_id(0);
    int base = r * (r + 1) / 2;
    for (int c = 0; c <= r; c++) t[base + c] = m[r * n + c];
}
__kernel void unpack(__global const float *t, __global float *m, int n) {
    int r = get_global_id(0), c = get_global_id(1);
    int hi = max(r, c), lo = min(r, c);
    m[r * n + c] = t[hi * (hi + 1) / 2 + lo];
}
"""
prg = cl.Program(ctx, src).build()
n = 400
m = rng.standard_normal(n * n).astype(np.float32)
t = buf(np.full(n * (n + 1) // 2 + 10, -1.0, np.float32))
prg.pack(q, (n,), None, buf(m), t, np.int32(n))
res["t"] = get(t, np.zeros(n * (n + 1) // 2 + 10, np.float32))
mm = buf(np.zeros(n * n, np.float32))
prg.unpack(q, (n, n), None, t, mm, np.int32(n))
res["m"] = get(mm, m)
np.savez(sys.argv[1], **res)
print("done", len(res))
