import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void cond_write(__global const float *x, __global float *y, float thr) {
    int i = get_global_id(0);
    if (x[i] > thr) y[i] = x[i];
}
__kernel void last_item(__global const int *a, __global int *o) {
    size_t i = get_global_id(0);
    if (i == get_global_size(0) - 1) o[0] = a[i] + (int)get_global_size(0);
    if (i == 0) o[1] = a[0];
    if (i == get_global_size(0) / 2) o[2] = (int)i;
}
__kernel void per_group_first(__global int *o) {
    if (get_local_id(0) == 0) o[get_group_id(0)] = (int)(get_global_id(0) + get_num_groups(0));
}
__kernel void every_kth(__global int *o, int k) {
    int i = get_global_id(0);
    if (i % k == 0) o[i / k] = i;
}
__kernel void tail_writer(__global float *o, int n) {
    /* each item writes its own slot and the item near the end also writes a footer */
    int i = get_global_id(0);
    o[i] = (float)i;
    if (i == n - 1) { o[n] = -1.0f; o[n + 1] = (float)get_global_size(0); }
}
""").build()
rng = np.random.default_rng(732)
n = 500003
x = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32))
y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, 9.0, np.float32))
ck = cl.Kernel(prg, "cond_write")
for thr in [2.5, 1.0, 3.5]:
    ck(q, (n,), None, x, y, np.float32(thr))
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, y); res["cond"] = h
ai = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32) * 3)
o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(4, -5, np.int32))
lk = cl.Kernel(prg, "last_item")
outs = []
for m in [n, 1000, 65536, 3]:
    lk(q, (m,), None, ai, o)
    ho = np.empty(4, np.int32); cl.enqueue_copy(q, ho, o); outs.append(ho)
res["last_item"] = np.stack(outs)
pg = cl.Kernel(prg, "per_group_first")
outs = []
for g, l in [(4096, 64), (1 << 18, 256), (3000, 8)]:
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(g // l, -1, np.int32))
    pg(q, (g,), (l,), ob)
    hh = np.empty(g // l, np.int32); cl.enqueue_copy(q, hh, ob); outs.append(hh)
res["per_group_first"] = np.concatenate(outs)
ek = cl.Kernel(prg, "every_kth")
eb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
for k in [7, 3, 1000]:
    ek(q, (n,), None, eb, np.int32(k))
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, eb); res["every_kth"] = h
tb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n + 2, np.float32))
cl.Kernel(prg, "tail_writer")(q, (n,), None, tb, np.int32(n))
h = np.empty(n + 2, np.float32); cl.enqueue_copy(q, h, tb); res["tail"] = h
np.savez(sys.argv[1], **res)
print("done", len(res))
