import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void twice(__global float *x) { int i = get_global_id(0); x[i] = 2.0f * x[i] + 1.0f; }
__kernel void copyadd(__global const float *a, __global float *b, float c) { int i = get_global_id(0); b[i] = a[i] + c; }
"""
prg = cl.Program(ctx, src).build()
k_tw = cl.Kernel(prg, "twice"); k_ca = cl.Kernel(prg, "copyadd")
rng = np.random.default_rng(8)
res = {}
n = 1 << 20

# ALLOC_HOST_PTR buffer: map for write, fill, unmap, kernel, map for read
b1 = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, n * 4)
arr, ev = cl.enqueue_map_buffer(q, b1, cl.map_flags.WRITE, 0, (n,), np.float32)
arr[:] = np.arange(n, dtype=np.float32)
arr.base.release(q) if hasattr(arr.base, "release") else None
del arr
k_tw(q, (n,), None, b1)
arr, ev = cl.enqueue_map_buffer(q, b1, cl.map_flags.READ, 0, (n,), np.float32)
res["alloc_map"] = arr.copy()
arr.base.release(q); del arr

# COPY_HOST_PTR: host array changes after creation must not matter
h = rng.standard_normal(n).astype(np.float32)
b2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
h[:] = 0
k_tw(q, (n,), None, b2)
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, b2); res["copy_hostptr"] = o

# USE_HOST_PTR: kernel, then map to read the host array
u = rng.standard_normal(n).astype(np.float32)
u0 = u.copy()
b3 = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=u)
k_tw(q, (n,), None, b3)
m, _ = cl.enqueue_map_buffer(q, b3, cl.map_flags.READ | cl.map_flags.WRITE, 0, (n,), np.float32)
res["use_map1"] = m.copy()
m[:100] = -5.0      # write through the map
m.base.release(q); del m
q.finish()
res["use_host_after_unmap"] = u.copy()
# host modifies the USE_HOST_PTR array directly (legal only with map/unmap; do it via map)
m, _ = cl.enqueue_map_buffer(q, b3, cl.map_flags.WRITE, 0, (n,), np.float32)
m[::2] = 1.0
m.base.release(q); del m
k_tw(q, (n,), None, b3)
m, _ = cl.enqueue_map_buffer(q, b3, cl.map_flags.READ, 0, (n,), np.float32)
res["use_map2"] = m.copy()
m.base.release(q); del m
# read into another buffer via kernel
b4 = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
k_ca(q, (n,), None, b3, b4, np.float32(0.5))
cl.enqueue_copy(q, o, b4); res["use_to_copy"] = o
# partial map with offset
m, _ = cl.enqueue_map_buffer(q, b4, cl.map_flags.READ, 4 * 1000, (5000,), np.float32)
res["partial_map"] = m.copy(); m.base.release(q); del m
# map WRITE_INVALIDATE_REGION then kernel
m, _ = cl.enqueue_map_buffer(q, b4, cl.map_flags.WRITE_INVALIDATE_REGION, 0, (n,), np.float32)
m[:] = 3.0
m.base.release(q); del m
k_tw(q, (n,), None, b4)
cl.enqueue_copy(q, o, b4); res["invalidate"] = o
# USE_HOST_PTR read-only input; host changes it between launches (followed by a fresh buffer)
ro = np.linspace(0, 1, n, dtype=np.float32)
b5 = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=ro)
k_ca(q, (n,), None, b5, b4, np.float32(1))
q.finish()
cl.enqueue_copy(q, o, b4); res["ro_use"] = o
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
