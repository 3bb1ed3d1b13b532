import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
res = {}
prg = cl.Program(ctx, """
__kernel void stage1(__global const float *in, __global float *mid) { int i = get_global_id(0); mid[i] = in[i] * in[i]; }
__kernel void stage2(__global const float *mid, __global float *out, int n) {
    int i = get_global_id(0);
    out[i] = mid[i] + (i + 1 < n ? mid[i + 1] : 0.0f);
}
__kernel void rowsum(__global const float *m, __global float *s, int W) {
    int r = get_global_id(0); float t = 0.0f;
    for (int c = 0; c < W; c++) t += m[r * W + c];
    s[r] = t;
}
""").build()
s1 = cl.Kernel(prg, "stage1"); s2 = cl.Kernel(prg, "stage2"); rs = cl.Kernel(prg, "rowsum")
rng = np.random.default_rng(729)
n = 900001
inp = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.standard_normal(n).astype(np.float32))
mid = cl.Buffer(ctx, mf.READ_WRITE, 4 * n); out = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
s1(q, (n,), None, inp, mid)
s2(q, (n,), None, mid, out, np.int32(n))
# read back only pieces, at offsets that fall in different thirds of the range
pieces = []
for off, cnt in [(0, 10), (299990, 20), (300000, 1), (599999, 3), (n - 5, 5), (450000, 100000)]:
    p = np.empty(cnt, np.float32)
    cl.enqueue_copy(q, p, out, src_offset=4 * off)
    pieces.append(p)
res["pieces"] = np.concatenate(pieces)
# non-blocking partial reads of mid and out interleaved with a further launch
pa = np.empty(1000, np.float32); pb = np.empty(1000, np.float32)
e1 = cl.enqueue_copy(q, pa, mid, src_offset=4 * 600500, is_blocking=False)
s1(q, (n,), None, out, mid)
e2 = cl.enqueue_copy(q, pb, mid, src_offset=4 * 600500, is_blocking=False)
cl.wait_for_events([e1, e2])
res["before_after"] = np.stack([pa, pb])
# matrix rows: read a band of the row sums and a band of the matrix itself
W, H = 256, 3001
mat = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=rng.random(W * H).astype(np.float32))
sums = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * H)
rs(q, (H,), None, mat, sums, np.int32(W))
band = np.empty(500, np.float32); cl.enqueue_copy(q, band, sums, src_offset=4 * 1000)
res["band"] = band
# buffer-to-buffer partial copy of a launch's output, then read the destination
dst = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(5000, -1, np.float32))
cl.enqueue_copy(q, dst, sums, byte_count=4 * 2000, src_offset=4 * 1001, dst_offset=4 * 999)
hd = np.empty(5000, np.float32); cl.enqueue_copy(q, hd, dst); res["dst"] = hd
np.savez(sys.argv[1], **res)
print("done", len(res))
