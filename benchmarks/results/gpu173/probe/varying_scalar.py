"""A heat loop whose source kernel gets new scalars at every step (its position and
strength), a finish() every 25 steps: ``python varying_scalar.py dv|d STEPS`` (``v``:
the source's scalars vary; ``d``: diffusion too).  Prints the loop's seconds."""
import sys, time, numpy as np, pyopencl as cl
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void diffuse(__global const float *u, __global float *v, int nx, int ny, float c) {
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * nx + x;
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) { v[i] = 0.0f; return; }
    v[i] = u[i] + c * (u[i-1] + u[i+1] + u[i-nx] + u[i+nx] - 4.0f * u[i]);
}
__kernel void addsrc(__global float *u, int nx, int cx, int cy, float amp) {
    int x = get_global_id(0) + cx, y = get_global_id(1) + cy;
    u[y * nx + x] += amp;
}""").build()
dk, sk = prg.diffuse, prg.addsrc
MODE = sys.argv[1]; N = int(sys.argv[2])
nx, ny = 1031, 769
u = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * nx * ny); v = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * nx * ny)
cl.enqueue_fill_buffer(q, u, np.float32(0), 0, 4 * nx * ny)
t0 = time.time()
for s in range(N):
    if "v" in MODE:
        sk(q, (9, 7), None, u, np.int32(nx), np.int32(500 + s % 20), np.int32(380), np.float32(0.5 + 0.01 * s))
    else:
        sk(q, (9, 7), None, u, np.int32(nx), np.int32(500), np.int32(380), np.float32(0.5))
    if "d" in MODE:
        dk(q, (nx, ny), None, u, v, np.int32(nx), np.int32(ny), np.float32(0.2))
        u, v = v, u
    if s % 25 == 0: q.finish()
q.finish()
print(MODE, "loop %.3f s" % (time.time() - t0))
