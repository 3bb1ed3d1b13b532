import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
nb = 1 << 20
b = cl.Buffer(ctx, mf.READ_WRITE, nb)
cl.enqueue_fill_buffer(q, b, np.uint8(0xAB), 0, nb)
pats = [np.uint8(1), np.uint16(0x0203), np.uint32(0x04050607), np.uint64(0x08090A0B0C0D0E0F),
        np.array([1, 2, 3, 4], np.float32), np.array([1.5, -2.5, 3.5, -4.5, 5.5, 6.5, 7.5, 8.5], np.float64)]
off = 64
for p in pats:
    ps = np.asarray(p).nbytes
    size = ps * (1000 + ps)
    cl.enqueue_fill_buffer(q, b, p, off, size)
    off += size + 3 * ps + 128 - (size + 3 * ps) % ps if ps < 128 else size + ps
    off = (off + 127) // 128 * 128
h = np.empty(nb, np.uint8); cl.enqueue_copy(q, h, b); res["fills"] = h
# fill then kernel reads pattern, fill again over part of what the kernel wrote
prg = cl.Program(ctx, """__kernel void k(__global uint *a) { int i = get_global_id(0); a[i] = a[i] * 3u + (uint)i; }""").build()
n = nb // 4
for step in range(4):
    cl.enqueue_fill_buffer(q, b, np.uint32(step * 0x01010101), 4 * step * 1000, 4 * (n // 2))
    prg.k(q, (n,), None, b)
cl.enqueue_copy(q, h, b); res["fill_kernel"] = h.view(np.uint32)
# array fill with offsets / views
a = cla.zeros(q, 300000, np.float32)
a[1000:200000].fill(3.5)
a[150000:].fill(-1)
a[::1][7:8].fill(42)
res["arr_fill"] = a.get()
# a 128-byte pattern struct
pat = np.arange(32, dtype=np.int32)
c = cl.Buffer(ctx, mf.READ_WRITE, 128 * 2000)
cl.enqueue_fill_buffer(q, c, pat, 128 * 5, 128 * 1990)
hc = np.zeros(32 * 2000, np.int32)
cl.enqueue_copy(q, hc[32 * 5:], c, src_offset=128 * 5)
res["pat128"] = hc
np.savez(sys.argv[1], **res)
print("done", len(res))
