import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void inc(__global int *a, int d) { int i = get_global_id(0); a[i] = a[i] * 3 + d; }
__kernel void shift(__global const int *a, __global int *b) { int i = get_global_id(0); b[i] = a[(i + 17) % get_global_size(0)]; }
""").build()
n = 100003
res = {}
buf = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, n * 4)
b2 = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
# map for write whole, fill, unmap, launch, map again
m, ev = cl.enqueue_map_buffer(q, buf, cl.map_flags.WRITE_INVALIDATE_REGION, 0, (n,), np.int32)
ev.wait(); m[:] = np.arange(n, dtype=np.int32) - 5000; m.base.release(q)
for r in range(5):
    prg.inc(q, (n,), None, buf, np.int32(r))
    # map a window with offset, read, modify, unmap
    off = 1000 * r + 3
    w, ev = cl.enqueue_map_buffer(q, buf, cl.map_flags.READ | cl.map_flags.WRITE, off * 4, (2000,), np.int32, is_blocking=True)
    res[f"win{r}"] = w.copy()
    w[::3] = -w[::3]
    w.base.release(q)
    prg.shift(q, (n,), None, buf, b2)
    rb, ev = cl.enqueue_map_buffer(q, b2, cl.map_flags.READ, 0, (n,), np.int32)
    res[f"b2_{r}"] = rb.copy(); rb.base.release(q)
# 2-D map with order F
m2, ev = cl.enqueue_map_buffer(q, b2, cl.map_flags.READ, 0, (100, 1000), np.int32, order="F")
res["f2d"] = np.ascontiguousarray(m2); m2.base.release(q)
# Array.map_to_host
a = cla.arange(q, 0, 5000, dtype=np.float32)
a = a * 2 + 1
h = a.map_to_host(is_blocking=True)
res["m2h"] = np.array(h); h.base.release(q); del h
a2 = a[100:300]
h2 = a2.map_to_host(flags=cl.map_flags.READ | cl.map_flags.WRITE)
h2[:] = 7; h2.base.release(q); del h2
res["after_map_write"] = a.get()
fin = np.empty(n, np.int32); cl.enqueue_copy(q, fin, buf); res["final"] = fin
np.savez(sys.argv[1], **res)
print("done")
