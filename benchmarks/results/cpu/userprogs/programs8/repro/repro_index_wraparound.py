"""Index arithmetic that wraps around (an unsigned 32-bit sum, a cast to ushort or uchar)
read as exact integer math: split launches lost the wrapped writes.

    POCL_DEVICES="pthread pthread pthread" SKMD_POLICY=even SKMD_BACKGROUND=0 \
        python -m skmd run repro_index_wraparound.py
prints three False before the fix (plainly: True True True).
"""
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void ring16(__global int *o, int off) {
    int i = get_global_id(0);
    o[(ushort)(i + off)] = i;          /* 65536 slots: the last 100 items wrap to 0..99 */
}
__kernel void back(__global int *o, uint shift) {
    uint i = get_global_id(0);
    if (i < 256) return;
    o[i + shift] = (int)i;             /* shift = 2^32 - 256: writes o[i - 256] */
}
__kernel void uchar_idx(__global float *o, int base) {
    int i = get_global_id(0);
    o[i * 256 + (uchar)(i + base)] = (float)i;
}
""").build()
n = 65536
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
prg.ring16(q, (n,), (256,), o, np.int32(100))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o)
i = np.arange(n)
want = np.empty(n, np.int32); want[(i + 100) % n] = i
print((h == want).all())
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
prg.back(q, (n,), (256,), o2, np.uint32(2**32 - 256))
cl.enqueue_copy(q, h, o2)
print((h[:n - 256] == np.arange(256, n)).all() and (h[n - 256:] == -1).all())
m = 4096
o3 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(m * 256, -1, np.float32))
prg.uchar_idx(q, (m,), (64,), o3, np.int32(200))
h3 = np.empty(m * 256, np.float32); cl.enqueue_copy(q, h3, o3)
j = np.arange(m)
print((h3[j * 256 + (j + 200) % 256] == j).all() and (h3 != -1).sum() == m)
