import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
__kernel void op(__global TYPE *a, __global const TYPE *b) {
    int i = get_global_id(0);
#if MODE == 0
    a[i] = a[i] + b[i] * (TYPE)FACT;
#elif MODE == 1
    a[i] = a[i] * (TYPE)FACT - b[(i + SHIFT) % get_global_size(0)];
#else
    if (i % STEP == 0) a[i] = b[i] + (TYPE)FACT;
#endif
}
"""
n = 250007
rng = np.random.default_rng(617)
for T, npt in [("float", np.float32), ("int", np.int32), ("double", np.float64)]:
    ha = rng.integers(-100, 100, n).astype(npt); hb = rng.integers(-100, 100, n).astype(npt)
    a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ha)
    b = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=hb)
    for it in range(6):
        opts = [f"-DTYPE={T}", f"-DMODE={it % 3}", f"-DFACT={it + 2}", f"-DSHIFT={7 * it + 1}", f"-DSTEP={it + 3}"]
        prg = cl.Program(ctx, src).build(options=opts)
        k = cl.Kernel(prg, "op")
        k(q, (n,), None, a, b)
        del k, prg
    o = np.empty_like(ha); cl.enqueue_copy(q, o, a); res["defs_" + T] = o
# same source, same defines rebuilt repeatedly (cache hits), kernel objects re-created each time
acc = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
one = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
for it in range(8):
    prg = cl.Program(ctx, src).build(options="-DTYPE=float -DMODE=0 -DFACT=%d -DSHIFT=0 -DSTEP=1" % (it % 2 + 1))
    prg.op(q, (n,), None, acc, one)
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, acc); res["rebuilt"] = o
# a define that changes the kernel's argument list
src2 = """
__kernel void f(__global int *a
#ifdef WITH_B
, __global const int *b
#endif
, int s) { int i = get_global_id(0);
#ifdef WITH_B
 a[i] += b[i] * s;
#else
 a[i] += s;
#endif
}"""
ai = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
bi = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32)[::-1].copy())
for it in range(4):
    if it % 2:
        cl.Program(ctx, src2).build(options=["-DWITH_B"]).f(q, (n,), None, ai, bi, np.int32(it))
    else:
        cl.Program(ctx, src2).build().f(q, (n,), None, ai, np.int32(it + 10))
o = np.empty(n, np.int32); cl.enqueue_copy(q, o, ai); res["argdef"] = o
np.savez(sys.argv[1], **res)
print("done", len(res))
