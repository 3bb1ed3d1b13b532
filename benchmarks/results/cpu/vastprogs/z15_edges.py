from _z import *
import time
src = """
__kernel void rad(__global float *out, __global const float *in, int r, int n) {
  int i = get_global_id(0); float s = 0.0f;
  for (int k = -r; k <= r; k++) { int j = i + k; if (j >= 0 && j < n) s += in[j] * (float)(k + r + 1); }
  out[i] = s;
}
__kernel void same2(__global float *out, __global const float *a, int shift) {
  size_t i = get_global_id(0); out[i] = a[i] - a[i + shift];
}
__kernel void rev(__global float *out, __global const float *in, int n) {
  int i = get_global_id(0); out[n - 1 - i] = in[i] * 3.0f;
}
__kernel void scat(__global float *out, __global const float *in, __global const int *idx) {
  size_t i = get_global_id(0); out[idx[i]] = in[i];
}
__kernel void tall(__global float *out, __global const float *in, int w, int h, int R) {
  int x = get_global_id(0), y = get_global_id(1);
  float up = y >= R ? in[(y - R) * w + x] : 0.0f, dn = y + R < h ? in[(y + R) * w + x] : 0.0f;
  out[y * w + x] = up - dn + in[y * w + x];
}
__kernel void u8(__global uchar *out, __global const uchar *in, int n) {
  int i = get_global_id(0);
  out[i] = (uchar)(in[i] + (i > 0 ? in[i-1] : 0) + (i + 1 < n ? in[i+1] : 0));
}
__kernel void dbl(__global double *out, __global const double *in, long n) {
  long i = get_global_id(0);
  out[i] = in[i] * 0.5 + (i + 3 < n ? in[i+3] : 0.0);
}
__kernel void offs(__global float *out, __global const float *in, int o) {
  size_t i = get_global_id(0); out[i + o] = in[i] + 2.0f;
}
"""
prg = cl.Program(ctx, src).build()
n = NF - 777  # not a multiple of a page
a = filled(n, 21)
ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
o = np.empty(n, np.float32)
def fresh(x=None):
    return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -3.0, np.float32) if x is None else x)
def get(b, m=n, dt=np.float32):
    r = np.empty(m, dt); cl.enqueue_copy(queue, r, b); return r
def t_rad():
    for r in (5, 40):
        ob = fresh(); g = n // 256 * 256
        prg.rad(queue, (g,), (256,), ob, ab, np.int32(r), np.int32(n)); RES[f"rad{r}"] = get(ob)
def t_same2():
    for sh in (3000, 300000):
        ob = fresh(); g = (n - sh) // 128 * 128
        prg.same2(queue, (g,), (128,), ob, ab, np.int32(sh)); RES[f"same{sh}"] = get(ob)
def t_rev():
    ob = fresh(); g = n // 256 * 256
    prg.rev(queue, (g,), (256,), ob, ab, np.int32(n)); RES["rev"] = get(ob)
def t_scat():
    m = n // 4
    idx = np.random.default_rng(3).permutation(n)[:m].astype(np.int32)
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
    ob = fresh(); prg.scat(queue, (m // 256 * 256,), (256,), ob, ab, ib); RES["scat"] = get(ob)
def t_scat_local():
    m = n // 256 * 256
    i = np.arange(m); idx = (i ^ 7).astype(np.int32)  # swaps within groups of 8
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
    ob = fresh(); prg.scat(queue, (m,), (256,), ob, ab, ib); RES["scat_local"] = get(ob)
def t_tall():
    w = 512; h = n // w // 4 * 4
    for R in (1, 16, 200):
        ob = fresh(); prg.tall(queue, (w, h), (64, 4), ob, ab, np.int32(w), np.int32(h), np.int32(R)); RES[f"tall{R}"] = get(ob)
def t_u8():
    m = 4 * n
    x = (np.arange(m, dtype=np.uint32) * 2654435761 >> 24).astype(np.uint8)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x); ob = cl.Buffer(ctx, mf.WRITE_ONLY, m)
    prg.u8(queue, (m // 256 * 256,), (256,), ob, xb, np.int32(m)); RES["u8"] = get(ob, m // 256 * 256, np.uint8)
def t_dbl():
    m = n // 2
    x = a[:m].astype(np.float64)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x); ob = cl.Buffer(ctx, mf.WRITE_ONLY, 8 * m)
    prg.dbl(queue, (m // 64 * 64,), (64,), ob, xb, np.int64(m)); RES["dbl"] = get(ob, m // 64 * 64, np.float64)
def t_offs():
    ob = fresh(); g = (n - 12345) // 256 * 256
    prg.offs(queue, (g,), (256,), ob, ab, np.int32(12345)); RES["offs"] = get(ob)
    ob = fresh(); prg.offs(queue, (g,), (256,), ob, ab, np.int32(12345), global_offset=(1024,)) if False else None
sel = os.environ.get("Z_CASES")
for nm, f in list(globals().items()):
    if nm.startswith("t_") and (not sel or nm[2:] in sel.split(",")):
        t0 = time.time(); guard(nm[2:], f); print(nm, "%.1fs" % (time.time() - t0), flush=True)
save()
