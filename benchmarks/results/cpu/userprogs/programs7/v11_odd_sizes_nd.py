import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void id1(__global int *o) {
    int i = get_global_id(0);
    o[i] = i * 3 + (int)get_local_id(0) * 0 + 1;
}
__kernel void id2(__global float *o, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    o[y * W + x] = (float)x * 0.5f - (float)y * 0.25f + native_sin((float)(x ^ y));
}
__kernel void id3(__global ushort *o, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    o[(z * H + y) * W + x] = (ushort)((x * 7 + y * 13 + z * 17) & 0xffff);
}
__kernel void mulrows(__global const float *m, __global const float *v, __global float *o, int W) {
    int r = get_global_id(1), c = get_global_id(0);
    o[r * W + c] = m[r * W + c] * v[c];
}
""").build()
i1 = cl.Kernel(prg, "id1"); i2 = cl.Kernel(prg, "id2"); i3 = cl.Kernel(prg, "id3"); mr = cl.Kernel(prg, "mulrows")
for n in [1, 2, 3, 97, 1009, 65537, 999983, 1 << 20]:
    o = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
    i1(q, (n,), None, o)
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o); res[f"id1_{n}"] = h
for W, H in [(1, 1), (1, 1031), (1031, 1), (3, 5), (127, 509), (641, 397), (2, 65537)]:
    o = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * W * H)
    i2(q, (W, H), None, o, np.int32(W))
    h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, o); res[f"id2_{W}x{H}"] = h
for W, H, D in [(1, 1, 1), (5, 3, 2), (31, 17, 11), (101, 1, 59), (1, 97, 89), (64, 63, 65)]:
    o = cl.Buffer(ctx, mf.WRITE_ONLY, 2 * W * H * D)
    i3(q, (W, H, D), None, o, np.int32(W), np.int32(H))
    h = np.empty(W * H * D, np.uint16); cl.enqueue_copy(q, h, o); res[f"id3_{W}x{H}x{D}"] = h
# explicit local sizes that divide only the padded size; the program pads and guards
W, H = 1000, 777
rng = np.random.default_rng(711)
m = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.random(W * H).astype(np.float32))
v = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.random(W).astype(np.float32))
o = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * W * H)
for loc in [None, (8, 7), (40, 3), (1000, 1), (1, 777)]:
    mr(q, (W, H), loc, m, v, o, np.int32(W))
    h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, o); res[f"mulrows_{loc}"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
