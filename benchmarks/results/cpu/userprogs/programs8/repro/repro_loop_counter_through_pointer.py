"""A loop counter also changed through a pointer taken before the loop ((*pk)++ with
pk = &k) was read as stepping by one, so the loop's writes were taken as exact; a
split launch merged the skipped elements from devices that never wrote them.

    POCL_DEVICES="pthread pthread pthread" SKMD_POLICY=even SKMD_BACKGROUND=0 \
        python -m skmd run repro_loop_counter_through_pointer.py
prints False before the fix (plainly: True).
"""
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void skip_by_ptr(__global int *o) {
    int i = get_global_id(0);
    int k;
    int *pk = &k;
    for (k = 0; k < 8; k++) { o[i * 8 + k] = 7; (*pk)++; }
}
__kernel void bump(__global int *o) { o[get_global_id(0)] += 1; }
""").build()
n = 1 << 14
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(8 * n, np.int32))
prg.bump(q, (8 * n,), (64,), o)     # the output last written by a split launch
prg.skip_by_ptr(q, (n,), (64,), o)
h = np.empty(8 * n, np.int32)
cl.enqueue_copy(q, h, o)
want = np.ones(8 * n, np.int32)
want[0::2] = 7
print((h == want).all())
