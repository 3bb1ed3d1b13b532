"""C = A B with one work-item per element of C and no local size: the first
matrix product everyone writes."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n, reps = pick((256, 3), (4096, 3))
rng = np.random.default_rng(5)
a = rng.random((n, n), dtype=np.float32)
b = rng.random((n, n), dtype=np.float32)

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
a_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
b_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
c_buf = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)

prg = cl.Program(ctx, """
__kernel void matmul(const int n, __global const float *a, __global const float *b,
                     __global float *c)
{
    int row = get_global_id(1);
    int col = get_global_id(0);
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}
""").build()

for _ in range(reps):
    with timed("matmul", queue):
        prg.matmul(queue, (n, n), None, np.int32(n), a_buf, b_buf, c_buf)

c = np.empty_like(a)
cl.enqueue_copy(queue, c, c_buf)
check("C", c, a @ b, rtol=1e-3, atol=1e-3)
print(f"matmul_naive: {n}x{n}, {reps} launches ok")
