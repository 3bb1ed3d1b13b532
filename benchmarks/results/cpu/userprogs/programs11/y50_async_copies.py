import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
rng = np.random.default_rng(1150)


def buf(h):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)


def get(b, like):
    r = np.empty_like(like)
    cl.enqueue_copy(q, r, b)
    return r

# async_work_group_copy and its strided form between local tiles and global memory
src = """
__kernel void init(__global float *o, float v) { o[get_global_size(0) - 1 - get_global_id(0)] = v; }
__kernel void tile_scale(__global const float *a, __global float *o, float s) {
    __local float t[64];
    int g = get_group_id(0);
    event_t e = async_work_group_copy(t, a + g * 64, 64, 0);
    wait_group_events(1, &e);
    int l = get_local_id(0);
    t[l] *= s;
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_copy(o + g * 64, t, 64, 0);
    wait_group_events(1, &e);
}
__kernel void strided_out(__global const float *a, __global float *o, int w) {
    __local float t[32];
    int g = get_group_id(0), l = get_local_id(0);
    t[l] = a[get_global_id(0)] + 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_strided_copy(o + g, t, 32, w, 0);   /* a column of o */
    wait_group_events(1, &e);
}
"""
prg = cl.Program(ctx, src).build()
n = 1 << 16
a = rng.standard_normal(n).astype(np.float32)
def fresh(m, v):
    o = cl.Buffer(ctx, mf.READ_WRITE, 4 * m)
    prg.init(q, (m,), None, o, np.float32(v))
    return o
o = fresh(n, -1); prg.tile_scale(q, (n,), (64,), buf(a), o, np.float32(2)); res["tile"] = get(o, a)
w = n // 32
o = fresh(n, -1); prg.strided_out(q, (n,), (32,), buf(a), o, np.int32(w)); res["strided"] = get(o, a)
np.savez(sys.argv[1], **res)
print("done", len(res))
