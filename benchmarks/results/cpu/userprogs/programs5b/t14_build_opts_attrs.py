import sys, os, tempfile
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
inc = tempfile.mkdtemp(prefix="t14inc")
with open(os.path.join(inc, "ops.h"), "w") as f:
    f.write("#define OP(a, b) ((a) * SCALE + (b))\ninline float poly3(float x) { return ((x * 0.5f) + 1.0f) * x - 2.0f; }\n")
src = """
#include "ops.h"
#ifndef SCALE
#error SCALE not defined
#endif
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void fixed_wg(__global const float *a, __global float *b) {
    int i = get_global_id(0);
    b[i] = OP(a[i], (float)get_local_size(0)) + poly3(a[i]);
}
__kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4)))
void hinted(__global const float4 * restrict a, __global float4 * restrict b, const float s) {
    int i = get_global_id(0);
    b[i] = a[i] * s + (float4)(SCALE);
}
#define GEN(NAME, T, EXPR) __kernel void NAME(__global const T *a, __global T *b) { int i = get_global_id(0); T x = a[i]; b[i] = (EXPR); }
GEN(gen_i, int, x * SCALE - 1)
GEN(gen_f, float, x / (float)SCALE)
GEN(gen_l, long, (x << 3) ^ (long)SCALE)
#if USE_EXTRA
__kernel void extra(__global int *o) { o[get_global_id(0)] = EXTRA_VAL + (int)get_global_id(0); }
#endif
"""
rng = np.random.default_rng(1414)
n = 16 * 12347
a = rng.standard_normal(n).astype(np.float32)
da = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a); db = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
for scale in [1, 3]:
    for extra in [0, 1]:
        opts = ["-I", inc, f"-DSCALE={scale}", f"-DUSE_EXTRA={extra}", "-DEXTRA_VAL=77", "-cl-mad-enable" if scale == 3 else "-cl-opt-disable"]
        prg = cl.Program(ctx, src).build(options=opts)
        names = sorted(k.function_name for k in prg.all_kernels())
        res[f"names_{scale}_{extra}"] = np.array(names)
        k = cl.Kernel(prg, "fixed_wg")
        wg = k.get_work_group_info(cl.kernel_work_group_info.COMPILE_WORK_GROUP_SIZE, dev)
        res[f"cwgs_{scale}"] = np.array(wg)
        o = np.empty_like(a)
        try:
            k(q, (n,), None, da, db)                  # local size from the attribute
            cl.enqueue_copy(q, o, db); res[f"tol_fixed_{scale}_{extra}"] = o
        except cl.Error as e:
            res[f"fixed_none_{scale}_{extra}"] = np.array(type(e).__name__ + str(e.code))
        k(q, (n,), (16,), da, db)
        cl.enqueue_copy(q, o, db); res[f"tol_fixed16_{scale}_{extra}"] = o.copy()
        try:
            k(q, (n,), (32,), da, db); q.finish()
            res[f"wrong_wg_{scale}_{extra}"] = np.array("no error")
        except cl.Error as e:
            res[f"wrong_wg_{scale}_{extra}"] = np.array(type(e).__name__)
        cl.Kernel(prg, "hinted")(q, (n // 4,), None, da, db, np.float32(scale * 0.5))
        cl.enqueue_copy(q, o, db); res[f"tol_hinted_{scale}_{extra}"] = o.copy()
        ai = (a * 1000).astype(np.int32); dai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=ai)
        doi = cl.Buffer(ctx, mf.WRITE_ONLY, ai.nbytes)
        cl.Kernel(prg, "gen_i")(q, (n,), None, dai, doi)
        oi = np.empty_like(ai); cl.enqueue_copy(q, oi, doi); res[f"gen_i_{scale}_{extra}"] = oi
        al = ai.astype(np.int64); dal = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=al)
        dol = cl.Buffer(ctx, mf.WRITE_ONLY, al.nbytes)
        cl.Kernel(prg, "gen_l")(q, (n,), None, dal, dol)
        ol = np.empty_like(al); cl.enqueue_copy(q, ol, dol); res[f"gen_l_{scale}_{extra}"] = ol
        if extra:
            cl.Kernel(prg, "extra")(q, (n,), None, doi)
            cl.enqueue_copy(q, oi, doi); res[f"extra_{scale}"] = oi.copy()
# a build that fails because of #error: message checked by content
try:
    cl.Program(ctx, src).build(options=["-I", inc])
    res["build_err"] = np.array("no error")
except cl.RuntimeError as e:
    res["build_err"] = np.array("SCALE not defined" in str(e))
# program info
prg = cl.Program(ctx, src).build(options=["-I", inc, "-DSCALE=2"])
res["num_kernels"] = np.array(prg.get_info(cl.program_info.NUM_KERNELS))
res["kernel_names"] = np.array(sorted(prg.get_info(cl.program_info.KERNEL_NAMES).split(";")))
k = cl.Kernel(prg, "gen_f")
res["nargs"] = np.array(k.get_info(cl.kernel_info.NUM_ARGS))
res["argnames"] = np.array([k.get_arg_info(j, cl.kernel_arg_info.NAME) if False else str(j) for j in range(2)])
np.savez(sys.argv[1], **res)
print("done", len(res), res["build_err"])
