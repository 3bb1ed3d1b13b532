from _z import *
src = """
__kernel void pad(__global float *out, __global const float *in, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  out[i] = in[i] * in[i] + (i + 1 < n ? in[i+1] : 0.0f);
}
__kernel void pad2(__global float *out, __global const float *in, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  out[y*w+x] = in[y*w+x] + (y > 0 ? in[(y-1)*w+x] : 0.0f);
}
"""
prg = cl.Program(ctx, src).build()
n = NF - 12345
a = filled(n, 11)
ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
init = np.full(n, 7.0, np.float32)
ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=init)
def r1():
    g = (n + 255) // 256 * 256
    prg.pad(queue, (g,), (256,), ob, ib, np.int32(n)); o = np.empty(n, np.float32); cl.enqueue_copy(queue, o, ob); RES["pad"] = o
def r2():
    w = 1999; h = n // w
    ob2 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=init)
    prg.pad2(queue, ((w+31)//32*32, (h+7)//8*8), (32, 8), ob2, ib, np.int32(w), np.int32(h)); o = np.empty(n, np.float32); cl.enqueue_copy(queue, o, ob2); RES["pad2"] = o
guard("pad", r1); guard("pad2", r2); save()
