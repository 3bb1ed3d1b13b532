import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void tag2d(__global float *m, int ld) {
    int x = get_global_id(0), y = get_global_id(1);
    m[y * ld + x] = m[y * ld + x] * 2.0f + (float)(x - y);
}
__kernel void inc(__global int *a) { a[get_global_id(0)] += 1; }
"""
prg = cl.Program(ctx, src).build()
k_tag = cl.Kernel(prg, "tag2d"); k_inc = cl.Kernel(prg, "inc")
rng = np.random.default_rng(7)
res = {}
H, W = 600, 512
m = rng.standard_normal((H, W)).astype(np.float32)
dm = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=m)
k_tag(q, (W, H), None, dm, np.int32(W))
# read a rectangle (rows 100..299, cols 64..191) from device to a packed host array
sub = np.zeros((200, 128), np.float32)
cl.enqueue_copy(q, sub, dm, buffer_origin=(64 * 4, 100, 0), host_origin=(0, 0, 0),
                region=(128 * 4, 200, 1), buffer_pitches=(W * 4, 0), host_pitches=(128 * 4, 0))
res["rect_read"] = sub
# write a rectangle from host into the middle of the device matrix
patch = rng.standard_normal((50, 30)).astype(np.float32)
cl.enqueue_copy(q, dm, patch, buffer_origin=(10 * 4, 500, 0), host_origin=(0, 0, 0),
                region=(30 * 4, 50, 1), buffer_pitches=(W * 4, 0), host_pitches=(30 * 4, 0))
k_tag(q, (W, H), None, dm, np.int32(W))
full = np.empty_like(m); cl.enqueue_copy(q, full, dm); res["after_rect_write"] = full
# buffer -> buffer rect copy (transpose-free block move)
dm2 = cl.Buffer(ctx, mf.READ_WRITE, 256 * 256 * 4)
cl.enqueue_fill_buffer(q, dm2, np.float32(1.5), 0, 256 * 256 * 4)
cl.enqueue_copy(q, dm2, dm, src_origin=(32 * 4, 40, 0), dst_origin=(16 * 4, 8, 0),
                region=(100 * 4, 200, 1), src_pitches=(W * 4, 0), dst_pitches=(256 * 4, 0))
k_tag(q, (256, 256), None, dm2, np.int32(256))
o2 = np.empty((256, 256), np.float32); cl.enqueue_copy(q, o2, dm2); res["rect_b2b"] = o2
# fill buffer patterns of several sizes, partial fills, then kernel
n = 1 << 20
a = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
cl.enqueue_fill_buffer(q, a, np.int32(7), 0, n * 4)
cl.enqueue_fill_buffer(q, a, np.int16(-2), 4096, 8192)
cl.enqueue_fill_buffer(q, a, np.uint8(0xAB), n * 2, 4000)
cl.enqueue_fill_buffer(q, a, np.array([1, 2, 3, 4], np.int32), n, 1 << 16)
k_inc(q, (n,), None, a)
k_inc(q, (n // 3,), None, a)
ah = np.empty(n, np.int32); cl.enqueue_copy(q, ah, a); res["fills"] = ah
# fill after kernel then kernel again
cl.enqueue_fill_buffer(q, a, np.int32(100), 4 * 1000, 4 * 500000)
k_inc(q, (n,), None, a)
cl.enqueue_copy(q, ah, a); res["fills2"] = ah
# 3-D rect read
D3 = rng.integers(0, 1000, (8, 30, 40)).astype(np.int32)
d3 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=D3)
k_inc(q, (D3.size,), None, d3)
r3 = np.zeros((4, 10, 12), np.int32)
cl.enqueue_copy(q, r3, d3, buffer_origin=(5 * 4, 3, 2), host_origin=(0, 0, 0), region=(12 * 4, 10, 4),
                buffer_pitches=(40 * 4, 40 * 30 * 4), host_pitches=(12 * 4, 12 * 10 * 4))
res["rect3d"] = r3
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
