import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}

# label propagation until no label changes: one kernel resets a flag, the next sets it
prg = cl.Program(ctx, """
__kernel void reset_flag(__global int *flag) { flag[0] = 0; }
__kernel void propagate(__global const int *rowptr, __global const int *col,
                        __global const int *lin, __global int *lout, __global int *flag,
                        int n) {
    int i = get_global_id(0);
    if (i >= n) return;
    int m = lin[i];
    for (int e = rowptr[i]; e < rowptr[i + 1]; e++) m = min(m, lin[col[e]]);
    lout[i] = m;
    if (m != lin[i]) flag[0] = 1;
}
__kernel void count_changed(__global const int *a, __global const int *b,
                            __global int *cnt) {
    int i = get_global_id(0);
    if (a[i] != b[i]) atomic_inc(cnt);
}
""").build()
rng = np.random.default_rng(804)
n = 20000
# a graph of a few chains
perm = rng.permutation(n)
edges = set()
for k in range(n - 1):
    if k % 2500 != 2499:
        a, b = perm[k], perm[k + 1]; edges.add((a, b)); edges.add((b, a))
for _ in range(3000):
    a, b = rng.integers(0, n, 2)
    if (perm.tolist().index(a) // 2500) == (perm.tolist().index(b) // 2500) if False else a % 7 == b % 7:
        edges.add((a, b)); edges.add((b, a))
edges = sorted(edges)
rowptr = np.zeros(n + 1, np.int32)
for a, b in edges: rowptr[a + 1] += 1
rowptr = np.cumsum(rowptr).astype(np.int32)
col = np.array([b for a, b in edges], np.int32)
rp = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rowptr)
cb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=col)
la = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
lb = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
flag = cl.Buffer(ctx, mf.READ_WRITE, 4)
cnt = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.int32))
it = 0
changed = []
while True:
    prg.reset_flag(q, (1,), None, flag)
    prg.propagate(q, (n + 96,), None, rp, cb, la, lb, flag, np.int32(n))
    prg.count_changed(q, (n,), None, la, lb, cnt)
    f = np.empty(1, np.int32); cl.enqueue_copy(q, f, flag)
    la, lb = lb, la
    it += 1
    c = np.empty(1, np.int32); cl.enqueue_copy(q, c, cnt); changed.append(c[0])
    if f[0] == 0 or it > 3000:
        break
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, la)
res["labels"] = h; res["iters"] = np.array([it]); res["changed"] = np.array(changed)
np.savez(sys.argv[1], **res)
print("done", it, len(np.unique(h)))
