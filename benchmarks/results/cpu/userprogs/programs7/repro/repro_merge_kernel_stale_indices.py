# A scatter out[idx[i]] = ... whose indices a split launch made.  The split leaves each
# device's rows of idx on that device; the scatter, split again, merges the helpers'
# outputs with its generated merge kernel, which runs the helpers' rows again on home,
# reading idx there, where only home's own rows had come: stale indices, so most
# outputs are lost, and stores through garbage indices corrupt memory (a segmentation
# fault in about 1 run of 4).
# plain: "idx wrong: 0 o wrong: 0"
# SKMD_POLICY=even SKMD_BACKGROUND=0: "idx wrong: 0 o wrong: 200005" (or SIGSEGV)
# SKMD_MODE=mkmd SKMD_POLICY=even SKMD_BACKGROUND=0 SKMD_MIN_SPLIT_US=0: o wrong: 120041
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void make_perm(__global int *idx, int n, int mult) { int i = get_global_id(0); idx[i] = (int)(((long)i * mult) % n); }
__kernel void scatter(__global const float *v, __global const int *idx, __global float *o) {
    int i = get_global_id(0); o[idx[i]] = v[i] + 0.5f;
}
""").build()
n = 300007
idx = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "make_perm")(q, (n,), None, idx, np.int32(n), np.int32(7919))
v = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.float32))
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.float32))
cl.Kernel(prg, "scatter")(q, (n,), None, v, idx, o)
ho = np.empty(n, np.float32); cl.enqueue_copy(q, ho, o)
hi = np.empty(n, np.int32); cl.enqueue_copy(q, hi, idx)
ref = np.full(n, -1, np.float32); ref[(np.arange(n, dtype=np.int64) * 7919 % n)] = np.arange(n, dtype=np.float32) + 0.5
print("idx wrong:", int((hi != (np.arange(n, dtype=np.int64) * 7919 % n)).sum()), "o wrong:", int((ho != ref).sum()))
