import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void paint(__global int *m, int W, int tag) {
    size_t x = get_global_id(0), y = get_global_id(1);
    m[y * W + x] = tag * 100000 + (int)(get_group_id(0) * 100 + get_group_id(1)) + (int)get_local_id(1) * 7;
}
__kernel void rel(__global float *m, int W) {
    size_t x = get_global_id(0) - get_global_offset(0);
    size_t y = get_global_id(1) - get_global_offset(1);
    m[get_global_id(1) * W + get_global_id(0)] += (float)(x * 0.5f + y);
}
__kernel void row_from_offset(__global int *o, int W) {
    o[get_global_id(1) * W + get_global_id(0)] = (int)(get_global_offset(1) * 1000 + get_global_size(1) * 10 + get_num_groups(1));
}
""").build()
W, H = 640, 480
m = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.int32))
for tag, (off, gs, ls) in enumerate([((16, 8), (128, 64), (16, 8)), ((0, 100), (640, 30), None),
                                     ((300, 0), (100, 480), (10, 16)), ((5, 7), (33, 21), (11, 7))]):
    prg.paint(q, gs, ls, m, np.int32(W), np.int32(tag + 1), global_offset=off)
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, m); res["paint"] = h
f = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.float32))
k = cl.Kernel(prg, "rel")
for off in [(0, 0), (10, 20), (320, 240), (1, 479)]:
    k(q, (W - off[0], H - off[1]), None, f, np.int32(W), global_offset=off)
h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, f); res["rel"] = h
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(W * H, np.int32))
prg.row_from_offset(q, (W, 200), (64, 4), o, np.int32(W), global_offset=(0, 120))
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, o); res["rowoff"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
