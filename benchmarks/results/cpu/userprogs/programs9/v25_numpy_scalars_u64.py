import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# numpy scalar types of every width as arguments, and 64-bit unsigned constants in the
# index math (masks, a multiplicative hash into a table)
src = """
__kernel void by_u64(__global float *o, ulong base, ulong stride, double scale) {
    ulong i = get_global_id(0);
    o[base + i * stride] = (float)(scale * (double)i);
}
__kernel void mask_idx(__global const int *a, __global int *o) {
    ulong i = get_global_id(0);
    o[i & 0xFFFFFFFFUL] = a[(i + 0x100000000UL) & 0xFFFFFFFFUL];
}
__kernel void hash_bucket(__global const uint *keys, __global uint *slot) {
    uint i = get_global_id(0);
    ulong h = (ulong)keys[i] * 0x9E3779B97F4A7C15UL;
    slot[i] = (uint)(h >> 52);
}
__kernel void hi_bits(__global uint *o, ulong add) {
    ulong i = get_global_id(0);
    o[(i + add) - 0xFFFFFFFF00000000UL] = (uint)i;
}
__kernel void smalls(__global long *o, char c, uchar uc, short s, ushort us, uint u, long l, float f) {
    int i = get_global_id(0);
    o[i] = (long)c + uc + s + us + u + l + (long)(f * i);
}
"""
prg = cl.Program(ctx, src).build()
n = 100000
for base, stride, scale in [(0, 1, 0.5), (3, 2, -1.25), (10, 3, 1e-3)]:
    ho = np.zeros(3 * n + 10, np.float32)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ho)
    prg.by_u64(q, (n,), None, o, np.uint64(base), np.uint64(stride), np.float64(scale))
    cl.enqueue_copy(q, ho, o); res[f"u64_{base}_{stride}"] = ho
rng = np.random.default_rng(925)
ha = rng.integers(0, 1 << 30, n).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
oi = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
prg.mask_idx(q, (n,), None, a, oi)
g = np.empty(n, np.int32); cl.enqueue_copy(q, g, oi); res["mask"] = g
keys = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32))
sl = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
prg.hash_bucket(q, (n,), None, keys, sl)
gs = np.empty(n, np.uint32); cl.enqueue_copy(q, gs, sl); res["hash"] = gs
hb = np.zeros(n + 100, np.uint32)
ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hb)
prg.hi_bits(q, (n,), None, ob, np.uint64(0xFFFFFFFF00000000 + 100))
cl.enqueue_copy(q, hb, ob); res["hi"] = hb
ol = cl.Buffer(ctx, mf.READ_WRITE, 8 * n)
prg.smalls(q, (n,), None, ol, np.int8(-3), np.uint8(250), np.int16(-30000), np.uint16(60000),
           np.uint32(4000000000), np.int64(-2 ** 40), np.float32(0.5))
gl = np.empty(n, np.int64); cl.enqueue_copy(q, gl, ol); res["smalls"] = gl
np.savez(sys.argv[1], **res)
print("done", len(res))
