import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void acc(__global float *a, float v) { int i = get_global_id(0); a[i] = a[i] * 0.5f + v; }
__kernel void acc_ls(__global float *a, float v) { int i = get_global_id(0); a[i] = a[i] * 0.5f + v + (float)(get_local_size(0) > 0); }
__kernel void acc_img(__global float *a, __read_only image2d_t img) { int i = get_global_id(0); a[i] = a[i] * 0.5f + 1.0f; }
__kernel void acc_atomic(__global float *a, __global int *cnt) { int i = get_global_id(0); a[i] = a[i] * 0.5f + 2.0f; atomic_max(cnt, i); }
"""
prg = cl.Program(ctx, src).build()
bprg = cl.Program(ctx, ctx.devices, prg.binaries).build()
k = cl.Kernel(prg, "acc"); kls = cl.Kernel(prg, "acc_ls"); kimg = cl.Kernel(prg, "acc_img")
kat = cl.Kernel(prg, "acc_atomic"); kbin = cl.Kernel(bprg, "acc")
res = {}
n = 1 << 20
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.float32))
cnt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
img = cl.Image(ctx, mf.READ_ONLY, cl.ImageFormat(cl.channel_order.R, cl.channel_type.FLOAT), shape=(4, 4))
o = np.empty(n, np.float32)
steps = [
    ("offset", lambda v: k(q, (n - 1000,), None, a, np.float32(v), global_offset=(1000,))),
    ("subbuf", lambda v: k(q, (n // 2,), None, a.get_sub_region(0, n * 2), np.float32(v))),
    ("nolocal_ls", lambda v: kls(q, (n,), None, a, np.float32(v))),
    ("image", lambda v: kimg(q, (n,), None, a, img)),
    ("atomic", lambda v: kat(q, (n,), None, a, cnt)),
    ("binary", lambda v: kbin(q, (n,), None, a, np.float32(v))),
    ("onegroup", lambda v: k(q, (64,), (64,), a, np.float32(v))),
    ("setargs_nd", lambda v: (k.set_args(a, np.float32(v)), cl.enqueue_nd_range_kernel(q, k, (n,), None))),
    ("setarg_nd", lambda v: (k.set_arg(1, np.float32(v)), cl.enqueue_nd_range_kernel(q, k, (n,), None))),
]
for j, (name, fn) in enumerate(steps):
    k(q, (n,), None, a, np.float32(j + 1))   # splittable: leaves slices on the devices
    fn(j + 10)                               # launch that may run whole
    k(q, (n,), None, a, np.float32(-j))      # splittable again
    cl.enqueue_copy(q, o, a)
    res[name] = o.copy()
np.savez(sys.argv[1], **res)
print("done", len(res))
