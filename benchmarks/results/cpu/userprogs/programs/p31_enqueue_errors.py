import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void inc(__global float *x) { x[get_global_id(0)] += 1.0f; }
__kernel void two(__global float *x, __global float *y) { int i = get_global_id(0); y[i] = x[i] + 1.0f; }
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void req(__global float *x) { x[get_global_id(0)] += 1.0f; }
__kernel void inc3(__global float *x) { size_t i = get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2)); x[i] += 1.0f; }
""").build()
inc = prg.inc; two = cl.Kernel(prg, "two"); req = prg.req; inc3 = prg.inc3
n = 1 << 18
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
ctx2 = cl.Context(ctx.devices); q2 = cl.CommandQueue(ctx2)
log = []
def attempt(name, fn):
    try:
        fn(); log.append(f"{name}: ok")
    except Exception as e:
        log.append(f"{name}: {type(e).__name__} {getattr(e, 'code', '') if isinstance(e, cl.Error) else ''}")
    inc(q, (n,), None, x)
    o = np.empty(n, np.float32)
    try:
        cl.enqueue_copy(q, o, x)
        log.append(f"  after {name}: read ok {o[0]} {o[-1]}")
    except Exception as e:
        log.append(f"  after {name}: read raised {type(e).__name__}")
attempt("local_too_large", lambda: inc(q, (n,), (1 << 16,), x))
attempt("local_3d_too_large", lambda: inc3(q, (64, 64, 64), (64, 64, 64), x))
attempt("local_not_divide", lambda: inc(q, (1000,), (64,), x))
attempt("reqd_mismatch", lambda: req(q, (n,), (32,), x))
attempt("unset_arg", lambda: (two.set_arg(0, x), cl.enqueue_nd_range_kernel(q, two, (n,), None)))
attempt("global_too_many_dims", lambda: inc(q, (4, 4, 4, 4), None, x))
attempt("other_context_queue", lambda: inc(q2, (n,), None, x))
o = np.empty(n, np.float32); cl.enqueue_copy(q, o, x); q.finish()
print("\n".join(log))
np.savez(sys.argv[1], log=np.array(log), out=o)
