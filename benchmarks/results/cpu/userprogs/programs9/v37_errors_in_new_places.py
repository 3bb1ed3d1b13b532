import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
# mistakes a user makes with the features of this set, each caught; the program records
# what was raised and carries on
src = """
__kernel void scale(__global float *o, const int n, const float s) {
    int i = get_global_id(0);
    if (i < n) o[i] *= s;
}
__kernel void tile(__global float *o, __local float *t) {
    int l = get_local_id(0);
    t[l] = o[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)] = t[get_local_size(0) - 1 - l];
}
"""
prg = cl.Program(ctx, src).build()
n = 100000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
seen = []
def attempt(label, fn):
    try:
        fn()
        q.finish()
        seen.append(f"{label}: ok")
    except cl.Error as e:
        code = getattr(e, "code", None)
        seen.append(f"{label}: {type(e).__name__} {code}")
    except (TypeError, ValueError) as e:
        seen.append(f"{label}: {type(e).__name__}")
k = cl.Kernel(prg, "scale")
attempt("too few args", lambda: k(q, (n,), None, o, np.int32(n)))
attempt("bad local", lambda: k(q, (n,), (96,), o, np.int32(n), np.float32(2)))
attempt("float for int", lambda: k(q, (n,), None, o, np.float32(n), np.float32(2)))
attempt("ok", lambda: k(q, (n,), None, o, np.int32(n), np.float32(2)))
attempt("build -D error", lambda: cl.Program(ctx, "__kernel void z(__global int *o) { o[0] = X; }").build(options=["-DY=1"]))
attempt("bad option", lambda: cl.Program(ctx, src).build(options=["-fno-such-option"]))
kt = cl.Kernel(prg, "tile")
attempt("local too big", lambda: kt(q, (n,), (100,), o, cl.LocalMemory(ctx.devices[0].local_mem_size + 4)))
attempt("tile ok", lambda: kt(q, (n,), (100,), o, cl.LocalMemory(400)))
attempt("copy past end", lambda: cl.enqueue_copy(q, o, o, byte_count=4 * 1000, src_offset=4 * (n - 10), dst_offset=0))
attempt("fill past end", lambda: cl.enqueue_fill_buffer(q, o, np.float32(0), 4 * (n - 4), 64))
attempt("set_arg index", lambda: k.set_arg(3, np.int32(1)))
attempt("nd_range no args", lambda: cl.enqueue_nd_range_kernel(q, cl.Kernel(prg, "scale"), (n,), None))
attempt("overlap copy", lambda: cl.enqueue_copy(q, o, o, byte_count=4 * 1000, src_offset=0, dst_offset=4 * 500))
attempt("zero size", lambda: k(q, (0,), None, o, np.int32(n), np.float32(2)))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, o); res["o"] = h
res["seen"] = np.array(seen)
for s in seen:
    print(s)
np.savez(sys.argv[1], **res)
print("done", len(res))
