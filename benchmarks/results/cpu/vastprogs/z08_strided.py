from _z import *
src = """
__kernel void evens(__global float *out, __global const float *in) {
  size_t i = get_global_id(0); out[2*i] = in[i] * 0.5f;
}
__kernel void strided(__global float *out, __global const float *in, int stride, int off) {
  size_t i = get_global_id(0); out[i*stride + off] = in[i*stride] + 1.0f;
}
"""
prg = cl.Program(ctx, src).build()
n = NF
a = filled(n, 9)
ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
init = filled(n, 10)
def r1():
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=init)
    prg.evens(queue, (n//2,), (256,), ob, ib); o = np.empty(n, np.float32); cl.enqueue_copy(queue, o, ob); RES["evens"] = o
def r2():
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=init)
    for stride, off in ((3, 1), (7, 5)):
        m = (n - off) // stride // 64 * 64
        prg.strided(queue, (m,), (64,), ob, ib, np.int32(stride), np.int32(off))
    o = np.empty(n, np.float32); cl.enqueue_copy(queue, o, ob); RES["strided"] = o
guard("evens", r1); guard("strided", r2); save()
