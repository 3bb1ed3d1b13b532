import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void bump(__global uint *a, uint v) { int i = get_global_id(0); a[i] = a[i] * 3u + v; }
""").build()
kb = cl.Kernel(prg, "bump")
n = 262147
src = (np.arange(n, dtype=np.uint32) * 2654435761).astype(np.uint32)
src.flags.writeable = False
dsrc = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=src)  # readonly numpy hostbuf
ddst = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_fill_buffer(q, ddst, np.uint32(0xdeadbeef), 0, n * 4)
# buffer->buffer copies with offsets (byte offsets, not all aligned to 4*k*16)
cl.enqueue_copy(q, ddst, dsrc, byte_count=40000, src_offset=4, dest_offset=400)
cl.enqueue_copy(q, ddst, dsrc, byte_count=12, src_offset=n * 4 - 12, dst_offset=0)
cl.enqueue_copy(q, ddst, dsrc, byte_count=100000 * 4, src_offset=150000 * 4, dst_offset=160000 * 4)
kb(q, (n,), None, ddst, np.uint32(7))
# overlapping-region copy inside the same buffer is not allowed; use a temp
tmp = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_copy(q, tmp, ddst)
cl.enqueue_copy(q, ddst, tmp, byte_count=4 * 1000, src_offset=0, dst_offset=4 * 1001)
o = np.empty(n, np.uint32); cl.enqueue_copy(q, o, ddst); res["b2b"] = o
# host side forms: bytes, bytearray, memoryview, numpy slices
bts = bytes(range(256)) * 1024
dbt = cl.Buffer(ctx, mf.READ_WRITE, len(bts))
cl.enqueue_copy(q, dbt, bts)
kb(q, (len(bts) // 4,), None, dbt, np.uint32(1))
ba = bytearray(len(bts)); cl.enqueue_copy(q, ba, dbt); res["bytearray"] = np.frombuffer(bytes(ba), np.uint8)
mv = memoryview(bytearray(4096))
cl.enqueue_copy(q, mv, dbt, src_offset=8192); res["memview_read"] = np.frombuffer(mv.tobytes(), np.uint8)
big = np.arange(n, dtype=np.uint32)
cl.enqueue_copy(q, ddst, memoryview(big)[1000:2000], dst_offset=4 * 5)
cl.enqueue_copy(q, ddst, big[::1][5000:5003].tobytes(), dst_offset=4 * 99)
part = np.empty(3000, np.uint32); cl.enqueue_copy(q, part, ddst, src_offset=0); res["memview_write"] = part
# fills with pattern sizes 1,2,4,8,16,32,64,128 at odd (but pattern-aligned) offsets
df = cl.Buffer(ctx, mf.READ_WRITE, 1 << 20)
cl.enqueue_fill_buffer(q, df, np.uint8(0), 0, 1 << 20)
off = 0
for ps, pat in [(1, np.uint8(0xab)), (2, np.uint16(0x1234)), (4, np.float32(1.5)), (8, np.int64(-3)),
                (16, np.arange(4, dtype=np.int32) + 9), (32, np.arange(8, dtype=np.float32) * 0.5),
                (64, np.arange(16, dtype=np.uint32) ^ 0xffff), (128, np.arange(16, dtype=np.float64) - 3)]:
    off = (off + ps - 1) // ps * ps
    size = ps * (977 + ps)
    cl.enqueue_fill_buffer(q, df, pat, off, size)
    off += size + ps * 3
res["fills_end"] = np.array(off)
fo = np.empty(1 << 20, np.uint8); cl.enqueue_copy(q, fo, df); res["fills"] = fo
# rect copies with pitches: buffer<->buffer, host<->buffer
W, H = 1000, 300  # bytes per row, rows
hb = (np.arange(W * H, dtype=np.uint32) % 251).astype(np.uint8)
drect = cl.Buffer(ctx, mf.READ_WRITE, W * H)
cl.enqueue_fill_buffer(q, drect, np.uint8(0), 0, W * H)
sub = np.ascontiguousarray(hb.reshape(H, W)[:, :512])
cl.enqueue_copy(q, drect, hb, buffer_origin=(16, 10), host_origin=(3, 7), region=(400, 200),
                buffer_pitches=(W, 0), host_pitches=(W, 0))
drect2 = cl.Buffer(ctx, mf.READ_WRITE, 640 * 250)
cl.enqueue_fill_buffer(q, drect2, np.uint8(0x11), 0, 640 * 250)
cl.enqueue_copy(q, drect2, drect, src_origin=(10, 5), dst_origin=(1, 2), region=(500, 240),
                src_pitches=(W, 0), dst_pitches=(640, 0))
r2 = np.empty(640 * 250, np.uint8); cl.enqueue_copy(q, r2, drect2); res["rect_b2b"] = r2
hr = np.zeros((120, 300), np.uint8)
cl.enqueue_copy(q, hr, drect2, buffer_origin=(30, 20), host_origin=(4, 3), region=(250, 100),
                buffer_pitches=(640, 0), host_pitches=(300, 0))
res["rect_read"] = hr
# 3-D rect with slice pitches
d3 = cl.Buffer(ctx, mf.READ_WRITE, 64 * 20 * 10)
h3 = (np.arange(64 * 20 * 10) % 199).astype(np.uint8)
cl.enqueue_copy(q, d3, h3)
d3b = cl.Buffer(ctx, mf.READ_WRITE, 48 * 15 * 8)
cl.enqueue_fill_buffer(q, d3b, np.uint8(0), 0, 48 * 15 * 8)
cl.enqueue_copy(q, d3b, d3, src_origin=(5, 2, 1), dst_origin=(0, 1, 2), region=(40, 12, 5),
                src_pitches=(64, 64 * 20), dst_pitches=(48, 48 * 15))
kb(q, (48 * 15 * 8 // 4,), None, d3b, np.uint32(5))
h3b = np.empty(48 * 15 * 8, np.uint8); cl.enqueue_copy(q, h3b, d3b); res["rect3d"] = h3b
# copies from a buffer straight into a non-contiguous numpy is an error; catch it
try:
    nc = np.zeros((100, 4), np.uint32)[:, 1]
    cl.enqueue_copy(q, nc, ddst)
    res["noncontig"] = np.array("no error")
except Exception as e:
    res["noncontig"] = np.array(type(e).__name__)
np.savez(sys.argv[1], **res)
print("done", len(res), res["noncontig"])
