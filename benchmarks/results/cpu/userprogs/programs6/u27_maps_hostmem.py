import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void k(__global float *a, float s) { int i = get_global_id(0); a[i] = a[i] * s + 1.0f; }
__kernel void cp(__global const float *a, __global float *b) { int i = get_global_id(0); b[i] = a[i] - (float)i; }
""").build()
k = cl.Kernel(prg, "k"); cp = cl.Kernel(prg, "cp")
n = 300000
ah = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, 4 * n)
m, ev = cl.enqueue_map_buffer(q, ah, cl.map_flags.WRITE_INVALIDATE_REGION, 0, (n,), np.float32)
m[:] = np.arange(n, dtype=np.float32) % 977
m.base.release(q) if hasattr(m.base, "release") else None
del m
for it in range(3):
    k(q, (n,), None, ah, np.float32(0.5 + it))
# map a sub-region for reading while nothing is pending
m, ev = cl.enqueue_map_buffer(q, ah, cl.map_flags.READ, 4 * 1000, (50000,), np.float32, is_blocking=True)
res["map_region"] = np.array(m)
m.base.release(q); del m
# map for write a middle part, change it, unmap, then launch
m, ev = cl.enqueue_map_buffer(q, ah, cl.map_flags.WRITE, 4 * 100000, (1000,), np.float32)
ev.wait()
m[:] = -7
m.base.release(q); del m
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cp(q, (n,), None, ah, b)
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, b); res["after_write_map"] = o
# non-blocking map of a buffer a kernel is writing, read after the event
k(q, (n,), None, b, np.float32(2))
m, ev = cl.enqueue_map_buffer(q, b, cl.map_flags.READ, 0, (n,), np.float32, is_blocking=False)
ev.wait()
res["nb_map"] = np.array(m)
m.base.release(q); del m
# USE_HOST_PTR with a 2-D host array mapped as 2-D
h2 = np.ascontiguousarray(np.arange(600 * 500, dtype=np.float32).reshape(600, 500))
ub = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=h2)
k(q, (600 * 500,), None, ub, np.float32(-1))
m, ev = cl.enqueue_map_buffer(q, ub, cl.map_flags.READ, 0, (600, 500), np.float32, is_blocking=True)
res["map2d"] = np.array(m)
m.base.release(q); del m
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
