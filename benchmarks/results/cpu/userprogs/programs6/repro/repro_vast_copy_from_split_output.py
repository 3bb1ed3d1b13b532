# enqueue_copy between an ordinary buffer and one kept in host memory (vast) skips
# skmd's bookkeeping: (1) from a buffer a split launch wrote, only the home device's
# share arrives; (2) into a buffer a split launch had mirrored, the other devices keep
# its old bytes.  plain: "case1 wrong: 0  case2 wrong: 0"
# SKMD_HOST_BACKED_MIN=1000000 SKMD_POLICY=even SKMD_BACKGROUND=0: 33250 and 33250
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void produce(__global float *o) { int i = get_global_id(0); o[i] = (float)i; }
__kernel void dbl(__global const float *a, __global float *o) { int i = get_global_id(0); o[i] = 2.0f * a[i]; }
""").build()
m = 50000                                                # 200 KB: an ordinary device buffer
small = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
out = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,  # 1.2 MB: in host memory under vast
                hostbuf=np.arange(6 * m, dtype=np.float32))
# case 1: split launch writes `small`, then small -> big
cl.Kernel(prg, "produce")(q, (m,), None, small)
cl.enqueue_copy(q, big, small, byte_count=4 * m, dst_offset=0)
h = np.empty(6 * m, np.float32); cl.enqueue_copy(q, h, big)
w1 = int((h[:m] != np.arange(m, dtype=np.float32)).sum())
# case 2: split launch reads `small`, then big -> small, then a split launch reads it again
k = cl.Kernel(prg, "dbl")
k(q, (m,), None, small, out)
cl.enqueue_copy(q, small, big, byte_count=4 * m, src_offset=4 * m)
k(q, (m,), None, small, out)
o = np.empty(m, np.float32); cl.enqueue_copy(q, o, out)
w2 = int((o != 2 * np.arange(m, 2 * m, dtype=np.float32)).sum())
print("case1 wrong:", w1, " case2 wrong:", w2)
