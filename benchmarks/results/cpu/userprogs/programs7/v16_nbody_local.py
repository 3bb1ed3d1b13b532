import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void forces(__global const float4 *pos, __global float4 *acc, __local float4 *tile, int n, float eps2) {
    int i = get_global_id(0), l = get_local_id(0), L = get_local_size(0);
    float4 p = i < n ? pos[i] : (float4)(0.0f);
    float4 a = (float4)(0.0f);
    for (int base = 0; base < n; base += L) {
        int j = base + l;
        tile[l] = j < n ? pos[j] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll 4
        for (int k = 0; k < L; k++) {
            float4 d = tile[k] - p;
            float r2 = d.x * d.x + d.y * d.y + d.z * d.z + eps2;
            float inv = rsqrt(r2);
            a += d * (tile[k].w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) acc[i] = a;
}
__kernel void advance(__global float4 *pos, __global float4 *vel, __global const float4 *acc, float dt) {
    int i = get_global_id(0);
    float4 v = vel[i] + acc[i] * dt; v.w = 0.0f;
    vel[i] = v;
    float4 p = pos[i]; p.xyz += v.xyz * dt;
    pos[i] = p;
}
""").build()
fk = cl.Kernel(prg, "forces"); sk = cl.Kernel(prg, "advance")
n = 3000
L = 64
rng = np.random.default_rng(716)
p = np.zeros((n, 4), np.float32); p[:, :3] = rng.standard_normal((n, 3)); p[:, 3] = rng.random(n) / n
pos = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=p)
vel = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros((n, 4), np.float32))
acc = cl.Buffer(ctx, mf.READ_WRITE, 16 * n)
gsz = (n + L - 1) // L * L
for it in range(10):
    fk(q, (gsz,), (L,), pos, acc, cl.LocalMemory(16 * L), np.int32(n), np.float32(1e-3))
    sk(q, (n,), None, pos, vel, acc, np.float32(0.01))
h = np.empty((n, 4), np.float32); cl.enqueue_copy(q, h, pos); res["pos"] = h
h = np.empty((n, 4), np.float32); cl.enqueue_copy(q, h, vel); res["vel"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
