import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
log = []
def attempt(name, fn):
    try:
        r = fn()
        log.append(f"{name}: ok")
        return r
    except cl.Error as e:
        log.append(f"{name}: {type(e).__name__} code={e.code} routine={getattr(e, 'routine', None)}")
    except Exception as e:
        log.append(f"{name}: {type(e).__name__}")
src = """
__kernel void f(__global float *x, int n) { int i = get_global_id(0); if (i < n) x[i] += 1.0f; }
__kernel __attribute__((reqd_work_group_size(16, 1, 1))) void r16(__global float *x) { x[get_global_id(0)] *= 2.0f; }
__kernel void ll(__global float *x, __local float *t) { t[get_local_id(0)] = x[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE); x[get_global_id(0)] = t[0]; }
"""
prg = cl.Program(ctx, src).build()
f = cl.Kernel(prg, "f"); r16 = cl.Kernel(prg, "r16"); ll = cl.Kernel(prg, "ll")
n = 4096
x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
attempt("bad_source", lambda: cl.Program(ctx, "__kernel void g( { }").build())
attempt("bad_kernel_name", lambda: cl.Kernel(prg, "nope"))
attempt("bad_option", lambda: cl.Program(ctx, src).build(options=["-cl-no-such-option"]))
attempt("reqd_wrong_local", lambda: r16(q, (n,), (32,), x))
attempt("reqd_ok", lambda: r16(q, (n,), (16,), x))
attempt("reqd_no_local", lambda: r16(q, (n,), None, x))
attempt("reqd_non_multiple", lambda: r16(q, (1000,), (16,), x))
attempt("set_arg_index", lambda: f.set_arg(5, np.int32(1)))
attempt("set_arg_wrong_size", lambda: f.set_arg(1, np.int64(1)))
attempt("launch_unset_args", lambda: cl.enqueue_nd_range_kernel(q, cl.Kernel(prg, "f"), (n,), None))
attempt("zero_global", lambda: f(q, (0,), None, x, np.int32(n)))
attempt("global_3d_local_2d", lambda: f(q, (16, 16, 16), (4, 4), x, np.int32(n)))
attempt("negative_global", lambda: f(q, (-5,), None, x, np.int32(n)))
attempt("local_none_arg", lambda: ll(q, (n,), (64,), x, None))
attempt("local_zero_size", lambda: ll(q, (n,), (64,), x, cl.LocalMemory(0)))
attempt("local_mem_no_ls", lambda: ll(q, (n,), None, x, cl.LocalMemory(4 * 1024)))
attempt("buffer_zero", lambda: cl.Buffer(ctx, mf.READ_WRITE, 0))
attempt("buffer_huge", lambda: cl.Buffer(ctx, mf.READ_WRITE, 1 << 62))
attempt("hostbuf_no_flag", lambda: cl.Buffer(ctx, mf.READ_WRITE, hostbuf=np.zeros(4, np.float32)))
attempt("fill_misaligned", lambda: cl.enqueue_fill_buffer(q, x, np.float32(1), 2, 8))
attempt("fill_past_end", lambda: cl.enqueue_fill_buffer(q, x, np.float32(1), 0, 4 * n + 4))
attempt("copy_b2b_past_end", lambda: cl.enqueue_copy(q, x, x, byte_count=4 * n, src_offset=4, dst_offset=0))
attempt("copy_overlap_same", lambda: cl.enqueue_copy(q, x, x, byte_count=64, src_offset=0, dst_offset=32))
attempt("subbuf_past_end", lambda: x.get_sub_region(0, 4 * n + 128))
attempt("array_shape_mismatch", lambda: (cla.zeros(q, 10, np.float32) + cla.zeros(q, 11, np.float32)).get())
attempt("wait_foreign_ctx", lambda: f(q, (n,), None, x, np.int32(n), wait_for=[cl.UserEvent(cl.Context(ctx.devices))]))
attempt("user_event_error", None)
ue = cl.UserEvent(ctx)
ev = f(q, (n,), None, x, np.int32(n), wait_for=[ue])
ue.set_status(-5)
attempt("wait_on_failed", lambda: ev.wait())
attempt("status_after_fail", lambda: log.append(f"  status={ev.command_execution_status < 0}"))
q2 = cl.CommandQueue(ctx)
attempt("good_after", lambda: f(q2, (n,), None, x, np.int32(n)).wait())
h = np.empty(n, np.float32)
attempt("read", lambda: cl.enqueue_copy(q2, h, x))
res["x"] = h
res["log"] = np.array(log)
for l in log: print(l)
np.savez(sys.argv[1], **res)
print("done", len(res))
