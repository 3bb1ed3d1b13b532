import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
lib = cl.Program(ctx, "float helper(float x) { return x * x + SHIFT; }").compile(options=["-DSHIFT=3.0f"])
main = cl.Program(ctx, """
float helper(float x);
__kernel void use(__global float *x) { int i = get_global_id(0); x[i] = helper(x[i]); }
""").compile()
linked = cl.link_program(ctx, [lib, main])
n = 100019
xh = np.linspace(-2, 2, n).astype(np.float32)
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=xh)
k = linked.use
k(q, (n,), None, x)
cl.enqueue_copy(q, xh, x); res["linked"] = xh.copy()
res["kernel_names"] = np.array(linked.get_info(cl.program_info.KERNEL_NAMES))
res["num_kernels"] = np.array(linked.get_info(cl.program_info.NUM_KERNELS))
# clone a kernel: both carry their own arguments
src = "__kernel void axpb(__global float *x, float a, float b) { int i = get_global_id(0); x[i] = a * x[i] + b; }"
p1 = cl.Program(ctx, src).build()
k1 = cl.Kernel(p1, "axpb")
k1.set_args(x, np.float32(2), np.float32(1))
k2 = k1.clone()
k2.set_arg(1, np.float32(-1))
cl.enqueue_nd_range_kernel(q, k1, (n,), None)
cl.enqueue_nd_range_kernel(q, k2, (n,), None)
cl.enqueue_nd_range_kernel(q, k1, (n // 2,), None)
cl.enqueue_copy(q, xh, x); res["clone"] = xh.copy()
res["k_info"] = np.array([k1.get_info(cl.kernel_info.FUNCTION_NAME), str(k1.get_info(cl.kernel_info.NUM_ARGS))])
wg = k1.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, dev)
pm = k1.get_work_group_info(cl.kernel_work_group_info.PREFERRED_WORK_GROUP_SIZE_MULTIPLE, dev)
lm = k1.get_work_group_info(cl.kernel_work_group_info.LOCAL_MEM_SIZE, dev)
res["wg_info"] = np.array([wg, pm, lm])
# use the reported max work-group size as local size on a multiple of it
k1(q, (wg * 7,), (wg,), x, np.float32(1), np.float32(0.5))
cl.enqueue_copy(q, xh, x); res["wg_launch"] = xh.copy()
# rebuild the same source many times, keep only the last kernel each time
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(4099, np.float32))
for i in range(30):
    pr = cl.Program(ctx, src).build(options=[f"-DITER={i}"] if i % 2 else [])
    pr.axpb(q, (4099,), None, acc, np.float32(1), np.float32(i))
accs = np.empty(4099, np.float32); cl.enqueue_copy(q, accs, acc); res["rebuild"] = accs
# a kernel object from one program used after another program with the same name is built
p2 = cl.Program(ctx, src.replace("a * x[i] + b", "a * x[i] - b")).build()
k3 = cl.Kernel(p2, "axpb")
k1(q, (n,), None, x, np.float32(1), np.float32(1))
k3(q, (n,), None, x, np.float32(1), np.float32(1))
k1(q, (n,), None, x, np.float32(1), np.float32(1))
cl.enqueue_copy(q, xh, x); res["two_progs"] = xh.copy()
# program info
res["p_src_len"] = np.array(len(p1.get_info(cl.program_info.SOURCE)))
res["p_ndev"] = np.array(p1.get_info(cl.program_info.NUM_DEVICES))
res["build_status"] = np.array(p1.get_build_info(dev, cl.program_build_info.STATUS))
res["all_kernels"] = np.array([kk.function_name for kk in p2.all_kernels()])
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
