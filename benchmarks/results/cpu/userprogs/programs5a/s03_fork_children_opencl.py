# a program that forks worker processes (multiprocessing 'fork', Linux's default in
# 3.11) *before* it touches OpenCL itself; each worker makes its own context.
# A guard turns a stuck worker into an error message instead of a hang.
import sys, multiprocessing as mp
import numpy as np

def work(k):
    import pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, "__kernel void f(__global int *a, int k) { int i = get_global_id(0); a[i] = (i * k) % 1013; }").build()
    n = 100000
    b = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, n * 4)
    prg.f(q, (n,), None, b, np.int32(k + 3))
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, b)
    return k, h

if __name__ == "__main__":
    import pyopencl as cl   # imported, but no OpenCL call yet
    res = {}
    fork = mp.get_context("fork")
    pool = fork.Pool(2)
    ar = pool.map_async(work, range(3))
    try:
        out = ar.get(timeout=40)
        pool.close(); pool.join()
        for k, h in out:
            res[f"w{k}"] = h
        print("workers ok")
    except mp.TimeoutError:
        pool.terminate(); pool.join()
        print("workers timed out")
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, "__kernel void g(__global int *a) { int i = get_global_id(0); a[i] = i ^ 0x55; }").build()
    b = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, 4 * 200000)
    prg.g(q, (200000,), None, b)
    h = np.empty(200000, np.int32); cl.enqueue_copy(q, h, b); res["parent"] = h
    np.savez(sys.argv[1], **res)
    print("done")
