import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

# a counter reset by one kernel, bumped by the next, read as a size by the third
prg = cl.Program(ctx, """
__kernel void reset(__global int *c) { c[0] = 0; c[1] = 0; }
__kernel void count(__global const float *x, __global int *c, float t) {
    if (x[get_global_id(0)] > t) atomic_inc(&c[0]);
    else atomic_add(&c[1], 2);
}
__kernel void use_count(__global const int *c, __global float *o) {
    int i = get_global_id(0);
    int k = c[0];
    float acc = 0.0f;
    for (int j = 0; j < k % 50; j++) acc += (float)(i + j);
    o[i] = acc + (float)c[1];
}
__kernel void bump_from(__global int *c, __global const int *src) {
    /* reads one counter plainly, bumps another atomically */
    int i = get_global_id(0);
    if (i < src[0] % 1000) atomic_inc(&c[0]);
}
""").build()
rng = np.random.default_rng(829)
n = 1 << 18
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32))
c = cl.Buffer(ctx, mf.READ_WRITE, 8)
c2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2, np.int32))
o = cl.Buffer(ctx, mf.READ_WRITE, 4 * 4096)
outs = []
for t in [0.0, 1.0, -0.5, 2.5]:
    prg.reset(q, (1,), None, c)
    prg.count(q, (n,), None, x, c, np.float32(t))
    prg.use_count(q, (4096,), None, c, o)
    prg.bump_from(q, (1024,), (64,), c2, c)
    h = np.empty(4096, np.float32); cl.enqueue_copy(q, h, o); outs.append(h)
    hc = np.empty(2, np.int32); cl.enqueue_copy(q, hc, c); outs.append(hc.astype(np.float32))
res["outs"] = np.concatenate(outs)
h = np.empty(2, np.int32); cl.enqueue_copy(q, h, c2); res["c2"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
