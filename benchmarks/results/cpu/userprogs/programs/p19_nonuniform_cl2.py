import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
dev = ctx.devices[0]
res = {"ver": np.array(dev.version.split()[1])}
src = """
__kernel void ids(__global int4 *o) {
    int i = get_global_id(0);
    o[i] = (int4)(get_local_size(0), get_enqueued_local_size(0), get_group_id(0), get_local_id(0));
}
__kernel void ids2(__global int *o) {
    int x = get_global_id(0), y = get_global_id(1), W = get_global_size(0);
    o[y*W + x] = get_local_size(0) * 100 + get_local_size(1) * 10000 + get_group_id(1);
}
"""
try:
    prg = cl.Program(ctx, src).build(options="-cl-std=CL2.0")
    ok = True
except cl.Error as e:
    res["build_err"] = np.array(type(e).__name__); ok = False
if ok:
    for gs, ls in [(1000, 64), (77, 32), (4097, 128), (4096, 128), (100000, None), (99991, None)]:
        d = cl.Buffer(ctx, mf.WRITE_ONLY, gs * 16)
        try:
            prg.ids(q, (gs,), None if ls is None else (ls,), d)
            o = np.empty((gs, 4), np.int32); cl.enqueue_copy(q, o, d); res[f"ids_{gs}_{ls}"] = o
        except cl.Error as e:
            res[f"ids_{gs}_{ls}_err"] = np.array(type(e).__name__)
    x = np.arange(10000, dtype=np.int32)
    dx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    ng = (10000 + 255) // 256
    dout = cl.Buffer(ctx, mf.WRITE_ONLY, ng * 4)
    try:
        prg.ids(q, (10000,), (256,), dx, dout)
        o = np.empty(ng, np.int32); cl.enqueue_copy(q, o, dout); res["wg_reduce"] = o
    except cl.Error as e:
        res["wg_reduce_err"] = np.array(type(e).__name__)
    W, H = 130, 70
    d2 = cl.Buffer(ctx, mf.WRITE_ONLY, W * H * 4)
    try:
        prg.ids2(q, (W, H), (16, 16), d2)
        o = np.empty(W * H, np.int32); cl.enqueue_copy(q, o, d2); res["ids2"] = o
    except cl.Error as e:
        res["ids2_err"] = np.array(type(e).__name__)
np.savez(sys.argv[1], **res)
print("done", sorted(res))
