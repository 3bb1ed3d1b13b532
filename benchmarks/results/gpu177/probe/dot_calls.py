"""OpenCL calls per operation, plain and under skmd, in one process (LD_PRELOAD=libclcount.so,
CLCOUNT=its path): a dot product read back, a kernel object + finish, an array
expression over pooled arrays + finish."""
import ctypes, sys
lib = ctypes.CDLL(__import__("os").environ["CLCOUNT"])
lib.clcount_name.restype = ctypes.c_char_p; lib.clcount_get.restype = ctypes.c_ulong
def snap():
    return {lib.clcount_name(k).decode(): lib.clcount_get(k) for k in range(lib.clcount_n())}
import numpy as np, pyopencl as cl, pyopencl.array as cla, pyopencl.tools as clt
import skmd
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
pool = clt.MemoryPool(clt.ImmediateAllocator(q))
n = 1 << 16
x = cla.to_device(q, np.ones(n, np.float32), allocator=pool)
y = cla.to_device(q, np.ones(n, np.float32), allocator=pool)
prg = cl.Program(ctx, "__kernel void k(__global float *a){a[get_global_id(0)] += 1;}").build()
kern = prg.k
ops = {"dot_get": lambda: cla.dot(x, y).get(),
       "kobj_finish": lambda: (kern(q, (n,), (64,), x.data), q.finish()),
       "expr_pooled_finish": lambda: ((2 * x + y), q.finish())}
N = 20
for name, f in ops.items():
    for way in ("plain", "skmd"):
        skmd.install() if way == "skmd" else skmd.uninstall()
        for _ in range(30): f()
        q.finish()
        a = snap()
        for _ in range(N): f()
        b = snap()
        d = {k: (b[k] - a[k]) / N for k in a if b[k] != a[k]}
        print(f"{name:20s} {way:6s}", " ".join(f"{k[2:]}={v:g}" for k, v in sorted(d.items())))
