"""skmd's Python bytecodes per `prg.sweep(...)` launch + finish (a kernel made anew at every
launch), by function.  POCL_DEVICES="pthread pthread pthread" PYTHONPATH=<checkout> python sweep_bytecodes.py"""
import sys, collections, warnings
warnings.simplefilter("ignore")
import numpy as np, pyopencl as cl
import skmd
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
n = 256
a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * n * 4); b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * n * 4)
prg = cl.Program(ctx, "__kernel void sweep(__global const float *u, __global float *v, const int n){int j=get_global_id(0), i=get_global_id(1); v[i*n+j]=u[i*n+j];}").build()
ops = {"prg_attr_launch_finish": lambda: (prg.sweep(q, (n, n), None, a, b, np.int32(n)), q.finish())}
by = collections.Counter()
def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode":
        fn = frame.f_code.co_filename
        by[(fn.split("skmd/")[-1], frame.f_code.co_name) if "skmd" in fn else ("other", "")] += 1
    return tracer
for name, f in ops.items():
    for way in ("plain", "skmd"):
        skmd.install() if way == "skmd" else skmd.uninstall()
        for _ in range(50): f()
        by.clear(); sys.settrace(tracer)
        for _ in range(100): f()
        sys.settrace(None)
        tot = sum(v for k, v in by.items() if k[0] != "other")
        print(name, way, "skmd bytecodes/op", tot / 100, "other", by[("other", "")] / 100)
        if way == "skmd":
            for k, v in by.most_common(22):
                if k[0] != "other": print("   ", k, v / 100)
