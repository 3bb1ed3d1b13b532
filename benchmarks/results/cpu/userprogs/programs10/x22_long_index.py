import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1022)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# long and ulong index math near 2^31: a base past INT_MAX taken back off, a stride in
# long with small counts, size_t products, a 64-bit offset argument
src = """
__kernel void big_base(__global int *o, long base) {
    long i = get_global_id(0);
    long idx = (base + i) - base;
    o[idx] = (int)(i ^ 0x55);
}
__kernel void long_stride(__global float *o, long stride, int cnt) {
    int i = get_global_id(0);
    for (int k = 0; k < cnt; k++) o[(long)k * stride + i] = (float)(k + i);
}
__kernel void sz(__global short *o, ulong w) {
    size_t x = get_global_id(0), y = get_global_id(1);
    o[y * w + x] = (short)(x * 3 + y);
}
__kernel void uoff(__global int *o, ulong off) {
    ulong i = get_global_id(0);
    o[i + off - 2147483648UL] = (int)i;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
o = buf(np.full(n, -1, np.int32))
prg.big_base(q, (n,), None, o, np.int64(3_000_000_000))
res["bb"] = get(o, np.zeros(n, np.int32))
o = buf(np.full(4 * 30000, -1.0, np.float32))
prg.long_stride(q, (30000,), None, o, np.int64(30000), np.int32(4))
res["ls"] = get(o, np.zeros(120000, np.float32))
o = buf(np.full(300 * 256, -1, np.int16))
prg.sz(q, (256, 300), None, o, np.uint64(256))
res["sz"] = get(o, np.zeros(300 * 256, np.int16))
o = buf(np.full(n + 10, -1, np.int32))
prg.uoff(q, (n,), None, o, np.uint64(2147483648 + 10))
res["uoff"] = get(o, np.zeros(n + 10, np.int32))
np.savez(sys.argv[1], **res)
print("done", len(res))
