# program caching and building: PYOPENCL_NO_CACHE set by the program, -D defines, the
# same source built twice with different options, kernel_names, BINARIES and a program
# built from them, a program built from binaries of several devices of a context.
import os
os.environ["PYOPENCL_NO_CACHE"] = "1"
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
SRC = """
#ifndef SCALE
#define SCALE 1
#endif
__kernel void f(__global int *a) { int i = get_global_id(0); a[i] = i * SCALE + OFF; }
__kernel void g(__global int *a) { int i = get_global_id(0); a[i] = a[i] ^ (SCALE << 3); }
"""
n = 120000
res = {}
b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
h = np.empty(n, np.int32)
progs = []
for opts in (["-DOFF=3"], ["-DOFF=5", "-DSCALE=7"], "-D OFF=11 -D SCALE=2", ["-DOFF=5", "-DSCALE=7"]):
    p = cl.Program(ctx, SRC).build(options=opts)
    progs.append(p)
    p.f(q, (n,), None, b); p.g(q, (n,), None, b)
    cl.enqueue_copy(q, h, b); res[f"opt{len(progs)}"] = h.copy()
print("kernel names:", sorted(progs[0].kernel_names.split(";")))
print("num kernels:", progs[0].num_kernels)
print("build status:", progs[1].get_build_info(ctx.devices[0], cl.program_build_info.STATUS))
print("build options:", progs[2].get_build_info(ctx.devices[0], cl.program_build_info.OPTIONS))
bins = progs[1].get_info(cl.program_info.BINARIES)
print("binaries:", len(bins), all(len(x) > 0 for x in bins))
p2 = cl.Program(ctx, ctx.devices, bins).build()
p2.f(q, (n,), None, b); p2.g(q, (n,), None, b)
cl.enqueue_copy(q, h, b); res["from_bin"] = h.copy()
k = cl.Kernel(p2, "f")
print("kernel attrs:", k.function_name, k.num_args)
# same source, new Program object, no options -> build error about OFF
try:
    cl.Program(ctx, SRC).build()
    print("built without OFF?")
except cl.RuntimeError as e:
    print("build failed as expected:", e.code)
# the build log of a good build with a warning-free kernel
p3 = cl.Program(ctx, SRC).build(options=["-DOFF=0", "-Werror"])
p3.f(q, (n,), None, b); cl.enqueue_copy(q, h, b); res["werror"] = h.copy()
np.savez(sys.argv[1], **res)
print("done")
