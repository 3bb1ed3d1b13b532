"""Many short kernels, one after another, each waited for: a time-step loop
whose arrays are small."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n, steps = pick((1024, 300), (4096, 2000))
ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
u0 = np.sin(np.linspace(0, 3, n)).astype(np.float32)
u_buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=u0)

prg = cl.Program(ctx, """
__kernel void decay(__global float *u, const float rate)
{
    int i = get_global_id(0);
    u[i] = u[i] * rate + 0.001f;
}
""").build()
knl = cl.Kernel(prg, "decay")

rate = np.float32(0.999)
for _ in range(steps):
    with timed("decay", queue):
        knl(queue, u0.shape, None, u_buf, rate)

u = np.empty_like(u0)
cl.enqueue_copy(queue, u, u_buf)
want = u0.copy()
for _ in range(steps):
    want = want * rate + np.float32(0.001)
check("u", u, want, rtol=1e-3, atol=1e-4)
print(f"tiny_loop: {steps} steps ok")
