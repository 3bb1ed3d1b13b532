import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
#ifndef OP
#define OP(a, b) ((a) + (b))
#endif
__kernel void binop(__global const REAL *a, __global const REAL *b, __global REAL *c) {
    int i = get_global_id(0);
    c[i] = OP(a[i], b[i]) * SCALE;
}
"""
rng = np.random.default_rng(12)
res = {}
n = 400009
for real, npt in [("float", np.float32), ("int", np.int32), ("double", np.float64)]:
    a = (rng.standard_normal(n) * 100).astype(npt); b = (rng.standard_normal(n) * 100).astype(npt)
    da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    db = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    dc = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    for opname, op in [("add", None), ("mul", "((a)*(b))"), ("max", "max((a),(b))")]:
        opts = ["-DREAL=" + real, "-DSCALE=3"]
        if op:
            opts.append(f"-DOP(a,b)={op}")
        prg = cl.Program(ctx, src).build(options=opts)
        prg.binop(q, (n,), None, da, db, dc)
        c = np.empty_like(a); cl.enqueue_copy(q, c, dc); res[f"{real}_{opname}"] = c
# the same source twice with different options, both kept alive, kernels interleaved
p1 = cl.Program(ctx, src).build(options="-DREAL=float -DSCALE=1")
p2 = cl.Program(ctx, src).build(options="-DREAL=float -DSCALE=2 -cl-fast-relaxed-math")
k1 = p1.binop; k2 = p2.binop
x = rng.standard_normal(n).astype(np.float32)
dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
d1 = cl.Buffer(ctx, mf.READ_WRITE, x.nbytes); d2 = cl.Buffer(ctx, mf.READ_WRITE, x.nbytes)
for it in range(3):
    k1(q, (n,), None, dx, dx if it == 0 else d2, d1)
    k2(q, (n,), None, dx, d1, d2)
o1 = np.empty_like(x); o2 = np.empty_like(x)
cl.enqueue_copy(q, o1, d1); cl.enqueue_copy(q, o2, d2); res["inter1"] = o1; res["inter2"] = o2
# build inside a loop with a changing #define baked into the source text
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
for k in range(5):
    s = f"__kernel void addk(__global float *x) {{ x[get_global_id(0)] += {k}.5f; }}"
    pk = cl.Program(ctx, s).build()
    pk.addk(q, (n,), None, acc)
oa = np.empty(n, np.float32); cl.enqueue_copy(q, oa, acc); res["loopbuild"] = oa
# a second context with its own queue and program
ctx2 = cl.Context(ctx.devices)
q2 = cl.CommandQueue(ctx2)
p3 = cl.Program(ctx2, src).build(options=["-DREAL=int", "-DSCALE=5"])
ai = np.arange(n, dtype=np.int32)
da2 = cl.Buffer(ctx2, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ai)
dc2 = cl.Buffer(ctx2, mf.WRITE_ONLY, ai.nbytes)
p3.binop(q2, (n,), None, da2, da2, dc2)
ci = np.empty_like(ai); cl.enqueue_copy(q2, ci, dc2); res["ctx2"] = ci
# program info
res["kernel_names"] = np.array(p1.kernel_names)
res["num_kernels"] = np.array(p1.num_kernels)
bs = p1.get_build_info(ctx.devices[0], cl.program_build_info.STATUS)
res["build_status"] = np.array(bs)
res["build_opts"] = np.array(p2.get_build_info(ctx.devices[0], cl.program_build_info.OPTIONS))
q.finish(); q2.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
