from _z import *
import time
src = """
__kernel void two(__global float *out, __global const float *in) {
  size_t i = get_global_id(0); out[i] = in[i] * 2.0f + 1.0f;
}
__kernel void halfcp(__global float *a, int h) {
  size_t i = get_global_id(0); a[i + h] = a[i] * 3.0f;
}
__kernel void twoout(__global float *lo, __global float *hi, __global const float *in, int h) {
  size_t i = get_global_id(0); lo[i] = in[i + h]; hi[i + h] = in[i];
}
"""
prg = cl.Program(ctx, src).build()
n = NF
a = filled(n, 23)
def get(b, m=n):
    r = np.empty(m, np.float32); cl.enqueue_copy(queue, r, b); return r
def t_alias():
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    prg.two(queue, (n,), (256,), ab, ab); RES["alias"] = get(ab)
def t_half():
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    prg.halfcp(queue, (n // 2,), (256,), ab, np.int32(n // 2)); RES["half"] = get(ab)
def t_twoout():
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    lo = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    hi = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.float32))
    prg.twoout(queue, (n // 2,), (256,), lo, hi, ib, np.int32(n // 2)); RES["lo"] = get(lo); RES["hi"] = get(hi)
def t_twoout_same():
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    lo = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.float32))
    prg.twoout(queue, (n // 2,), (256,), lo, lo, ib, np.int32(n // 2)); RES["same"] = get(lo)
for nm, f in list(globals().items()):
    if nm.startswith("t_"):
        t0 = time.time(); guard(nm[2:], f); print(nm, "%.1fs" % (time.time() - t0), flush=True)
save()
