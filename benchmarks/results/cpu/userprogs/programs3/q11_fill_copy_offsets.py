import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
nb = 1 << 20
a = cl.Buffer(ctx, mf.READ_WRITE, nb)
b = cl.Buffer(ctx, mf.READ_WRITE, nb)
prg = cl.Program(ctx, """
__kernel void iota(__global uint *p, uint base) { p[get_global_id(0)] = base + get_global_id(0); }
__kernel void bump(__global uchar *p) { p[get_global_id(0)] += 1; }
""").build()
iota = prg.iota; bump = prg.bump
iota(q, (nb // 4,), None, a, np.uint32(0))
iota(q, (nb // 4,), None, b, np.uint32(1 << 24))
# fills with patterns of 1, 2, 4, 8, 16, 32, 64, 128 bytes at aligned offsets
pats = [np.uint8(0xab), np.uint16(0xbeef), np.float32(1.5), np.int64(-3),
        np.arange(4, dtype=np.int32), np.arange(8, dtype=np.float32), np.arange(8, dtype=np.int64), np.arange(32, dtype=np.int32)]
off = 0
for p in pats:
    sz = p.nbytes if p.ndim else p.itemsize
    cl.enqueue_fill_buffer(q, a, p, off, sz * 37)
    off += sz * 37 + sz * 3
    off = (off + 127) // 128 * 128
bump(q, (nb,), None, a)
h = np.empty(nb, np.uint8); cl.enqueue_copy(q, h, a); res["fills"] = h.copy()
# buffer-to-buffer copies with src/dst offsets, odd sizes
for so, do, sz in [(0, 0, 1), (1, 3, 17), (4093, 77, 100003), (nb - 1000, 5, 999), (12345, nb - 4096, 4096)]:
    cl.enqueue_copy(q, b, a, byte_count=sz, src_offset=so, dst_offset=do)
cl.enqueue_copy(q, h, b); res["b2b"] = h.copy()
# copy a buffer's region onto itself elsewhere (non-overlapping) and chains a->b->a
cl.enqueue_copy(q, a, a, byte_count=4096, src_offset=0, dst_offset=8192)
cl.enqueue_copy(q, a, b, byte_count=nb // 2, src_offset=nb // 2, dst_offset=0)
cl.enqueue_copy(q, b, a, byte_count=nb // 4, src_offset=100, dst_offset=nb - nb // 4)
bump(q, (nb // 2,), None, b)
cl.enqueue_copy(q, h, a); res["self_copy"] = h.copy()
cl.enqueue_copy(q, h, b); res["chain"] = h.copy()
# host reads/writes at offsets
part = np.arange(1000, dtype=np.uint8)
cl.enqueue_copy(q, a, part, dst_offset=333)
rd = np.empty(3000, np.uint8); cl.enqueue_copy(q, rd, a, src_offset=1)
res["host_off"] = rd
# fill the whole buffer then read a middle piece
cl.enqueue_fill_buffer(q, b, np.uint32(0xdeadbeef), 0, nb)
bump(q, (100,), None, b)
mid = np.empty(256, np.uint8); cl.enqueue_copy(q, mid, b, src_offset=64); res["mid"] = mid
# many tiny copies
for i in range(200):
    cl.enqueue_copy(q, b, a, byte_count=3, src_offset=7 * i, dst_offset=4096 + 5 * i)
cl.enqueue_copy(q, h, b); res["tiny"] = h.copy()
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
