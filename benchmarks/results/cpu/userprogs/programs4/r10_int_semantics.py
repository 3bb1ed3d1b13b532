import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void ul(__global const ulong *a, __global ulong *o, ulong m) {
  size_t i = get_global_id(0); ulong v = a[i];
  o[8*i+0] = v * m + (ulong)i;
  o[8*i+1] = mul_hi(v, m);
  o[8*i+2] = popcount(v);
  o[8*i+3] = clz(v);
  o[8*i+4] = rotate(v, (ulong)(i % 64));
  o[8*i+5] = v >> (i % 64);
  o[8*i+6] = (ulong)((long)v / (long)(i + 1));
  o[8*i+7] = select(v, ~v, (ulong)(v & 1UL ? -1L : 0L));
}
__kernel void i32(__global const int *a, __global int *o, __global uchar *s8, __global float *fb) {
  long i = (long)get_global_id(0); int v = a[i];
  o[6*i+0] = v * 1664525 + 1013904223;      /* wraps */
  o[6*i+1] = mul_hi(v, 0x7fffffff);
  o[6*i+2] = (int)popcount((uint)v) + clz(v);
  o[6*i+3] = rotate(v, (int)(i & 31));
  o[6*i+4] = as_int((float)v * 0.5f);
  o[6*i+5] = add_sat(v, 2000000000);
  s8[i] = convert_uchar_sat(v);
  fb[i] = as_float((v & 0x007fffff) | 0x3f800000);
}
__kernel void sh(__global const short *a, __global short *o, __global char *c) {
  int i = get_global_id(0);
  o[i] = (short)(a[i] * 3 + 30000);
  c[i] = convert_char_sat((int)a[i]) ^ (char)i;
}
__kernel void big_index(__global uint *o, ulong base) {
  size_t i = get_global_id(0); ulong g = base + i; o[i] = (uint)(g ^ (g >> 32)) + (uint)(get_global_size(0) - 1 - i);
}
""").build()
rng = np.random.default_rng(11)
res = {}
n = 4099
a = rng.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, n, dtype=np.uint64)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
do = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes * 8)
prg.ul(q, (n,), None, da, do, np.uint64(0x9E3779B97F4A7C15))
o = np.empty(8 * n, np.uint64); cl.enqueue_copy(q, o, do); res["ul"] = o
m = 10007
ai = rng.integers(-2**31, 2**31, m, dtype=np.int64).astype(np.int32)
dai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ai)
doi = cl.Buffer(ctx, mf.WRITE_ONLY, m * 24); ds8 = cl.Buffer(ctx, mf.WRITE_ONLY, m); dfb = cl.Buffer(ctx, mf.WRITE_ONLY, m * 4)
prg.i32(q, (m,), None, dai, doi, ds8, dfb)
oi = np.empty(6 * m, np.int32); cl.enqueue_copy(q, oi, doi); res["i32"] = oi
s8 = np.empty(m, np.uint8); cl.enqueue_copy(q, s8, ds8); res["s8"] = s8
fb = np.empty(m, np.float32); cl.enqueue_copy(q, fb, dfb); res["fb"] = fb
for k in (1001, 1, 3, 999, 65535):
    sa = (np.arange(k, dtype=np.int32) * 37 - 20000).astype(np.int16)
    dsa = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=sa)
    dso = cl.Buffer(ctx, mf.WRITE_ONLY, sa.nbytes); dc = cl.Buffer(ctx, mf.WRITE_ONLY, k)
    prg.sh(q, (k,), None, dsa, dso, dc)
    so = np.empty(k, np.int16); cl.enqueue_copy(q, so, dso); res[f"sh{k}"] = so
    c = np.empty(k, np.int8); cl.enqueue_copy(q, c, dc); res[f"c{k}"] = c
db = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * 70001)
prg.big_index(q, (70001,), None, db, np.uint64(2**40 - 12345))
bo = np.empty(70001, np.uint32); cl.enqueue_copy(q, bo, db); res["big"] = bo
np.savez(sys.argv[1], **res)
print("done")
