import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void lap3(__global const float *u, __global float *v, int NX, int NY, int NZ, float c) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (z * NY + y) * NX + x;
    if (x == 0 || y == 0 || z == 0 || x == NX - 1 || y == NY - 1 || z == NZ - 1) { v[i] = u[i]; return; }
    float s = u[i - 1] + u[i + 1] + u[i - NX] + u[i + NX] + u[i - NX * NY] + u[i + NX * NY] - 6.0f * u[i];
    v[i] = u[i] + c * s;
}
__kernel void interior(__global const double *u, __global double *v, int NX, int NY) {
    /* launched over the interior only, with a global offset of (1,1,1) */
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (z * NY + y) * NX + x;
    v[i] = (u[i - 1] + u[i + 1] + u[i - NX] + u[i + NX] + u[i - NX * NY] + u[i + NX * NY]) / 6.0;
}
__kernel void idx3(__global int *o) {
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;
    o[i] = (int)(x + 100 * y + 10000 * z + get_local_size(0) * 1000000);
}
""").build()
NX, NY, NZ = 61, 47, 53
u0 = np.zeros((NZ, NY, NX), np.float32); u0[20:30, 10:30, 25:40] = 1.0
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=u0)
b = cl.Buffer(ctx, mf.READ_WRITE, u0.nbytes)
k = cl.Kernel(prg, "lap3")
for it in range(80):
    k(q, (NX, NY, NZ), None, a, b, np.int32(NX), np.int32(NY), np.int32(NZ), np.float32(0.1))
    a, b = b, a
h = np.empty_like(u0); cl.enqueue_copy(q, h, a); res["lap3"] = h
d0 = np.random.default_rng(707).random((NZ, NY, NX))
da = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=d0)
db = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=d0)
ki = cl.Kernel(prg, "interior")
for it in range(30):
    ki(q, (NX - 2, NY - 2, NZ - 2), None, da, db, np.int32(NX), np.int32(NY), global_offset=(1, 1, 1))
    da, db = db, da
h = np.empty_like(d0); cl.enqueue_copy(q, h, da); res["interior"] = h
for shape, loc in [((13, 7, 5), None), ((32, 8, 4), (8, 2, 2)), ((9, 1, 31), None), ((1, 1, 97), (1, 1, 1))]:
    o = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * int(np.prod(shape)))
    cl.Kernel(prg, "idx3")(q, shape, loc, o)
    h = np.empty(int(np.prod(shape)), np.int32); cl.enqueue_copy(q, h, o)
    res["idx3_" + "x".join(map(str, shape))] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
