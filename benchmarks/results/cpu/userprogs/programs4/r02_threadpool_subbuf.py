import sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
dev = ctx.devices[0]
align = dev.mem_base_addr_align // 8
prg = cl.Program(ctx, """
__kernel void sq(__global int *a, int add) { int i = get_global_id(0); a[i] = a[i] * a[i] + add; }
__kernel void rev(__global const int *a, __global int *b, int n) { int i = get_global_id(0); b[n - 1 - i] = a[i] ^ 0x5a5a; }
""").build()
chunk = max(align // 4, 1) * 1024   # elements, aligned
nch = 8
n = chunk * nch
A = (np.arange(n, dtype=np.int32) % 1000) - 500
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=A)
out = cl.Buffer(ctx, mf.READ_WRITE, A.nbytes)
def job(c):
    q = cl.CommandQueue(ctx)
    sb = big.get_sub_region(c * chunk * 4, chunk * 4)
    so = out.get_sub_region(c * chunk * 4, chunk * 4)
    ksq = cl.Kernel(prg, "sq"); krev = cl.Kernel(prg, "rev")
    ksq(q, (chunk,), None, sb, np.int32(c))
    krev(q, (chunk,), None, sb, so, np.int32(chunk))
    h = np.empty(chunk, np.int32); cl.enqueue_copy(q, h, so)
    q.finish()
    return c, h
with ThreadPoolExecutor(4) as ex:
    parts = dict(ex.map(job, range(nch)))
res = {f"part{c}": parts[c] for c in range(nch)}
q = cl.CommandQueue(ctx)
whole = np.empty(n, np.int32); cl.enqueue_copy(q, whole, big); res["big"] = whole
whole2 = np.empty(n, np.int32); cl.enqueue_copy(q, whole2, out); res["out"] = whole2
# second pass: pool over overlapping reads, disjoint writes
def job2(c):
    q = cl.CommandQueue(ctx)
    so = out.get_sub_region(c * chunk * 4, chunk * 4)
    cl.Kernel(prg, "sq")(q, (chunk // 2,), None, so, np.int32(-c))
    q.finish()
with ThreadPoolExecutor(3) as ex: list(ex.map(job2, range(nch)))
cl.enqueue_copy(q, whole2, out); res["out2"] = whole2
np.savez(sys.argv[1], **res)
print("done", align)
