"""A few time steps of all-pairs gravity: one kernel computes every body's new
velocity and position, the buffers swap between steps."""
import numpy as np
import pyopencl as cl

from launchlog import check, pick, timed

n, steps = pick((1024, 4), (8192, 3))
dt, eps2 = np.float32(0.01), np.float32(0.05)
rng = np.random.default_rng(8)
pos0 = np.zeros((n, 4), dtype=np.float32)
pos0[:, :3] = rng.standard_normal((n, 3))
pos0[:, 3] = rng.random(n) / n  # mass
vel0 = np.zeros((n, 4), dtype=np.float32)

ctx = cl.create_some_context()
queue = cl.CommandQueue(ctx)
mf = cl.mem_flags
pos = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=pos0) for _ in range(2)]
vel = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=vel0) for _ in range(2)]
prg = cl.Program(ctx, """
__kernel void advance(__global const float4 *p, __global const float4 *v,
                   __global float4 *p_new, __global float4 *v_new,
                   const int n, const float dt, const float eps2)
{
    int i = get_global_id(0);
    float4 me = p[i];
    float3 acc = (float3)(0.0f);
    for (int j = 0; j < n; ++j) {
        float4 o = p[j];
        float3 d = o.xyz - me.xyz;
        float r2 = dot(d, d) + eps2;
        acc += o.w * d / (r2 * sqrt(r2));
    }
    float4 vn = v[i] + (float4)(dt * acc, 0.0f);
    v_new[i] = vn;
    p_new[i] = (float4)(me.xyz + dt * vn.xyz, me.w);
}
""").build()

for s in range(steps):
    a, b = s % 2, (s + 1) % 2
    with timed("advance", queue):
        prg.advance(queue, (n,), None, pos[a], vel[a], pos[b], vel[b], np.int32(n), dt, eps2)

got = np.empty_like(pos0)
cl.enqueue_copy(queue, got, pos[steps % 2])

p, v = pos0.astype(np.float64), vel0.astype(np.float64)
for _ in range(steps):
    acc = np.zeros((n, 3))
    for lo in range(0, n, 1024):  # rows in chunks: n*n at once would not fit in memory
        d = p[None, :, :3] - p[lo:lo + 1024, None, :3]
        r2 = (d * d).sum(-1) + eps2
        acc[lo:lo + 1024] = (p[None, :, 3, None] * d / (r2 * np.sqrt(r2))[..., None]).sum(1)
    v = v.copy()
    v[:, :3] += dt * acc
    p = p.copy()
    p[:, :3] += dt * v[:, :3]
check("positions", got, p, rtol=1e-3, atol=1e-4)
print(f"nbody: {n} bodies, {steps} steps ok")
