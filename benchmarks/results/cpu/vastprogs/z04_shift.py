from _z import *
src = """
__kernel void sh(__global float *out, __global const float *a, __global const float *b, int shift) {
  int i = get_global_id(0);
  out[i] = a[i] + b[i + shift];
}
"""
prg = cl.Program(ctx, src).build()
n = NF
a = filled(n, 4); b = filled(n, 5)
ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
for shift in (0, 1000, n // 3, n // 2 - 7):
    m = n - shift - (n - shift) % 256 if shift else n
    m = min(m, n // 2) if shift > n // 4 else m
    ob = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
    def r():
        prg.sh(queue, (m,), (256,), ob, ab, bb, np.int32(shift)); o = np.empty(m, np.float32); cl.enqueue_copy(queue, o, ob); RES[f"s{shift}"] = o
    guard(f"s{shift}", r)
save()
