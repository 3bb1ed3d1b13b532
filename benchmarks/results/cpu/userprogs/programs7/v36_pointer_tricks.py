import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
typedef struct { float x, y, z; int tag; } P;
__kernel void cast4(__global float *o) {
    int i = get_global_id(0);
    ((__global float4 *)o)[i] = (float4)(i, i + 0.25f, i + 0.5f, i + 0.75f);
}
__kernel void vst(__global const float *a, __global float *o) {
    int i = get_global_id(0);
    float4 v = vload4(i, a);
    vstore4(v * 2.0f, i, o);
    vstore2((float2)(v.x, v.w), i, o + 4 * get_global_size(0));
}
__kernel void bytes(__global uchar *o) {
    int i = get_global_id(0);
    __global uint *w = (__global uint *)(o + 4 * i);
    *w = 0x01020304u * (uint)(i & 0x3f);
}
__kernel void ptr_walk(__global int *o, int per) {
    __global int *p = o + get_group_id(0) * get_local_size(0) * per + get_local_id(0);
    for (int k = 0; k < per; k++) { *p = k + (int)get_group_id(0); p += get_local_size(0); }
}
__kernel void structs(__global P *ps, float dt) {
    int i = get_global_id(0);
    __global P *p = &ps[i];
    p->x += dt * p->y; p->z = p->x - p->y; p->tag = i * 2;
}
__kernel void rows_ptr(__global float *m, int W) {
    __global float *row = m + get_global_id(0) * W;
    for (int c = 0; c < W; c++) row[c] = row[c] * 0.5f + c;
}
__kernel void shorts_as_ints(__global short *o) {
    int i = get_global_id(0);
    __global int *w = (__global int *)o;
    w[i] = (i << 16) | (i & 0xffff);
}
""").build()
n = 200000
o = cl.Buffer(ctx, mf.READ_WRITE, 16 * n)
cl.Kernel(prg, "cast4")(q, (n,), None, o)
h = np.empty(4 * n, np.float32); cl.enqueue_copy(q, h, o); res["cast4"] = h
a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(4 * n, dtype=np.float32))
o2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(6 * n, np.float32))
cl.Kernel(prg, "vst")(q, (n,), None, a, o2)
h = np.empty(6 * n, np.float32); cl.enqueue_copy(q, h, o2); res["vst"] = h
ob = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "bytes")(q, (n,), None, ob)
h = np.empty(4 * n, np.uint8); cl.enqueue_copy(q, h, ob); res["bytes"] = h
per = 7
ow = cl.Buffer(ctx, mf.READ_WRITE, 4 * 1024 * 64 * per)
cl.Kernel(prg, "ptr_walk")(q, (1024 * 64,), (64,), ow, np.int32(per))
h = np.empty(1024 * 64 * per, np.int32); cl.enqueue_copy(q, h, ow); res["ptr_walk"] = h
pd = np.dtype([("x", np.float32), ("y", np.float32), ("z", np.float32), ("tag", np.int32)])
hp = np.zeros(n, pd); hp["x"] = np.arange(n); hp["y"] = 1.5
ps = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=hp)
for it in range(3):
    cl.Kernel(prg, "structs")(q, (n,), None, ps, np.float32(0.1))
h = np.empty(n, pd); cl.enqueue_copy(q, h, ps); res["structs"] = h.view(np.uint8)
W = 97
m = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(W * 5001, np.float32))
cl.Kernel(prg, "rows_ptr")(q, (5001,), None, m, np.int32(W))
h = np.empty(W * 5001, np.float32); cl.enqueue_copy(q, h, m); res["rows_ptr"] = h
os_ = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cl.Kernel(prg, "shorts_as_ints")(q, (n,), None, os_)
h = np.empty(2 * n, np.int16); cl.enqueue_copy(q, h, os_); res["shorts"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
