import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
n = 300001
x = np.linspace(-3, 3, n, dtype=np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
dy = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
# compile + link
lib = cl.Program(ctx, "float helper(float v) { return v * v - 1.0f; }").compile()
main = cl.Program(ctx, "float helper(float v);\n__kernel void usehelp(__global const float *x, __global float *y) { int i = get_global_id(0); y[i] = helper(x[i]); }").compile()
try:
    linked = cl.link_program(ctx, [lib, main])
    linked.usehelp(q, (n,), None, dx, dy)
    y = np.empty_like(x); cl.enqueue_copy(q, y, dy); res["linked"] = y
except Exception as e:
    res["linked_err"] = np.array(type(e).__name__)
# program from binaries
src = "__kernel void tri(__global const float *x, __global float *y, float c) { int i = get_global_id(0); y[i] = x[i] * x[i] * x[i] + c; }"
p = cl.Program(ctx, src).build()
bins = p.binaries
p2 = cl.Program(ctx, ctx.devices, bins).build()
p2.tri(q, (n,), None, dx, dy, np.float32(0.5))
y = np.empty_like(x); cl.enqueue_copy(q, y, dy); res["from_binary"] = y
res["nbins"] = np.array(len(bins))
# kernel arg info (needs -cl-kernel-arg-info)
p3 = cl.Program(ctx, src).build(options=["-cl-kernel-arg-info"])
k3 = p3.tri
names = [k3.get_arg_info(i, cl.kernel_arg_info.NAME) for i in range(k3.num_args)]
res["argnames"] = np.array(names)
k3(q, (n,), None, dx, dy, np.float32(-1))
cl.enqueue_copy(q, y, dy); res["argsinfo_run"] = y
# program built from source list
p4 = cl.Program(ctx, [src.replace("tri", "tri4"), "__kernel void neg(__global float *y) { y[get_global_id(0)] = -y[get_global_id(0)]; }"]) if False else None
np.savez(sys.argv[1], **res)
print("done", sorted(res))
