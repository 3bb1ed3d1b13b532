import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void heat_step(__global const float *a, __global float *b, int n, float c) {
    int i = get_global_id(0);
    float l = a[i > 0 ? i - 1 : n - 1], r = a[i + 1 < n ? i + 1 : 0];
    b[i] = a[i] + c * (l - 2.0f * a[i] + r);
}
__kernel void gather(__global const int *idx, __global const float *a, __global float *b) {
    int i = get_global_id(0); b[i] = a[idx[i]] * 0.5f + b[i];
}
__kernel void perm_next(__global const int *p, __global int *q2) {
    int i = get_global_id(0); q2[i] = p[p[i]];
}
__kernel void accum(__global const float *a, __global float *acc, int k) {
    int i = get_global_id(0); acc[i] += a[i] * (float)(k + 1);
}
""").build()
n = 200003
rng = np.random.default_rng(99)
h = rng.standard_normal(n).astype(np.float32)
d = [cl.Buffer(ctx, mf.READ_WRITE, h.nbytes) for _ in range(2)]
acc = cl.Buffer(ctx, mf.READ_WRITE, h.nbytes)
cl.enqueue_fill_buffer(q, acc, np.float32(0), 0, h.nbytes)
ev = cl.enqueue_copy(q, d[0], h, is_blocking=False)
ks = cl.Kernel(prg, "heat_step"); ka = cl.Kernel(prg, "accum")
for it in range(24):
    ks(q, (n,), None, d[it % 2], d[(it + 1) % 2], np.int32(n), np.float32(0.2))
    if it % 3 == 0:
        ka(q, (n,), None, d[(it + 1) % 2], acc, np.int32(it))
o = np.empty_like(h); cl.enqueue_copy(q, o, d[0]); res["tol_heat"] = o
cl.enqueue_copy(q, o, acc); res["tol_acc"] = o.copy()
# permutation powers: each launch depends on the previous one's output, 16 times
perm = rng.permutation(n).astype(np.int32)
pb = [cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=perm), cl.Buffer(ctx, mf.READ_WRITE, perm.nbytes)]
kp = cl.Kernel(prg, "perm_next")
for it in range(16):
    kp(q, (n,), None, pb[it % 2], pb[(it + 1) % 2])
pp = np.empty_like(perm); cl.enqueue_copy(q, pp, pb[0]); res["perm_pow"] = pp
# gather through the permutation, chained without finish
gb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
kg = cl.Kernel(prg, "gather")
for it in range(12):
    kg(q, (n,), None, pb[it % 2], d[0], gb)
cl.enqueue_copy(q, o, gb); res["tol_gather"] = o.copy()
# non-blocking writes, host modifies the source after waiting
src = np.arange(n, dtype=np.float32)
dst = cl.Buffer(ctx, mf.READ_WRITE, src.nbytes)
outs = []
for rnd in range(5):
    e = cl.enqueue_copy(q, dst, src, is_blocking=False)
    e.wait()
    src[:] = -1.0  # must not affect what was written
    ks(q, (n,), None, dst, d[1], np.int32(n), np.float32(0.1 * rnd))
    r = np.empty_like(src); cl.enqueue_copy(q, r, d[1]); outs.append(r)
    src[:] = np.arange(n, dtype=np.float32) * (rnd + 2)
res["nb_writes"] = np.stack(outs)
# non-blocking write followed by a launch with no wait on the host at all, then host writes after finish
src2 = np.full(n, 3.0, np.float32)
e = cl.enqueue_copy(q, dst, src2, is_blocking=False)
ks(q, (n,), None, dst, d[0], np.int32(n), np.float32(1.0))
q.finish()
src2[:] = 99.0
cl.enqueue_copy(q, o, d[0]); res["nb_nowait"] = o.copy()
# non-blocking reads of each stage into separate host arrays, one finish at the end
reads = [np.empty(n, np.float32) for _ in range(6)]
for it in range(6):
    ks(q, (n,), None, d[it % 2], d[(it + 1) % 2], np.int32(n), np.float32(0.05))
    cl.enqueue_copy(q, reads[it], d[(it + 1) % 2], is_blocking=False)
q.finish()
res["tol_nb_reads"] = np.stack(reads)
np.savez(sys.argv[1], **res)
print("done", len(res))
