"""The one-comparison range check ``(uint)(i - lo) < (uint)len`` read as exact math
(``i - lo < len``, no lower end): a split launch took items below ``lo`` as written
and merged their stale bytes over the right ones.

    POCL_DEVICES="pthread pthread pthread" SKMD_POLICY=even SKMD_BACKGROUND=0 \
        python -m skmd run repro_unsigned_range_check.py
prints False before the fix (plainly: True).
"""
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void inrange(__global int *o, int lo, int len) {
    int i = get_global_id(0);
    if ((uint)(i - lo) < (uint)len) o[i] = i * 2;
}
""").build()
n = 100000
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -7, np.int32))
want = np.full(n, -7, np.int32)
k = cl.Kernel(prg, "inrange")
for lo, ln in [(5000, 30000), (60000, 1000), (0, 10)]:
    k(q, (n,), (100,), o, np.int32(lo), np.int32(ln))
    want[lo:lo + ln] = np.arange(lo, lo + ln) * 2
h = np.empty(n, np.int32)
cl.enqueue_copy(q, h, o)
print((h == want).all())
