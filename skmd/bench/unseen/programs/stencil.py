"""Jacobi iterations of the 2-D Laplace equation: a 5-point stencil between two
buffers, the boundary held fixed, a finish after every sweep."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n, sweeps = pick((256, 40), (2048, 100))
grid = np.zeros((n, n), dtype=np.float32)
grid[0, :] = 1.0  # a hot top edge

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
bufs = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=grid) for _ in range(2)]
prg = cl.Program(ctx, """
__kernel void sweep(__global const float *u, __global float *v, const int n)
{
    int j = get_global_id(0), i = get_global_id(1);
    int k = i * n + j;
    if (i == 0 || j == 0 || i == n - 1 || j == n - 1)
        v[k] = u[k];
    else
        v[k] = 0.25f * (u[k - 1] + u[k + 1] + u[k - n] + u[k + n]);
}
""").build()

for s in range(sweeps):
    with timed("sweep", queue):
        prg.sweep(queue, (n, n), None, bufs[s % 2], bufs[(s + 1) % 2], np.int32(n))

out = np.empty_like(grid)
cl.enqueue_copy(queue, out, bufs[sweeps % 2])
want = grid.copy()
for _ in range(sweeps):
    nxt = want.copy()
    nxt[1:-1, 1:-1] = np.float32(0.25) * (want[1:-1, :-2] + want[1:-1, 2:]
                                          + want[:-2, 1:-1] + want[2:, 1:-1])
    want = nxt
check("u", out, want, rtol=1e-4, atol=1e-6)
print(f"stencil: {n}x{n}, {sweeps} sweeps ok")
