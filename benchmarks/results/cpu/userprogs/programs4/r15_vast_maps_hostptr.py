import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void tw(__global float *a, float s) { size_t i = get_global_id(0); a[i] = a[i] * s + (float)(i % 97); }
__kernel void cp2(__global const float *a, __global float *b) { size_t i = get_global_id(0); b[i] = a[i] - 1.0f; }
""").build()
n = 600000   # 2.4 MB
res = {}
H = np.linspace(0, 10, n).astype(np.float32)
use = H.copy()
bu = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=use)
ba = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, n * 4)
bc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=H)
ktw = cl.Kernel(prg, "tw"); kcp = cl.Kernel(prg, "cp2")
for r in range(4):
    ktw(q, (n,), None, bu, np.float32(1.0 + r * 0.1))
    kcp(q, (n,), None, bu, ba)
    m, ev = cl.enqueue_map_buffer(q, ba, cl.map_flags.READ | cl.map_flags.WRITE, 4 * 1000 * (r + 1), (50000,), np.float32)
    ev.wait(); res[f"win{r}"] = m.copy(); m[:] *= -1; m.base.release(q); del m
    ktw(q, (n,), None, ba, np.float32(0.5))
    kcp(q, (n,), None, ba, bc)
    m, ev = cl.enqueue_map_buffer(q, bu, cl.map_flags.READ, 0, (n,), np.float32)
    ev.wait(); res[f"use{r}"] = m.copy(); m.base.release(q); del m
m, ev = cl.enqueue_map_buffer(q, bc, cl.map_flags.WRITE_INVALIDATE_REGION, 4 * 12345, (1000,), np.float32)
ev.wait(); m[:] = 42.0; m.base.release(q); del m
kcp(q, (n,), None, bc, ba)
out = np.empty(n, np.float32); cl.enqueue_copy(q, out, ba); res["ba"] = out
q.finish(); res["use_final"] = use.copy()
res["sizes"] = np.array([bu.size, ba.size, bc.size, bu.get_info(cl.mem_info.SIZE)])
res["flags"] = np.array([bu.flags, ba.flags, bc.flags])
res["hp"] = np.array([bu.hostbuf is use, ba.hostbuf is None])
np.savez(sys.argv[1], **res)
print("done")
