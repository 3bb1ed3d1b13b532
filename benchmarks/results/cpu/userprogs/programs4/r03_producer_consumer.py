import sys, threading, queue as pyq
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void proc(__global const float *in, __global float *out, int k) {
  int i = get_global_id(0); out[i] = sin(in[i]) * (float)k + in[i];
}""").build()
n = 40000
nb = 12
pq = cl.CommandQueue(ctx); cq = cl.CommandQueue(ctx)
bufs_in = [cl.Buffer(ctx, mf.READ_ONLY, n * 4) for _ in range(nb)]
bufs_out = [cl.Buffer(ctx, mf.WRITE_ONLY, n * 4) for _ in range(nb)]
chan = pyq.Queue()
def producer():
    for j in range(nb):
        h = (np.arange(n, dtype=np.float32) * 0.001 + j).astype(np.float32)
        ev = cl.enqueue_copy(pq, bufs_in[j], h, is_blocking=False)
        chan.put((j, ev, h))
    chan.put(None)
res = {}
def consumer():
    k = cl.Kernel(prg, "proc")
    while True:
        item = chan.get()
        if item is None: break
        j, ev, h = item
        k.set_args(bufs_in[j], bufs_out[j], np.int32(j + 1))
        kev = cl.enqueue_nd_range_kernel(cq, k, (n,), None, wait_for=[ev])
        o = np.empty(n, np.float32)
        cl.enqueue_copy(cq, o, bufs_out[j], wait_for=[kev])
        res[f"o{j}"] = o
tp = threading.Thread(target=producer); tc = threading.Thread(target=consumer)
tc.start(); tp.start(); tp.join(); tc.join()
cq.finish(); pq.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
