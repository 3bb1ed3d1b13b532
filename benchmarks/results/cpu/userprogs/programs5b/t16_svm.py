import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
caps = dev.get_info(cl.device_info.SVM_CAPABILITIES) if hasattr(cl.device_info, "SVM_CAPABILITIES") else 0
coarse = bool(caps & cl.device_svm_capabilities.COARSE_GRAIN_BUFFER)
res["coarse"] = np.array(coarse)
prg = cl.Program(ctx, """
__kernel void saxpy(__global const float *x, __global float *y, float a) {
    int i = get_global_id(0); y[i] = a * x[i] + y[i];
}
__kernel void mixk(__global const float *x, __global const float *buf, __global float *o) {
    int i = get_global_id(0); o[i] = x[i] - buf[i];
}
""").build()
n = 200003
rng = np.random.default_rng(1616)
xh = rng.standard_normal(n).astype(np.float32)
if coarse:
    svx = cl.SVM(cl.csvm_empty(ctx, n, np.float32))
    svy = cl.SVM(cl.csvm_empty(ctx, n, np.float32))
    with svx.map_rw(q) as ax:
        ax[:] = xh
    with svy.map_rw(q) as ay:
        ay[:] = 1.0
    k = cl.Kernel(prg, "saxpy")
    for it in range(5):
        k(q, (n,), None, svx, svy, np.float32(0.5 + it))
    with svy.map_ro(q) as ay:
        res["svm_y"] = np.array(ay)
    # svm to buffer copies and a kernel mixing svm pointers and buffers
    b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=xh * 0.5)
    cl.enqueue_copy(q, svx, svy)
    o = cl.Buffer(ctx, mf.WRITE_ONLY, n * 4)
    cl.Kernel(prg, "mixk")(q, (n,), None, svx, b, o)
    h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["mix"] = h
    with svx.map_ro(q) as ax:
        res["svm_copied"] = np.array(ax)
    # fill via enqueue_svm_memfill and copy back to host
    cl.enqueue_svm_memfill(q, svx, np.float32(2.5))
    with svx.map_ro(q) as ax:
        res["svm_fill"] = np.array(ax)
    # fine-grain if available
    if caps & cl.device_svm_capabilities.FINE_GRAIN_BUFFER:
        fg = cl.fsvm_empty(ctx, n, np.float32)
        fg[:] = xh
        fy = cl.fsvm_empty(ctx, n, np.float32); fy[:] = 0
        k(q, (n,), None, cl.SVM(fg), cl.SVM(fy), np.float32(3.0))
        q.finish()
        res["fine_y"] = np.array(fy)
np.savez(sys.argv[1], **res)
print("done", len(res), caps)
