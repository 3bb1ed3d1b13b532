import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void mark(__global int *m, int W, int tag) {
    int x = get_global_id(0), y = get_global_id(1);
    m[y * W + x] = m[y * W + x] * 3 + tag + x - y;
}
""").build()
W, H = 200, 120
hm = np.arange(W * H, dtype=np.int32)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hm)
b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.int32))
prg.mark(q, (W, H), None, a, np.int32(W), np.int32(1))
cl.enqueue_copy(q, b, a, src_origin=(40, 10), dst_origin=(0, 0), region=(400, 50),
                src_pitches=(4 * W,), dst_pitches=(4 * W,))
prg.mark(q, (W, H), (20, 6), b, np.int32(W), np.int32(2))
cl.enqueue_copy(q, a, b, src_origin=(0, 0), dst_origin=(400, 60), region=(200, 40),
                src_pitches=(4 * W,), dst_pitches=(4 * W,))
prg.mark(q, (W, H), None, a, np.int32(W), np.int32(3))
ha = np.empty_like(hm); cl.enqueue_copy(q, ha, a); res["a"] = ha
hb = np.empty_like(hm); cl.enqueue_copy(q, hb, b); res["b"] = hb
# host <-> buffer rect
host = np.zeros((60, 80), np.int32)
cl.enqueue_copy(q, host, a, buffer_origin=(8, 5), host_origin=(0, 0), region=(320, 60),
                buffer_pitches=(4 * W,), host_pitches=(4 * 80,))
res["host_rect"] = host
src = np.arange(30 * 40, dtype=np.int32).reshape(30, 40)
cl.enqueue_copy(q, a, src, buffer_origin=(4 * 150, 100), host_origin=(0, 0), region=(160, 20),
                buffer_pitches=(4 * W,), host_pitches=(160,))
prg.mark(q, (W, H), None, a, np.int32(W), np.int32(4))
cl.enqueue_copy(q, ha, a); res["a2"] = ha
# 3-D rect between buffers
c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(16 * 10 * 6, dtype=np.float32))
d = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(16 * 10 * 6, -1, np.float32))
cl.enqueue_copy(q, d, c, src_origin=(8, 2, 1), dst_origin=(4, 1, 2), region=(32, 5, 3),
                src_pitches=(64, 640), dst_pitches=(64, 640))
hd = np.empty(960, np.float32); cl.enqueue_copy(q, hd, d); res["d3"] = hd
np.savez(sys.argv[1], **res)
print("done", len(res))
