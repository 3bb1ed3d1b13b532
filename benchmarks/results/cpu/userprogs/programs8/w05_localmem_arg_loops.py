import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

# local memory sized by the host from an argument; barriers inside loops
prg = cl.Program(ctx, """
__kernel void block_sums(__global const float *x, __global float *out,
                         __local float *tmp, int per_item) {
    int l = get_local_id(0), L = get_local_size(0);
    size_t base = get_group_id(0) * (size_t)L * per_item;
    float acc = 0.0f;
    for (int k = 0; k < per_item; k++) acc += x[base + (size_t)k * L + l];
    tmp[l] = acc;
    for (int s = 1; s < L; s <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        float v = (l >= s) ? tmp[l - s] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        tmp[l] += v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[l];
}
__kernel void two_locals(__global const int *a, __global int *b, __local int *la,
                         __local int *lb, int rounds) {
    int l = get_local_id(0), L = get_local_size(0);
    la[l] = a[get_global_id(0)];
    lb[l] = 0;
    for (int r = 0; r < rounds; r++) {
        barrier(CLK_LOCAL_MEM_FENCE);
        lb[l] = la[(l + r + 1) % L] ^ (la[l] << 1);
        barrier(CLK_LOCAL_MEM_FENCE);
        la[l] = lb[l] + r;
    }
    b[get_global_id(0)] = la[l];
}
""").build()
rng = np.random.default_rng(805)
n = 1 << 18
hx = rng.standard_normal(n).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
k = cl.Kernel(prg, "block_sums")
for L, per in [(64, 4), (128, 2), (32, 16), (256, 1)]:
    g = n // per
    out = cl.Buffer(ctx, mf.READ_WRITE, 4 * g)
    k(q, (g,), (L,), x, out, cl.LocalMemory(4 * L), np.int32(per))
    h = np.empty(g, np.float32); cl.enqueue_copy(q, h, out); res[f"scan_{L}_{per}"] = h
ha = rng.integers(0, 1 << 20, 65536).astype(np.int32)
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ha)
b = cl.Buffer(ctx, mf.READ_WRITE, ha.nbytes)
k2 = cl.Kernel(prg, "two_locals")
for L, rounds in [(16, 3), (64, 10), (256, 1)]:
    k2(q, (ha.size,), (L,), a, b, cl.LocalMemory(4 * L), cl.LocalMemory(4 * L), np.int32(rounds))
    h = np.empty_like(ha); cl.enqueue_copy(q, h, b); res[f"locals_{L}"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
