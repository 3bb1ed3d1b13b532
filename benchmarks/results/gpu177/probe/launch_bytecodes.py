"""skmd's Python bytecodes per operation (sys.settrace opcode events over 100 calls, by
function): a ReductionKernel's two launches + finish, and a kernel object's launch +
finish.  POCL_DEVICES="pthread pthread pthread" PYTHONPATH=<checkout> python launch_bytecodes.py"""
import sys, collections
import numpy as np, pyopencl as cl, pyopencl.array as cla, pyopencl.tools as clt
import skmd
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
x = cla.to_device(q, np.ones(1<<16, np.float32), allocator=pool)
from pyopencl.reduction import ReductionKernel
rk = ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]*y[i]", arguments="__global const float *x, __global const float *y")
prg = cl.Program(ctx, "__kernel void k(__global float *a){a[get_global_id(0)] += 1;}").build()
kern = prg.k
ops = {"rk_finish": lambda: (rk(x, x), q.finish()), "kobj_finish": lambda: (kern(q, (1<<16,), (64,), x.data), q.finish())}
by = collections.Counter()
def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode":
        fn = frame.f_code.co_filename
        if "skmd" in fn:
            by[(fn.split("skmd/")[-1], frame.f_code.co_name)] += 1
        else:
            by[("other", "")] += 1
    return tracer
for name, f in ops.items():
    for _ in range(50): f()
    by.clear(); sys.settrace(tracer)
    for _ in range(100): f()
    sys.settrace(None)
    tot = sum(v for k, v in by.items() if k[0] != "other")
    print(name, "skmd bytecodes/op", tot / 100, "other", by[("other", "")] / 100)
    for k, v in by.most_common(14):
        if k[0] != "other": print("   ", k, v / 100)
