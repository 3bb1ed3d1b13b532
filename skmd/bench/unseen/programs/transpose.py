"""Transpose a matrix with one work-item per element, several times."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

rows, cols, reps = pick((512, 384, 5), (8192, 6144, 5))
a = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols)

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
a_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
t_buf = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
prg = cl.Program(ctx, """
__kernel void transpose(__global const float *a, __global float *t, int rows, int cols)
{
    int c = get_global_id(0), r = get_global_id(1);
    t[c * rows + r] = a[r * cols + c];
}
""").build()

for _ in range(reps):
    with timed("transpose", queue):
        prg.transpose(queue, (cols, rows), None, a_buf, t_buf, np.int32(rows),
                      np.int32(cols))

t = np.empty((cols, rows), dtype=np.float32)
cl.enqueue_copy(queue, t, t_buf)
check("a.T", t, a.T, rtol=0, atol=0)
print(f"transpose: {rows}x{cols} ok")
