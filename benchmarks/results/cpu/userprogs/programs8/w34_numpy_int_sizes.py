import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void sc(__global float *y, float a) {
    y[get_global_id(1) * get_global_size(0) + get_global_id(0)] = a * get_global_id(0) + get_global_id(1);
}
__kernel void acc(__global int *y) { y[get_global_id(0)] += (int)(get_local_size(0) + get_group_id(0)); }
""").build()
shape = (256, 300)
n = np.prod(shape)
y = cl.Buffer(ctx, mf.READ_WRITE, int(4 * n))
sc = prg.sc
outs = []
sc(q, (n,), (np.int32(64),), y, np.float32(2))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, y); outs.append(h.copy())
sc(q, [np.uint32(128), np.int64(300)], None, y, np.float32(3))
cl.enqueue_copy(q, h, y); outs.append(h.copy())
sc(q, np.array([256, 300]), np.array([16, 4]), y, np.float32(4), global_offset=np.array([0, 0]))
cl.enqueue_copy(q, h, y); outs.append(h.copy())
sc.set_args(y, np.float32(5))
cl.enqueue_nd_range_kernel(q, sc, np.array(shape[::-1]), None, global_work_offset=(np.int64(0), np.int64(0)))
cl.enqueue_copy(q, h, y); outs.append(h.copy())
res["outs"] = np.stack(outs)
yi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(8192, np.int32))
ka = prg.acc
ka(q, (128,), (64,), yi, g_times_l=True)
ka(q, (np.int64(8192),), (np.int16(32),), yi)
ka(q, (32, ), (256, ), yi, g_times_l=True)
hi = np.empty(8192, np.int32); cl.enqueue_copy(q, hi, yi); res["acc"] = hi
np.savez(sys.argv[1], **res)
print("done", len(res))
