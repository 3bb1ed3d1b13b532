import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void life(__global const uchar *a, __global uchar *b, int W, int H) {
    int x = get_global_id(0), y = get_global_id(1);
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (dx == 0 && dy == 0) continue;
            int xx = (x + dx + W) % W, yy = (y + dy + H) % H;
            n += a[yy * W + xx];
        }
    uchar c = a[y * W + x];
    b[y * W + x] = (n == 3 || (n == 2 && c)) ? 1 : 0;
}
__kernel void popcount_rows(__global const uchar *a, __global int *rows, int W) {
    int y = get_global_id(0); int s = 0;
    for (int x = 0; x < W; x++) s += a[y * W + x];
    rows[y] = s;
}
""").build()
lk = cl.Kernel(prg, "life"); pc = cl.Kernel(prg, "popcount_rows")
W, H = 300, 211
rng = np.random.default_rng(715)
g = (rng.random(W * H) < 0.3).astype(np.uint8)
a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=g)
b = cl.Buffer(ctx, mf.READ_WRITE, W * H)
rows = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * H)
pops = []
for step in range(300):
    lk(q, (W, H), None, a, b, np.int32(W), np.int32(H))
    a, b = b, a
    if step % 20 == 0:
        pc(q, (H,), None, a, rows, np.int32(W))
        hr = np.empty(H, np.int32); cl.enqueue_copy(q, hr, rows); pops.append(hr.sum())
h = np.empty(W * H, np.uint8); cl.enqueue_copy(q, h, a)
res["final"] = h; res["pops"] = np.array(pops)
# a glider on a small torus, checked against a host simulation
Ws = 37
gl = np.zeros((Ws, Ws), np.uint8); gl[1, 2] = gl[2, 3] = gl[3, 1] = gl[3, 2] = gl[3, 3] = 1
sa = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=gl)
sb = cl.Buffer(ctx, mf.READ_WRITE, Ws * Ws)
for step in range(4 * Ws):
    lk(q, (Ws, Ws), None, sa, sb, np.int32(Ws), np.int32(Ws))
    sa, sb = sb, sa
hs = np.empty((Ws, Ws), np.uint8); cl.enqueue_copy(q, hs, sa)
res["glider"] = hs; res["glider_back"] = np.array([np.array_equal(hs, gl)])
np.savez(sys.argv[1], **res)
print("done", len(res))
