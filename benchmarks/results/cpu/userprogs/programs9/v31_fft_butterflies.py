import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# a radix-2 FFT done in place, stage by stage: a bit-reversal permutation into a second
# buffer, then butterflies whose two indices come from shifts and masks of the item id
src = """
uint bitrev(uint x, int bits) {
    uint r = 0;
    for (int b = 0; b < bits; ++b) { r = (r << 1) | (x & 1u); x >>= 1; }
    return r;
}
__kernel void permute(__global const float2 *a, __global float2 *o, int bits) {
    uint i = get_global_id(0);
    o[bitrev(i, bits)] = a[i];
}
__kernel void butterfly(__global float2 *a, int half_size) {
    int i = get_global_id(0);
    int j = i & (half_size - 1);
    int i0 = ((i - j) << 1) + j;
    int i1 = i0 + half_size;
    float ang = -M_PI_F * (float)j / (float)half_size;
    float2 w = (float2)(cos(ang), sin(ang));
    float2 u = a[i0], v = a[i1];
    float2 t = (float2)(v.x * w.x - v.y * w.y, v.x * w.y + v.y * w.x);
    a[i0] = u + t;
    a[i1] = u - t;
}
"""
prg = cl.Program(ctx, src).build()
perm = prg.permute
bf = prg.butterfly
rng = np.random.default_rng(931)
for bits in [16, 11]:
    n = 1 << bits
    hx = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
    o = cl.Buffer(ctx, mf.READ_WRITE, hx.nbytes)
    perm(q, (n,), None, a, o, np.int32(bits))
    hs = 1
    while hs < n:
        bf(q, (n // 2,), None, o, np.int32(hs))
        hs *= 2
    g = np.empty_like(hx); cl.enqueue_copy(q, g, o)
    res[f"fft_{bits}"] = g
    res[f"tol_fft_{bits}"] = g / np.float32(n)
    res[f"tol_ref_{bits}"] = (np.fft.fft(hx.astype(np.complex128)) / n).astype(np.complex64)
np.savez(sys.argv[1], **res)
print("done", len(res))
