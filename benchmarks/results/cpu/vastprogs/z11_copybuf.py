from _z import *
src = """
__kernel void inc(__global float *a) { size_t i = get_global_id(0); a[i] += 1.0f; }
"""
prg = cl.Program(ctx, src).build()
n = NF
a = filled(n, 14)
ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
bb = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=filled(n, 15))
def r():
    prg.inc(queue, (n,), (256,), ab)
    cl.enqueue_copy(queue, bb, ab, byte_count=4 * (n // 2), src_offset=4 * 1000, dst_offset=4 * (n // 3))
    cl.enqueue_copy(queue, bb, ab, byte_count=4 * 123457, src_offset=4 * (n - 123457), dst_offset=4)
    prg.inc(queue, (n,), (64,), bb)
    cl.enqueue_copy(queue, ab, bb)  # whole copy
    prg.inc(queue, (n,), (256,), ab)
    o = np.empty(n, np.float32); cl.enqueue_copy(queue, o, ab); RES["a"] = o
    o2 = np.empty(n, np.float32); cl.enqueue_copy(queue, o2, bb); RES["b"] = o2
    # copy within the same buffer (non-overlapping)
    cl.enqueue_copy(queue, ab, ab, byte_count=4 * (n // 4), src_offset=0, dst_offset=4 * (n // 2 + 11))
    o3 = np.empty(n, np.float32); cl.enqueue_copy(queue, o3, ab); RES["a2"] = o3
guard("r", r); save()
