import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
dev = q.device
res["ver"] = np.array([dev.version.startswith("OpenCL 2") or dev.version.startswith("OpenCL 3")])
src = """
__global int launches = 0;
__global float table[16] = {0};
__kernel void bump(__global int *o) {
    int i = get_global_id(0);
    if (i == 0) launches += 1;
    o[i] = i;
}
__kernel void read_count(__global int *o) { o[0] = launches; }
__kernel void set_table(float s) { int i = get_global_id(0); if (i < 16) table[i] = s * i; }
__kernel void use_table(__global float *o) { int i = get_global_id(0); o[i] = table[i % 16] + i; }
__kernel void nonuni(__global int *o) {
    int i = get_global_id(0);
    o[i] = (int)get_local_size(0) * 0 + (int)get_enqueued_local_size(0) * 0 + i * 2;
}
"""
try:
    prg = cl.Program(ctx, src).build(options=["-cl-std=CL2.0"])
except cl.Error as e:
    prg = None
    res["build_failed"] = np.array([1])
if prg is not None:
    n = 300000
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    kb = cl.Kernel(prg, "bump")
    for it in range(5):
        kb(q, (n,), None, o)
    c = cl.Buffer(ctx, mf.READ_WRITE, 4)
    cl.Kernel(prg, "read_count")(q, (1,), None, c)
    h = np.empty(1, np.int32); cl.enqueue_copy(q, h, c); res["count"] = h
    cl.Kernel(prg, "set_table")(q, (16,), None, np.float32(1.5))
    ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    cl.Kernel(prg, "use_table")(q, (n,), None, ob)
    hf = np.empty(n, np.float32); cl.enqueue_copy(q, hf, ob); res["table"] = hf
    cl.Kernel(prg, "set_table")(q, (16,), None, np.float32(-2))
    cl.Kernel(prg, "use_table")(q, (n,), None, ob)
    cl.enqueue_copy(q, hf, ob); res["table2"] = hf
    # non-uniform work-groups: global 1000 with local 64 (CL2.0 allows it)
    ob2 = cl.Buffer(ctx, mf.READ_WRITE, 4 * 1000)
    try:
        cl.Kernel(prg, "nonuni")(q, (1000,), (64,), ob2)
        hi = np.empty(1000, np.int32); cl.enqueue_copy(q, hi, ob2); res["nonuni"] = hi
    except cl.Error as e:
        res["nonuni_err"] = np.array([e.code])
np.savez(sys.argv[1], **res)
print("done", len(res))
