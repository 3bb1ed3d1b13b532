import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void fill_idx(__global uchar *o) { size_t i = get_global_id(0); o[i] = (uchar)(i * 2654435761u >> 13); }
__kernel void add1(__global uchar *o) { o[get_global_id(0)] += 1; }
__kernel void xor2d(__global ushort *o, int W) {
    size_t x = get_global_id(0), y = get_global_id(1);
    o[y * W + x] ^= (ushort)(x + 3 * y);
}
""").build()
n = 1 << 24
o = cl.Buffer(ctx, mf.READ_WRITE, n)
prg.fill_idx(q, (n,), None, o)
k = cl.Kernel(prg, "add1")
for _ in range(3):
    k(q, (n,), None, o)
k(q, (n,), (256,), o)
h = np.empty(n, np.uint8); cl.enqueue_copy(q, h, o)
res["hist"] = np.bincount(h, minlength=256); res["head"] = h[:4096].copy(); res["tail"] = h[-4096:].copy()
res["crc"] = np.array([int(np.bitwise_xor.reduce(h.view(np.uint64)))], np.uint64)
W, H = 4096, 2048
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.uint16))
prg.xor2d(q, (W, H), None, o2, np.int32(W))
prg.xor2d(q, (W, H // 2), (64, 4), o2, np.int32(W))
h2 = np.empty(W * H, np.uint16); cl.enqueue_copy(q, h2, o2)
res["xor_sum"] = np.array([int(h2.astype(np.uint64).sum())]); res["xor_rows"] = h2.reshape(H, W)[::97, ::101].copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
