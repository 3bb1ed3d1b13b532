import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void addi(__global int *a, int d) { int i = get_global_id(0); a[i] += d + (i & 3); }
__kernel void bytes(__global uchar *a) { int i = get_global_id(0); a[i] = (uchar)(a[i] * 7 + 1); }
""").build()
res = {}
n = 1001
a = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4 * n)
cl.enqueue_fill_buffer(q, a, np.int32(5), 0, 4 * 4 * n)
cl.enqueue_fill_buffer(q, a, np.array([1, 2, 3, 4], np.int32), 16 * 10, 16 * 100)
cl.enqueue_fill_buffer(q, a, np.int16(-2), 2 * 999, 2 * 20)
prg.addi(q, (4 * n,), None, a, np.int32(10))
cl.enqueue_fill_buffer(q, a, np.uint8(0xAB), 3, 5)
prg.addi(q, (2 * n,), None, a, np.int32(-1))
h = np.empty(4 * n, np.int32); cl.enqueue_copy(q, h, a); res["a"] = h
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(4 * n, np.int32))
cl.enqueue_copy(q, b, a, byte_count=4 * 777, src_offset=4 * 3, dst_offset=4 * 100)
cl.enqueue_copy(q, b, h[:1000][::-1].copy(), dst_offset=4 * 2000)    # host -> buffer with offset
prg.addi(q, (4 * n,), None, b, np.int32(1))
part = np.empty(333, np.int32); cl.enqueue_copy(q, part, b, src_offset=4 * 150); res["part"] = part
hb = np.empty(4 * n, np.int32); cl.enqueue_copy(q, hb, b); res["b"] = hb
# rect copies between launches
W, H = 40, 25
r = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(W * H, dtype=np.int32))
r2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.int32))
prg.addi(q, (W * H,), None, r, np.int32(100))
cl.enqueue_copy(q, r2, r, src_origin=(4 * 3, 2), dst_origin=(4 * 5, 4), region=(4 * 10, 7), src_pitches=(4 * W,), dst_pitches=(4 * W,))
prg.addi(q, (W * H,), None, r2, np.int32(1))
hr = np.zeros((H, W), np.int32)
cl.enqueue_copy(q, hr, r2, buffer_origin=(0, 0), host_origin=(0, 0), region=(4 * W, H), buffer_pitches=(4 * W,), host_pitches=(4 * W,))
res["rect"] = hr
# byte buffers of odd sizes, launches over odd counts
for m in (1001, 1, 17, 4097):
    c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=(np.arange(m) % 256).astype(np.uint8))
    prg.bytes(q, (m,), None, c); prg.bytes(q, (max(m // 2, 1),), None, c)
    cl.enqueue_fill_buffer(q, c, np.uint8(9), m // 3, max(m // 5, 1) if m > 1 else 1)
    prg.bytes(q, (m,), None, c)
    hc = np.empty(m, np.uint8); cl.enqueue_copy(q, hc, c); res[f"c{m}"] = hc
np.savez(sys.argv[1], **res)
print("done")
