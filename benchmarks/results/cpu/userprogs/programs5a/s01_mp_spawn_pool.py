# multiprocessing with 'spawn': worker processes each make their own context and run a
# kernel on a slice; the parent uses OpenCL before and after the pool.
import sys, multiprocessing as mp
import numpy as np
import pyopencl as cl

SRC = """
__kernel void poly(__global const float *x, __global float *y, float a) {
  int i = get_global_id(0); float v = x[i]; y[i] = a * v * v - 3.0f * v + 1.0f; }
__kernel void isq(__global int *a) { int i = get_global_id(0); a[i] = a[i] * a[i] - i; }
"""

def work(args):
    lo, hi, a = args
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SRC).build()
    x = np.linspace(-2, 2, 200000).astype(np.float32)[lo:hi].copy()
    mf = cl.mem_flags
    bx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    by = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
    prg.poly(q, x.shape, None, bx, by, np.float32(a))
    y = np.empty_like(x); cl.enqueue_copy(q, y, by)
    return lo, y

def main():
    out = sys.argv[1]
    res = {}
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, SRC).build()
    a = np.arange(300000, dtype=np.int32) % 4000
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    prg.isq(q, a.shape, None, buf)
    r = np.empty_like(a); cl.enqueue_copy(q, r, buf); res["before"] = r
    spawn = mp.get_context("spawn")
    chunks = [(i * 50000, (i + 1) * 50000, 0.5 + i) for i in range(4)]
    with spawn.Pool(2) as pool:
        parts = pool.map(work, chunks)
    parts.sort()
    res["pool"] = np.concatenate([p for _, p in parts])
    # after the pool: the parent's context is still good
    prg.isq(q, a.shape, None, buf)
    cl.enqueue_copy(q, r, buf); res["after"] = r
    # a single spawned Process with a Queue
    qq = spawn.Queue()
    p = spawn.Process(target=child_q, args=(qq,))
    p.start(); got = qq.get(timeout=60); p.join(60)
    res["proc"] = got; res["exitcode"] = np.array([p.exitcode])
    np.savez(out, **res)
    print("done", len(parts))

def child_q(qq):
    lo, y = work((7, 1007, 2.0))
    qq.put(y)

if __name__ == "__main__":
    main()
