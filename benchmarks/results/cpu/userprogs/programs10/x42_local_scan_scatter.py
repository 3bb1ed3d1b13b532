import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1042)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# block compaction: each work-group scans its flags in local memory (Hillis-Steele with
# barriers) and scatters its kept items to group_base[g] + local rank; a radix-sort
# style split by one bit with the same local scan
src = """
#define L 128
__kernel void count(__global const int *a, __global int *cnt, int thr) {
    __local int s[L];
    int l = get_local_id(0);
    s[l] = a[get_global_id(0)] > thr;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = L / 2; d > 0; d >>= 1) { if (l < d) s[l] += s[l + d]; barrier(CLK_LOCAL_MEM_FENCE); }
    if (l == 0) cnt[get_group_id(0)] = s[0];
}
__kernel void compact(__global const int *a, __global const int *base, __global int *o, int thr) {
    __local int s[L];
    int l = get_local_id(0), g = get_group_id(0);
    int v = a[get_global_id(0)];
    int f = v > thr;
    s[l] = f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < L; d <<= 1) {
        int t = l >= d ? s[l - d] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[l] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (f) o[base[g] + s[l] - 1] = v;
}
__kernel void split_bit(__global const uint *a, __global uint *o, uint bit) {
    __local int s[L];
    int l = get_local_id(0), g = get_group_id(0);
    uint v = a[get_global_id(0)];
    int z = ((v >> bit) & 1u) == 0u;
    s[l] = z;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < L; d <<= 1) {
        int t = l >= d ? s[l - d] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        s[l] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    int zeros = s[L - 1];
    int pos = z ? s[l] - 1 : zeros + l - s[l];
    o[g * L + pos] = v;
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 17
a = rng.integers(0, 1000, n).astype(np.int32)
ab = buf(a)
cnt = buf(np.zeros(n // 128, np.int32))
prg.count(q, (n,), (128,), ab, cnt, np.int32(700))
hc = get(cnt, np.zeros(n // 128, np.int32))
base = np.concatenate([[0], np.cumsum(hc)[:-1]]).astype(np.int32)
o = buf(np.full(n, -1, np.int32))
prg.compact(q, (n,), (128,), ab, buf(base), o, np.int32(700))
res["cnt"] = hc; res["o"] = get(o, a)
u = rng.integers(0, 1 << 30, n).astype(np.uint32)
x, y = buf(u), buf(np.zeros_like(u))
for bit in range(4):
    prg.split_bit(q, (n,), (128,), x, y, np.uint32(bit))
    x, y = y, x
res["split"] = get(x, u)
np.savez(sys.argv[1], **res)
print("done", len(res))
