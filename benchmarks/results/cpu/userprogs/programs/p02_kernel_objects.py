import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void axpb(__global const float *x, __global float *y, float a, float b) {
    int i = get_global_id(0);
    y[i] = a * x[i] + b;
}
__kernel void accum(__global float *acc, __global const float *x, int k) {
    int i = get_global_id(0);
    acc[i] += x[i] * (float)k;
}
"""
prg = cl.Program(ctx, src).build()
axpb = cl.Kernel(prg, "axpb")
accum = prg.accum  # attribute access, once
rng = np.random.default_rng(2)
res = {}
n = 300007
xs = [rng.standard_normal(n).astype(np.float32) for _ in range(3)]
dxs = [cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x) for x in xs]
dys = [cl.Buffer(ctx, mf.READ_WRITE, n * 4) for _ in range(3)]

# set_args then enqueue_nd_range_kernel, reusing the kernel across buffers
for i in range(3):
    axpb.set_args(dxs[i], dys[i], np.float32(1.5 + i), np.float32(-i))
    cl.enqueue_nd_range_kernel(q, axpb, (n,), None)
for i in range(3):
    y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dys[i]); res[f"axpb_{i}"] = y

# set_arg of one arg between launches (only the scalar changes, then only a buffer)
axpb.set_args(dxs[0], dys[0], np.float32(2.0), np.float32(0.0))
outs = []
for k in range(4):
    axpb.set_arg(2, np.float32(k * 0.25))
    cl.enqueue_nd_range_kernel(q, axpb, (n,), None)
    y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dys[0]); res[f"setarg_{k}"] = y
for k in range(3):
    axpb.set_arg(0, dxs[k])
    cl.enqueue_nd_range_kernel(q, axpb, (n,), (1,) if k == 1 else None)
    y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dys[0]); res[f"setarg_buf_{k}"] = y

# accumulate: same kernel, acc both read and written, args via __call__ then set_arg
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for k in range(5):
    accum(q, (n,), None, acc, dxs[k % 3], np.int32(k))
accum.set_arg(2, np.int32(100))
cl.enqueue_nd_range_kernel(q, accum, (n // 2,), None, global_work_offset=None)
a = np.empty(n, np.float32); cl.enqueue_copy(q, a, acc); res["accum"] = a

# kernel launched with explicit wait_for and returning events
e1 = axpb(q, (n,), None, dxs[1], dys[1], np.float32(3), np.float32(1))
e2 = accum(q, (n,), None, dys[1], dxs[2], np.int32(2), wait_for=[e1])
e2.wait()
y = np.empty(n, np.float32); cl.enqueue_copy(q, y, dys[1], wait_for=[e2]); res["chain"] = y

# kernel info
res["nargs"] = np.array([axpb.num_args, accum.get_info(cl.kernel_info.NUM_ARGS)])
res["fname"] = np.array(axpb.function_name)
wg = axpb.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, ctx.devices[0])
print("wg ok", wg > 0)
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
