import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
dev = ctx.devices[0]
al = dev.mem_base_addr_align // 8
prg = cl.Program(ctx, """
__kernel void bx(__global uchar *a, uchar k) { int i = get_global_id(0); a[i] = (uchar)(a[i] + k + i); }
__kernel void two(__global const uchar *x, __global const uchar *y, __global uchar *o) { int i = get_global_id(0); o[i] = x[i] ^ y[i]; }
""").build()
res = {}; errs = []
n = 10 * al + 1001
base = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=(np.arange(n) % 251).astype(np.uint8))
for off, size in ((0, 1001), (al, 3), (3 * al, 999), (al + 1, 10), (al // 2, 7), (n - 1, 1), (n - 5, 10), (0, 0)):
    try:
        sb = base.get_sub_region(off, size)
        prg.bx(q, (size,), None, sb, np.uint8(off % 7 + 1))
        res[f"ok_{off}_{size}"] = np.array(size)
    except cl.Error as e:
        errs.append(f"{off},{size}:{type(e).__name__}:{e.code}")
try:
    s1 = base.get_sub_region(2 * al, 4 * al)
    s2 = s1.get_sub_region(al, al)
    errs.append("nested ok")
except cl.Error as e:
    errs.append(f"nested:{type(e).__name__}:{e.code}")
ro1 = base.get_sub_region(4 * al, 2 * al, mf.READ_ONLY)
ro2 = base.get_sub_region(5 * al, 2 * al, mf.READ_ONLY)       # overlaps ro1, both only read
out = cl.Buffer(ctx, mf.READ_WRITE, 2 * al)
prg.two(q, (2 * al,), None, ro1, ro2, out)
ho = np.empty(2 * al, np.uint8); cl.enqueue_copy(q, ho, out); res["two"] = ho
h = np.empty(n, np.uint8); cl.enqueue_copy(q, h, base); res["base"] = h
cl.enqueue_copy(q, h[:al], base, src_offset=al + 1)
res["tail"] = h[:al].copy()
res["errs"] = np.array(errs)
np.savez(sys.argv[1], **res)
print("done", errs)
