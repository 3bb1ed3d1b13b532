import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
src = """
#define GID0 get_global_id(0)
#define GID1 get_global_id(1)
inline size_t my_flat(void) { return get_global_id(1) * get_global_size(0) + get_global_id(0); }
inline int group_tag(void) { return (int)(get_group_id(0) * 1000 + get_group_id(1)); }
__kernel void lin(__global int *o, __global int *t) {
    size_t i = get_global_linear_id();
    o[i] = (int)i * 2 + (int)get_local_linear_id() * 0;
    t[i] = (int)get_work_dim() * 100000 + (int)get_enqueued_local_size(0);
}
__kernel void via_helpers(__global int *o, __global int *g) {
    size_t i = my_flat();
    o[i] = (int)(GID0 * 7 + GID1);
    g[i] = group_tag();
}
__kernel void helper_writes(__global float *o, int W);
void write_one(__global float *o, int W) { o[get_global_id(1) * W + get_global_id(0)] = (float)get_global_id(0) - (float)get_global_id(1); }
__kernel void helper_writes(__global float *o, int W) { write_one(o, W); }
"""
prg = cl.Program(ctx, src).build(options=["-cl-std=CL2.0", "-DUNUSED=1"])
W, H = 333, 250
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H); t = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
for loc in [None, (9, 10)]:
    cl.Kernel(prg, "lin")(q, (W, H), loc, o, t)
    h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, o); res[f"lin_{loc}"] = h
    h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, t); res[f"lin_t_{loc}"] = h
n = 1000003
o1 = cl.Buffer(ctx, mf.READ_WRITE, 4 * n); t1 = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "lin")(q, (n,), None, o1, t1)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o1); res["lin1d"] = h
g = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
cl.Kernel(prg, "via_helpers")(q, (W, H), (37, 5), o, g)
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, o); res["helpers"] = h
h = np.empty(W * H, np.int32); cl.enqueue_copy(q, h, g); res["helpers_g"] = h
f = cl.Buffer(ctx, mf.READ_WRITE, 4 * W * H)
cl.Kernel(prg, "helper_writes")(q, (W, H), None, f, np.int32(W))
h = np.empty(W * H, np.float32); cl.enqueue_copy(q, h, f); res["helper_writes"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
