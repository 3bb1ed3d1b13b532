import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void init_labels(__global const uchar *img, __global int *lab, int W) {
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * W + x;
    lab[i] = img[i] ? i : -1;
}
/* min-label propagation; writes only lower labels, so any interleaving converges to the same fixpoint */
__kernel void propagate(__global const uchar *img, __global int *lab, __global int *changed, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * W + x;
    if (!img[i]) return;
    int m = lab[i];
    if (x > 0 && img[i-1]) m = min(m, lab[i-1]);
    if (x + 1 < W && img[i+1]) m = min(m, lab[i+1]);
    if (y > 0 && img[i-W]) m = min(m, lab[i-W]);
    if (y + 1 < H && img[i+W]) m = min(m, lab[i+W]);
    if (m < lab[i]) { atomic_min(&lab[i], m); *changed = 1; }
}
__kernel void count_roots(__global const int *lab, __global int *n, int N) {
    int i = get_global_id(0);
    if (i < N && lab[i] == i) atomic_inc(n);
}
__kernel void bellman(__global const int *src, __global const int *dst, __global const int *w,
                      __global int *dist, __global int *changed) {
    int e = get_global_id(0);
    int du = dist[src[e]];
    if (du != 0x3fffffff) {
        int nd = du + w[e];
        int old = atomic_min(&dist[dst[e]], nd);
        if (nd < old) *changed = 1;
    }
}
""").build()
rng = np.random.default_rng(1313)
W, H = 701, 353
img = (rng.random((H, W)) < 0.58).astype(np.uint8)
dimg = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=img)
dlab = cl.Buffer(ctx, mf.READ_WRITE, W * H * 4)
dchg = cl.Buffer(ctx, mf.READ_WRITE, 4)
cl.Kernel(prg, "init_labels")(q, (W, H), None, dimg, dlab, np.int32(W))
kp = cl.Kernel(prg, "propagate")
kp.set_args(dimg, dlab, dchg, np.int32(W), np.int32(H))
flag = np.zeros(1, np.int32)
it = 0
while True:
    cl.enqueue_fill_buffer(q, dchg, np.int32(0), 0, 4)
    for _ in range(4):
        cl.enqueue_nd_range_kernel(q, kp, (W, H), None)
    cl.enqueue_copy(q, flag, dchg)
    it += 1
    if flag[0] == 0 or it > 2000:
        break
lab = np.empty((H, W), np.int32); cl.enqueue_copy(q, lab, dlab); res["labels"] = lab
dn = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
cl.Kernel(prg, "count_roots")(q, (W * H + 13,), None, dlab, dn, np.int32(W * H))
nr = np.empty(1, np.int32); cl.enqueue_copy(q, nr, dn); res["nroots"] = nr
res["converged"] = np.array(flag[0] == 0)
print("components", int(nr[0]))
# Bellman-Ford on a random graph; shortest distances are unique
V, E = 20000, 120000
src = rng.integers(0, V, E).astype(np.int32); dst = rng.integers(0, V, E).astype(np.int32)
w = rng.integers(1, 100, E).astype(np.int32)
dist = np.full(V, 0x3fffffff, np.int32); dist[0] = 0
bufs = [cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x) for x in (src, dst, w)]
dd = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=dist)
kb = cl.Kernel(prg, "bellman")
rounds = 0
while True:
    cl.enqueue_copy(q, dchg, np.zeros(1, np.int32))
    kb(q, (E,), None, bufs[0], bufs[1], bufs[2], dd, dchg)
    cl.enqueue_copy(q, flag, dchg)
    rounds += 1
    if flag[0] == 0 or rounds > V:
        break
cl.enqueue_copy(q, dist, dd); res["dist"] = dist
np.savez(sys.argv[1], **res)
print("done", int((dist < 0x3fffffff).sum()))
