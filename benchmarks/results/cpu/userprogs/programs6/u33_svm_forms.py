import sys, gc
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.tools as clt

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
dev = q.device
res = {}
caps = dev.get_info(cl.device_info.SVM_CAPABILITIES)
res["has_coarse"] = np.array([bool(caps & cl.device_svm_capabilities.COARSE_GRAIN_BUFFER)])
prg = cl.Program(ctx, """
__kernel void saxpy(__global float *y, __global const float *x, float a) { int i = get_global_id(0); y[i] = a * x[i] + y[i]; }
""").build()
k = cl.Kernel(prg, "saxpy")
n = 300000
if caps & cl.device_svm_capabilities.COARSE_GRAIN_BUFFER:
    outs = []
    for it in range(5):
        x = cl.SVMAllocation(ctx, 4 * n, 0, cl.svm_mem_flags.READ_WRITE)
        y = cl.SVMAllocation(ctx, 4 * n, 0, cl.svm_mem_flags.READ_WRITE)
        cl.enqueue_copy(q, x, np.arange(n, dtype=np.float32) * (it + 1))
        cl.enqueue_svm_memfill(q, y, np.float32(1.0))
        k(q, (n,), None, y, x, np.float32(0.5))
        h = np.empty(n, np.float32)
        cl.enqueue_copy(q, h, y)
        outs.append(h[::1000].copy())
        x.release(); y.release()
    res["alloc_loop"] = np.stack(outs)
    # svm-backed numpy arrays (cl.SVM wrapping csvm_empty), mapped for host access
    xs = cl.csvm_empty(ctx, n, np.float32)
    ys = cl.csvm_empty(ctx, n, np.float32)
    with cl.SVM(xs).map_rw(q) as m:
        m[:] = np.sin(np.arange(n, dtype=np.float32) * 0.001)
    with cl.SVM(ys).map_rw(q) as m:
        m[:] = 2
    for it in range(3):
        k(q, (n,), None, cl.SVM(ys), cl.SVM(xs), np.float32(it))
    with cl.SVM(ys).map_ro(q) as m:
        res["csvm"] = np.array(m)
    del xs, ys
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
