import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# ring buffers and tables indexed through narrow or unsigned types that wrap around
prg = cl.Program(ctx, """
__kernel void ring_push(__global float *ring, __global const float *x, int head) {
    int i = get_global_id(0);
    ring[(ushort)(head + i)] = x[i];          /* 65536 slots */
}
__kernel void make_lut(__global uint *lut, uint seed) {
    uint i = get_global_id(0);
    lut[i] = (i * 2654435761u) ^ seed;
}
__kernel void rotate_lookup(__global const uint *lut, __global uint *o, int rot) {
    int i = get_global_id(0);
    o[i] = lut[(uchar)(i + rot)] + lut[(i * 3) & 255];
}
__kernel void from_end(__global int *o, uint neg_offset) {
    uint i = get_global_id(0);
    if (i < 1000) return;
    o[i + neg_offset] = (int)i * 3;           /* neg_offset = -1000 as uint */
}
""").build()
rng = np.random.default_rng(836)
N = 65536
ring = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(N, np.float32))
k = cl.Kernel(prg, "ring_push")
head = 0
for chunk in [20000, 30000, 25000, 8192]:
    hx = rng.standard_normal(chunk).astype(np.float32)
    x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hx)
    k(q, (chunk,), (64,) if chunk % 64 == 0 else None, ring, x, np.int32(head))
    head = (head + chunk) % N
h = np.empty(N, np.float32); cl.enqueue_copy(q, h, ring); res["ring"] = h
lut = cl.Buffer(ctx, mf.READ_WRITE, 4 * 256 * 64)
prg.make_lut(q, (256 * 64,), (64,), lut, np.uint32(12345))
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * 100000)
for rot in [0, 200, 77]:
    prg.rotate_lookup(q, (100000,), None, lut, o, np.int32(rot))
    h = np.empty(100000, np.uint32); cl.enqueue_copy(q, h, o); res[f"lookup_{rot}"] = h
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(50000, -1, np.int32))
prg.from_end(q, (50000,), (100,), o2, np.uint32(2**32 - 1000))
h = np.empty(50000, np.int32); cl.enqueue_copy(q, h, o2); res["from_end"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
