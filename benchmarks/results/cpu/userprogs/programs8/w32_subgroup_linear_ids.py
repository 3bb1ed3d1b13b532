import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

prg = cl.Program(ctx, """
__kernel void ids3d(__global int *o) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t W = get_global_size(0), H = get_global_size(1);
    size_t lin = (z * H + y) * W + x;
    o[lin] = (int)(get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2)
                   + 1000 * (get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2))));
}
__kernel void wdim(__global int *o) {
    size_t i = get_global_id(0);
    for (uint d = 1; d < get_work_dim(); d++) i = i * get_global_size(d) + get_global_id(d);
    o[i] = (int)get_work_dim() * 1000000 + (int)get_global_size(get_work_dim() - 1);
}
""").build()
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * 64 * 24 * 30)
for gs, ls in [((64, 24, 30), (8, 4, 2)), ((64, 24, 30), None), ((64, 24, 30), (64, 1, 3))]:
    prg.ids3d(q, gs, ls, o)
    h = np.empty(64 * 24 * 30, np.int32); cl.enqueue_copy(q, h, o); res[f"ids_{ls}"] = h
w = cl.Buffer(ctx, mf.READ_WRITE, 4 * 46080)
for gs in [(46080,), (180, 256), (12, 40, 96)]:
    prg.wdim(q, gs, None, w)
    h = np.empty(46080, np.int32); cl.enqueue_copy(q, h, w); res[f"wdim_{len(gs)}"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
