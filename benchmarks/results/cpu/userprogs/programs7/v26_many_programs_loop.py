import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
tmpl = """
__kernel void op_%(i)d(__global const float *a, __global float *b, int n) {
    int i = get_global_id(0);
    if (i < n) b[i] = a[i] * %(mul)s + %(add)s;
}
__kernel void op2_%(i)d(__global float *b) { b[get_global_id(0)] += %(i)d.0f; }
"""
n = 150001
rng = np.random.default_rng(726)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=rng.random(n).astype(np.float32))
b = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
for i in range(24):
    prg = cl.Program(ctx, tmpl % dict(i=i, mul=f"{1 + i * 0.125}f", add=f"{-i * 0.5}f")).build(
        options=["-cl-fast-relaxed-math"] if i % 3 == 0 else [])
    k1 = getattr(prg, f"op_{i}")
    k2 = cl.Kernel(prg, f"op2_{i}")
    k1(q, (n,), None, a, b, np.int32(n))
    k2(q, (n,), None, b)
    a, b = b, a
    if i % 6 == 5:
        h = np.empty(n, np.float32); cl.enqueue_copy(q, h, a); res[f"after_{i}"] = h
# one program with many kernels, all kernels enumerated and run in order
src = "\n".join(f"__kernel void k{j}(__global int *x) {{ x[get_global_id(0)] = x[get_global_id(0)] * {j + 2} % 1000003 + {j}; }}"
                for j in range(40))
prg = cl.Program(ctx, src).build()
kernels = sorted(prg.all_kernels(), key=lambda k: int(k.function_name[1:]))
xi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
for k in kernels:
    k(q, (n,), None, xi)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, xi); res["all_kernels"] = h
# the same source built twice, kernels from both programs used alternately
p1 = cl.Program(ctx, src).build(); p2 = cl.Program(ctx, src).build()
for j in range(10):
    cl.Kernel(p1 if j % 2 else p2, f"k{j}")(q, (n,), None, xi)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, xi); res["alternating_programs"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
