import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void assign(__global const float *pts, __constant float *cent, __global int *lab, int K, int D) {
    int i = get_global_id(0);
    float best = INFINITY; int bi = 0;
    for (int k = 0; k < K; k++) {
        float d = 0.0f;
        for (int j = 0; j < D; j++) { float t = pts[i * D + j] - cent[k * D + j]; d += t * t; }
        if (d < best) { best = d; bi = k; }
    }
    lab[i] = bi;
}
__kernel void count(__global const int *lab, __global int *cnt) { atomic_inc(&cnt[lab[get_global_id(0)]]); }
""").build()
ak = cl.Kernel(prg, "assign"); ck = cl.Kernel(prg, "count")
rng = np.random.default_rng(717)
K, D, n = 9, 5, 120001
centers_true = rng.standard_normal((K, D)) * 5
pts = (centers_true[rng.integers(0, K, n)] + rng.standard_normal((n, D))).astype(np.float32)
dp = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=pts)
cent = pts[:K].copy()
dc = cl.Buffer(ctx, mf.READ_ONLY, cent.nbytes)
lab = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
cnt = cl.Buffer(ctx, mf.READ_WRITE, 4 * K)
hl = np.empty(n, np.int32); hc = np.empty(K, np.int32)
hist = []
for it in range(15):
    cl.enqueue_copy(q, dc, cent)
    ak(q, (n,), None, dp, dc, lab, np.int32(K), np.int32(D))
    cl.enqueue_fill_buffer(q, cnt, np.int32(0), 0, 4 * K)
    ck(q, (n,), None, lab, cnt)
    cl.enqueue_copy(q, hl, lab); cl.enqueue_copy(q, hc, cnt)
    hist.append(hc.copy())
    for k in range(K):
        sel = pts[hl == k]
        if len(sel): cent[k] = sel.mean(0)
res["labels"] = hl; res["counts"] = np.stack(hist); res["cent"] = cent
np.savez(sys.argv[1], **res)
print("done", len(res))
