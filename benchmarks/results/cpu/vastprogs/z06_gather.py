from _z import *
src = """
__kernel void g(__global float *out, __global const float *src, __global const int *idx) {
  size_t i = get_global_id(0);
  out[i] = src[idx[i]] + 1.0f;
}
"""
prg = cl.Program(ctx, src).build()
n = NF
s = filled(n, 7)
sb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=s)
rng = np.random.default_rng(1)
m = int(os.environ.get("Z_M", n // 8))
cases = {
  "perm_small": rng.permutation(m).astype(np.int32) * 8,      # permutation scattered across whole src
  "random": rng.integers(0, n, m, dtype=np.int32),
  "clustered": ((np.arange(m, dtype=np.int64) * 8 + rng.integers(-500, 500, m)) .clip(0, n - 1)).astype(np.int32),
  "bigidx_perm": None,
}
import time
sel = os.environ.get("Z_CASES")
for k, idx in cases.items():
    if sel and k not in sel.split(","): continue
    t0 = time.time()
    if k == "bigidx_perm":
        # index buffer itself host-backed (n ints), clustered-reversed blocks
        mm = n
        idx = (np.arange(mm, dtype=np.int64) ^ 1023).clip(0, n - 1).astype(np.int32)
    mm = idx.size
    def r():
        ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
        ob = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * mm)
        prg.g(queue, (mm,), (256,), ob, sb, ib); o = np.empty(mm, np.float32); cl.enqueue_copy(queue, o, ob); RES[k] = o
        ob.release(); ib.release()
    guard(k, r); print(k, "%.1fs" % (time.time() - t0), flush=True)
save()
