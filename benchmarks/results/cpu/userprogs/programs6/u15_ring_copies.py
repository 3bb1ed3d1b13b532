import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void produce(__global float *slot, int step, int m) {
    int i = get_global_id(0);
    if (i < m) slot[i] = (float)(step * 10000 + i % 5000) * 0.25f;
}
__kernel void relax(__global const float *src, __global float *dst, int n) {
    int i = get_global_id(0);
    if (i == 0 || i >= n - 1) { if (i < n) dst[i] = src[i]; return; }
    dst[i] = 0.25f * src[i - 1] + 0.5f * src[i] + 0.25f * src[i + 1];
}
""").build()
produce = cl.Kernel(prg, "produce"); relax = cl.Kernel(prg, "relax")
m = 50000; slots = 6
ring = cl.Buffer(ctx, mf.READ_WRITE, 4 * m * slots)
stage = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
acc = cl.Buffer(ctx, mf.READ_WRITE, 4 * m * slots)
cl.enqueue_fill_buffer(q, acc, np.float32(0), 0, 4 * m * slots)
for step in range(17):
    produce(q, (m,), None, stage, np.int32(step), np.int32(m))
    s = step % slots
    cl.enqueue_copy(q, ring, stage, byte_count=4 * m, dest_offset=4 * m * s)
    # copy the previous slot forward into acc at a rotating offset (partial copies)
    prev = (step - 1) % slots
    cnt = m - 17 * step
    cl.enqueue_copy(q, acc, ring, byte_count=4 * cnt, src_offset=4 * m * prev + 4 * step, dest_offset=4 * m * s)
h = np.empty(m * slots, np.float32); cl.enqueue_copy(q, h, ring); res["ring"] = h
cl.enqueue_copy(q, h, acc); res["acc"] = h.copy()
# ping-pong relaxation between two buffers with copies of the boundary region between steps
n = 400003
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=(np.arange(n) % 1000).astype(np.float32))
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
src, dst = a, b
for it in range(20):
    relax(q, (n,), None, src, dst, np.int32(n))
    if it % 5 == 4:
        # copy the first 1000 elements of dst over its last 1000 (wrap-around boundary)
        cl.enqueue_copy(q, dst, dst if False else src, byte_count=4000, src_offset=0, dest_offset=4 * (n - 1000))
    src, dst = dst, src
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, src); res["pingpong"] = h
# buffer to buffer copies in a loop with overlapping (non-overlapping) regions of the same buffer
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(300000, dtype=np.int32))
for k in range(10):
    cl.enqueue_copy(q, c, c, byte_count=4 * 10000, src_offset=4 * 20000 * k, dest_offset=4 * (20000 * k + 10000))
h = np.empty(300000, np.int32); cl.enqueue_copy(q, h, c); res["self_copy"] = h
# host <-> buffer with offsets
hb = np.zeros(300000, np.int32)
for k in range(0, 300000, 70000):
    cnt = min(30000, 300000 - k)
    cl.enqueue_copy(q, hb[k:k + cnt], c, src_offset=4 * (k + 5000) if k + 5000 + cnt <= 300000 else 4 * k)
res["host_off"] = hb
cl.enqueue_copy(q, c, np.full(1000, 7, np.int32), dst_offset=4 * 299000)
cl.enqueue_copy(q, h, c); res["tail"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
