import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1002)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# a Stockham radix-2 FFT: ping-pong buffers swapped each pass, stride and pass size as
# arguments, then an in-place radix-2 with a bit-reversed load through a helper
src = """
#define PI2 6.283185307179586f
static inline float2 cmul(float2 a, float2 b) { return (float2)(a.x*b.x - a.y*b.y, a.x*b.y + a.y*b.x); }
__kernel void stockham(__global const float2 *x, __global float2 *y, int n, int p) {
    int i = get_global_id(0);          /* 0 .. n/2-1 */
    int k = i & (p - 1);
    float2 u = x[i], v = x[i + n / 2];
    float ang = -PI2 * (float)k / (float)(2 * p);
    float2 w = (float2)(cos(ang), sin(ang));
    v = cmul(v, w);
    int out = ((i - k) << 1) + k;
    y[out] = u + v;
    y[out + p] = u - v;
}
static inline uint rev(uint x, uint bits) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    x = (x >> 16) | (x << 16);
    return x >> (32 - bits);
}
__kernel void bitrev_load(__global const float2 *x, __global float2 *y, uint bits, int stride) {
    uint i = get_global_id(0);
    y[i * stride] = x[rev(i, bits)];
}
"""
prg = cl.Program(ctx, src).build()
st, br = prg.stockham, prg.bitrev_load
for bits in (15, 10):
    n = 1 << bits
    h = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    a, b = buf(h), buf(np.zeros_like(h))
    p = 1
    while p < n:
        st(q, (n // 2,), None, a, b, np.int32(n), np.int32(p))
        a, b = b, a
        p *= 2
    g = get(a, h)
    res[f"tol_fft_{bits}"] = g / np.float32(n)
    res[f"tol_ref_{bits}"] = (np.fft.fft(h.astype(np.complex128)) / n).astype(np.complex64)
    o = buf(np.full(2 * n, 7 + 7j, np.complex64))
    br(q, (n,), None, buf(h), o, np.uint32(bits), np.int32(2))
    res[f"rev_{bits}"] = get(o, np.zeros(2 * n, np.complex64))
np.savez(sys.argv[1], **res)
print("done", len(res))
