import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
src = """
__kernel void k2(__global float *x, float a) { int i = get_global_id(0); x[i] = x[i] * a + 1.0f; }
__kernel void kl(__global float *x, __local float *t) { int l = get_local_id(0); t[l] = x[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); x[get_global_id(0)] = t[get_local_size(0)-1-l]; }
"""
prg = cl.Program(ctx, src).build()
k2 = prg.k2; kl = prg.kl
n = 1 << 18
x = np.arange(n, dtype=np.float32)
dx = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=x)
log = []
def attempt(name, fn):
    print("trying", name, flush=True)
    try:
        fn()
        log.append(f"{name}: ok")
    except Exception as e:
        code = getattr(e, "code", None) if isinstance(e, cl.Error) else None
        log.append(f"{name}: {type(e).__name__} {code}")
    # the program continues: a good launch after every error
    k2(q, (n,), None, dx, np.float32(1.0))

attempt("too_few_args", lambda: k2(q, (n,), None, dx))
attempt("too_many_args", lambda: k2(q, (n,), None, dx, np.float32(1), np.float32(2)))
attempt("wrong_type_buf_for_scalar", lambda: k2(q, (n,), None, dx, dx))
attempt("wrong_type_scalar_for_buf", lambda: k2(q, (n,), None, np.float32(1), np.float32(2)))
attempt("python_float_scalar", lambda: k2(q, (n,), None, dx, 2.0))
attempt("local_too_large", lambda: k2(q, (n,), (1 << 16,), dx, np.float32(1)))
attempt("local_not_dividing", lambda: k2(q, (1000,), (3,), dx, np.float32(1)))
attempt("read_past_end", lambda: cl.enqueue_copy(q, np.empty(n + 10, np.float32), dx))
attempt("write_past_end", lambda: cl.enqueue_copy(q, dx, np.empty(n + 10, np.float32)))
attempt("copy_offset_past_end", lambda: cl.enqueue_copy(q, np.empty(100, np.float32), dx, src_offset=4 * n - 200))
attempt("local_mem_too_big", lambda: kl(q, (n,), (64,), dx, cl.LocalMemory(1 << 30)))
attempt("local_mem_ok", lambda: kl(q, (n,), (64,), dx, cl.LocalMemory(64 * 4)))
attempt("local_dims_mismatch", lambda: k2(q, (64, 64), (8,), dx, np.float32(1)))
attempt("bad_kernel_name", lambda: prg.nope)
attempt("build_error", lambda: cl.Program(ctx, "__kernel void bad(__global float *x) { x[0] = undefined_thing; }").build())
attempt("sub_region_misaligned", lambda: dx.get_sub_region(3, 100))
attempt("sub_region_too_big", lambda: dx.get_sub_region(0, 8 * n))
attempt("buffer_size_zero", lambda: cl.Buffer(ctx, mf.READ_WRITE, 0))
attempt("set_arg_bad_index", lambda: k2.set_arg(5, np.float32(1)))
attempt("fill_bad_size", lambda: cl.enqueue_fill_buffer(q, dx, np.float32(0), 0, 7))
attempt("map_past_end", lambda: cl.enqueue_map_buffer(q, dx, cl.map_flags.READ, 0, (n + 1,), np.float32))
attempt("kernel_global_offset_dims", lambda: k2(q, (n,), None, dx, np.float32(1), global_offset=(1, 2)))
out = np.empty(n, np.float32)
cl.enqueue_copy(q, out, dx)
q.finish()
print("\n".join(log))
np.savez(sys.argv[1], log=np.array(log), out=out)
