from _z import *
src = """
__kernel void total(__global float *out, __global const float *big, long n) {
  float s = 0.0f; for (long j = 0; j < n; j++) s += big[j];
  out[get_global_id(0)] = s;
}
__kernel void lastfirst(__global float *out, __global const float *big, long n) {
  size_t i = get_global_id(0);
  out[i] = big[i] + big[n - 1 - i];   /* each group reads two far-apart ranges */
}
"""
prg = cl.Program(ctx, src).build()
n = NF
big = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=filled(n, 18))
def r1():
    out = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * 256)
    prg.total(queue, (256,), (64,), out, big, np.int64(n)); o = np.empty(256, np.float32); cl.enqueue_copy(queue, o, out); RES["total"] = o
def r2():
    out = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * n)
    prg.lastfirst(queue, (n,), (256,), out, big, np.int64(n)); o = np.empty(n, np.float32); cl.enqueue_copy(queue, o, out); RES["lastfirst"] = o
guard("total", r1); guard("lastfirst", r2); save()
