"""Heat diffusion with a source that moves and pulses: two kernels per time step, the
source's position and strength passed as scalars that change at every step, a
finish() every 25 steps (a time-step loop as simulations write it).  Each block of
25 steps is timed as one launch."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

nx, ny, steps = pick((259, 131, 400), (1031, 769, 1000))
ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
zero = np.zeros(nx * ny, np.float32)
u = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=zero)
v = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=zero)
prg = cl.Program(ctx, """
__kernel void diffuse(__global const float *u, __global float *v, int nx, int ny, float c)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * nx + x;
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
        v[i] = 0.0f;
    else
        v[i] = u[i] + c * (u[i - 1] + u[i + 1] + u[i - nx] + u[i + nx] - 4.0f * u[i]);
}
__kernel void heat(__global float *u, int nx, int cx, int cy, float power)
{
    int x = cx + get_global_id(0), y = cy + get_global_id(1);
    u[y * nx + x] += power;
}
""").build()
diffuse, heat = prg.diffuse, prg.heat


def source(s):
    """Where the source is at step ``s``, and how strong."""
    cx, cy = nx // 4 + (s * 7) % (nx // 2), ny // 3 + (s * 3) % (ny // 3)
    return cx, cy, 0.5 + 0.25 * np.sin(0.05 * s)


for block in range(steps // 25):
    with timed("25 steps", queue):  # (a finish() after them)
        for s in range(25 * block, 25 * block + 25):
            cx, cy, power = source(s)
            heat(queue, (5, 3), None, u, np.int32(nx), np.int32(cx), np.int32(cy),
                 np.float32(power))
            diffuse(queue, (nx, ny), None, u, v, np.int32(nx), np.int32(ny), np.float32(0.2))
            u, v = v, u

out = np.empty(nx * ny, np.float32)
cl.enqueue_copy(queue, out, u)
want = np.zeros((ny, nx), np.float32)
c = np.float32(0.2)
for s in range(steps):
    cx, cy, power = source(s)
    want[cy:cy + 3, cx:cx + 5] += np.float32(power)
    nxt = np.zeros_like(want)
    nxt[1:-1, 1:-1] = want[1:-1, 1:-1] + c * (want[1:-1, :-2] + want[1:-1, 2:] + want[:-2, 1:-1]
                                              + want[2:, 1:-1] - np.float32(4) * want[1:-1, 1:-1])
    want = nxt
check("u", out.reshape(ny, nx), want, rtol=1e-3, atol=1e-5)
print(f"moving_source: {nx}x{ny}, {steps} steps ok")
