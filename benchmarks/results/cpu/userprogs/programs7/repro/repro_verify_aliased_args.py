# A kernel given the same buffer as two arguments, reading and writing it in place
# (race-free: work-item i touches only elements i and n+i).  Under SKMD_VERIFY=1 the
# check reports the split as different and keeps a "whole run" that is wrong.
# plain: "wrong: 0"
# SKMD_POLICY=even SKMD_BACKGROUND=0 SKMD_VERIFY=1 python -m skmd run ...: "wrong: 599999"
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void halves(__global int *lo, __global int *hi, int n) {
    int i = get_global_id(0);
    int t = lo[i];
    lo[i] = hi[n + i];
    hi[n + i] = t + i;
}
""").build()
m = 300000
d = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(2 * m, dtype=np.int32))
k = cl.Kernel(prg, "halves")
k(q, (m,), None, d, d, np.int32(m))
h = np.empty(2 * m, np.int32); cl.enqueue_copy(q, h, d)
ref = np.arange(2 * m, dtype=np.int32); ref[:m], ref[m:] = np.arange(m, 2 * m), 2 * np.arange(m)
print("wrong:", int((h != ref).sum()))
