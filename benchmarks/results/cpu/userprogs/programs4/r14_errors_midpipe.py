import sys
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
errs = []
bad_src = "__kernel void broken(__global float *a) { a[get_global_id(0)] = undefined_thing; }"
try:
    cl.Program(ctx, bad_src).build()
    errs.append("built?")
except cl.Error as e:
    errs.append(f"build:{type(e).__name__}:{e.code}")
try:
    cl.Program(ctx, "__kernel void w(__global int *a) { a[0] = 1 }").build(options=["-Werror"])
except cl.RuntimeError as e:
    errs.append(f"build2:{type(e).__name__}")
prg = cl.Program(ctx, """
__kernel void inc(__global float *a, float d) { int i = get_global_id(0); a[i] = a[i] * 0.5f + d; }
__kernel void lm(__global float *a, __local float *t) { int l = get_local_id(0); t[l] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE); a[get_global_id(0)] = t[get_local_size(0) - 1 - l]; }
""").build()
n = 40960
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.float32))
small = cl.Buffer(ctx, mf.READ_WRITE, 64)
k = cl.Kernel(prg, "inc"); kl = cl.Kernel(prg, "lm")
for it in range(60):
    k(q, (n,), None, a, np.float32(it))
    try:
        if it == 10:
            k(q, (n,), (7,), a, np.float32(1))            # global not multiple of local
        elif it == 20:
            kl(q, (n,), (64,), a, cl.LocalMemory(1 << 30))  # too much local memory
        elif it == 30:
            k(q, (n,), (100000,), a, np.float32(1))       # local too large
        elif it == 40:
            cl.enqueue_copy(q, small, a, byte_count=n * 4)  # copy past the end
        elif it == 45:
            kl.set_arg(0, a)
            cl.enqueue_nd_range_kernel(q, kl, (n,), (64,))  # arg 1 never set
        elif it == 50:
            k(q, (n, 1), None, a, np.float32(1))           # fine: 2-D launch on 1-D kernel
            q.finish()
            k(q, (n // 2,), None, a, np.float32(-1), np.float32(3))  # too many args
        elif it % 15 == 3:
            kl(q, (n,), (64,), a, cl.LocalMemory(64 * 4))
    except (cl.Error, TypeError, ValueError) as e:
        errs.append(f"{it}:{type(e).__name__}:{getattr(e, 'code', '')}")
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, a); res["a"] = h
# a kernel with an out-of-range sub-buffer
try:
    sb = a.get_sub_region(n * 4 - 16, 32)
except cl.Error as e:
    errs.append(f"sub:{type(e).__name__}:{e.code}")
try:
    cl.enqueue_nd_range_kernel(q, k, (0,), None); q.finish(); errs.append("zero ok")
except cl.Error as e:
    errs.append(f"zero:{type(e).__name__}:{e.code}")
res["errs"] = np.array(errs)
np.savez(sys.argv[1], **res)
print("\n".join(errs))
