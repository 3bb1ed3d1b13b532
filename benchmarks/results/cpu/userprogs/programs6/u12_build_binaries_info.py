import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = q.device
res = {}
src = """
#ifndef SCALE
#define SCALE 1
#endif
__kernel void k1(__global int *a) { int i = get_global_id(0); a[i] = a[i] * SCALE + i; }
__kernel __attribute__((reqd_work_group_size(16, 1, 1))) void k2(__global int *a) {
    int i = get_global_id(0); a[i] += get_local_id(0);
}
"""
prg = cl.Program(ctx, src).build(options=["-DSCALE=3"])
st = prg.get_build_info(dev, cl.program_build_info.STATUS)
opts = prg.get_build_info(dev, cl.program_build_info.OPTIONS)
log = prg.get_build_info(dev, cl.program_build_info.LOG)
res["build"] = np.array([st == 0, "SCALE=3" in opts, isinstance(log, str)])
names = sorted(prg.get_info(cl.program_info.KERNEL_NAMES).split(";"))
res["names"] = np.array(names)
res["nk"] = np.array([prg.get_info(cl.program_info.NUM_KERNELS), len(prg.all_kernels())])
k1 = cl.Kernel(prg, "k1"); k2 = cl.Kernel(prg, "k2")
wg = k2.get_work_group_info(cl.kernel_work_group_info.COMPILE_WORK_GROUP_SIZE, dev)
res["cwgs"] = np.array(wg)
mx = k1.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, dev)
pm = k1.get_work_group_info(cl.kernel_work_group_info.PREFERRED_WORK_GROUP_SIZE_MULTIPLE, dev)
lm = k1.get_work_group_info(cl.kernel_work_group_info.LOCAL_MEM_SIZE, dev)
res["wginfo_ok"] = np.array([mx >= 16, pm >= 1, lm >= 0])
res["kinfo"] = np.array([k1.function_name, str(k1.num_args), k2.get_info(cl.kernel_info.ATTRIBUTES).replace(" ", "")])
n = 4096
h = np.arange(n, dtype=np.int32)
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=h)
k1(q, (n,), None, buf)
k2(q, (n,), (16,), buf)
o = np.empty_like(h); cl.enqueue_copy(q, o, buf); res["src_run"] = o
# binaries round trip
bins = prg.get_info(cl.program_info.BINARIES)
sizes = prg.get_info(cl.program_info.BINARY_SIZES)
res["binsz"] = np.array([len(b) == s and s > 0 for b, s in zip(bins, sizes)])
prg_b = cl.Program(ctx, ctx.devices, bins).build()
kb1 = cl.Kernel(prg_b, "k1")
buf2 = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=h)
kb1(q, (n,), None, buf2)
cl.Kernel(prg_b, "k2")(q, (n,), (16,), buf2)
o2 = np.empty_like(h); cl.enqueue_copy(q, o2, buf2); res["bin_run"] = o2
# a second round trip from the binary program's binaries
bins2 = prg_b.get_info(cl.program_info.BINARIES)
prg_c = cl.Program(ctx, [dev] * 0 + list(ctx.devices), bins2).build()
cl.Kernel(prg_c, "k1")(q, (n,), None, buf2)
cl.enqueue_copy(q, o2, buf2); res["bin2_run"] = o2
# wrong local size for reqd_work_group_size is an error
try:
    k2(q, (n,), (32,), buf).wait()
    res["wrong_local"] = np.array(["no error"])
except cl.Error as e:
    res["wrong_local"] = np.array([e.code])
np.savez(sys.argv[1], **res)
print("done", len(res))
