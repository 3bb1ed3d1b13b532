"""o[k++] = v and o[k--] = v write at the old k; the analysis took the new value, so
split launches merged each part's ranges one element off.

    POCL_DEVICES="pthread pthread pthread" SKMD_POLICY=even SKMD_BACKGROUND=0 \
        python -m skmd run repro_postfix_increment_index.py
prints "False ..." before the fix (plainly: True True).
"""
import sys, numpy as np, pyopencl as cl
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx); mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void pairs(__global int *o, __global const int *a) {
    int i = get_global_id(0);
    int k = 2 * i;
    o[k++] = a[i];
    o[k++] = -a[i];
}
__kernel void backwards(__global float *o) {
    int i = get_global_id(0);
    int k = 3 * i + 3;
    o[--k] = 1.0f * i;
    o[--k] = 2.0f * i;
    o[k--] = 3.0f * i;
}
__kernel void bump(__global int *o) { o[get_global_id(0)] += 1; }
""").build()
n = 1 << 16
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(1, n + 1, dtype=np.int32))
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2 * n, np.int32))
prg.bump(q, (2 * n,), (64,), o)
prg.pairs(q, (n,), (64,), o, a)
h = np.empty(2 * n, np.int32); cl.enqueue_copy(q, h, o)
f = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(3 * n, np.float32))
prg.backwards(q, (n,), (64,), f)
hf = np.empty(3 * n, np.float32); cl.enqueue_copy(q, hf, f)
want = np.empty(2 * n, np.int32); want[0::2] = np.arange(1, n + 1); want[1::2] = -np.arange(1, n + 1)
wf = np.zeros(3 * n, np.float32); i = np.arange(n); wf[:] = 0; wf[3*i+2] = i; wf[3*i+1] = 3.0 * i
print((h == want).all(), (hf == wf).all())
