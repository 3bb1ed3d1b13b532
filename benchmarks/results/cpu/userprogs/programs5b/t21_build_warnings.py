import sys, os, warnings
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src_warn = """
__kernel void noisy(__global float *o, int n) {
    int i = get_global_id(0);
    int unused_var = 3;
    float f = (float)(i * 2) / 3;   /* implicit double literal? */
    if (i < n) o[i] = f + (i > 10 ? 1 : 0);
    return;
}
"""
def wcat(ws):
    return sorted(f"{w.category.__name__}:{'Non-empty compiler output' in str(w.message) or 'compiler' in str(w.message).lower()}" for w in ws)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    prg = cl.Program(ctx, src_warn).build(options=["-w"] if False else [])
res["warn_default"] = np.array(wcat(ws) or ["none"])
log = prg.get_build_info(dev, cl.program_build_info.LOG)
res["log_has_unused"] = np.array("unused" in log)
res["build_status"] = np.array(int(prg.get_build_info(dev, cl.program_build_info.STATUS)))
res["build_opts"] = np.array(prg.get_build_info(dev, cl.program_build_info.OPTIONS))
os.environ["PYOPENCL_COMPILER_OUTPUT"] = "1"
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    prg2 = cl.Program(ctx, src_warn.replace("noisy", "noisy2")).build(options="-DFOO=1 -cl-fast-relaxed-math")
res["warn_output1"] = np.array(wcat(ws) or ["none"])
n = 100001
o = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
k = cl.Kernel(prg2, "noisy2")
k(q, (n,), None, o, np.int32(n))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["out"] = h
# binaries: sizes are positive, one per device of the context
bins = prg2.get_info(cl.program_info.BINARIES)
res["nbins"] = np.array([len(bins), int(all(len(b) > 0 for b in bins))])
res["ndev_prog"] = np.array(len(prg2.get_info(cl.program_info.DEVICES)))
# kernel work-group info and attributes
res["kwg"] = np.array([k.get_work_group_info(cl.kernel_work_group_info.WORK_GROUP_SIZE, dev) > 0,
                       k.get_work_group_info(cl.kernel_work_group_info.PREFERRED_WORK_GROUP_SIZE_MULTIPLE, dev) > 0])
res["kattrs"] = np.array(k.get_info(cl.kernel_info.ATTRIBUTES))
res["kname"] = np.array(k.get_info(cl.kernel_info.FUNCTION_NAME))
res["kctx_same"] = np.array(k.get_info(cl.kernel_info.CONTEXT) == ctx)
res["kprog_same"] = np.array(k.get_info(cl.kernel_info.PROGRAM) == prg2)
# a warning-free program compiled from a list of sources
prg3 = cl.Program(ctx, "__kernel void a1(__global int *x) { x[get_global_id(0)] += 1; }\n"
                       "__kernel void a2(__global int *x) { x[get_global_id(0)] *= 2; }").build()
xb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
for name in ["a1", "a2", "a1", "a2", "a2"]:
    getattr(prg3, name)(q, (n,), None, xb)
xi = np.empty(n, np.int32); cl.enqueue_copy(q, xi, xb); res["prg3"] = xi
print("warnings:", res["warn_default"].tolist(), res["warn_output1"].tolist())
np.savez(sys.argv[1], **res)
