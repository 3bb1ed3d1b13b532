import sys
import numpy as np
import pyopencl as cl
import pyopencl.tools as cltools
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
dev = ctx.devices[0]
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
body = np.dtype([("pos", np.float64, 3), ("mass", np.float64), ("vel", np.float64, 3), ("id", np.int32), ("pad", np.int32)])
body, body_c = cltools.match_dtype_to_c_struct(dev, "body_t", body)
body = cltools.get_or_register_dtype("body_t", body)
src = body_c + """
__kernel void forces(__global const body_t *b, __global double *acc, int n, double eps2) {
    int i = get_global_id(0);
    if (i >= n) return;
    double ax = 0, ay = 0, az = 0;
    for (int j = 0; j < n; j++) {
        double dx = b[j].pos[0] - b[i].pos[0], dy = b[j].pos[1] - b[i].pos[1], dz = b[j].pos[2] - b[i].pos[2];
        double r2 = dx*dx + dy*dy + dz*dz + eps2, inv = rsqrt(r2), s = b[j].mass * inv * inv * inv;
        ax += dx * s; ay += dy * s; az += dz * s;
    }
    acc[3*i] = ax; acc[3*i+1] = ay; acc[3*i+2] = az;
}
__kernel void kick(__global body_t *b, __global const double *acc, double dt, int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    for (int d = 0; d < 3; d++) { b[i].vel[d] += dt * acc[3*i+d]; b[i].pos[d] += dt * b[i].vel[d]; }
    b[i].id += 1;
}
"""
prg = cl.Program(ctx, src).build()
rng = np.random.default_rng(2222)
n = 1021
h = np.zeros(n, body)
h["pos"] = rng.standard_normal((n, 3)); h["mass"] = rng.random(n) + 0.5; h["vel"] = 0.01 * rng.standard_normal((n, 3)); h["id"] = np.arange(n)
db = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
da = cl.Buffer(ctx, mf.READ_WRITE, 8 * 3 * n)
kf = cl.Kernel(prg, "forces"); kk = cl.Kernel(prg, "kick")
for step in range(10):
    kf(q, (n + 3,), None, db, da, np.int32(n), np.float64(1e-3))
    kk(q, (n,), None, db, da, np.float64(1e-3), np.int32(n))
out = np.empty_like(h); cl.enqueue_copy(q, out, db)
res["bodies"] = out.view(np.uint8)
res["pos"] = out["pos"]; res["ids"] = out["id"]
# struct arrays through pyopencl.array
arr = cla.to_device(q, out)
res["arr_roundtrip"] = arr.get().view(np.uint8)
res["itemsize"] = np.array(body.itemsize)
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
