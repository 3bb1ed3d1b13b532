# parent uses OpenCL, then forks children (multiprocessing 'fork') that only do numpy
# on data the parent read back; results come back through a Pool and a Pipe.
import sys, os, multiprocessing as mp
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void gen(__global uint *a, uint seed) { uint i = get_global_id(0);
  uint x = i * 2654435761u + seed; x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15; a[i] = x; }
__kernel void mixk(__global uint *a, __global const uint *b) { int i = get_global_id(0); a[i] ^= b[i] >> 3; }
""").build()
n = 400000
mf = cl.mem_flags
A = cl.Buffer(ctx, mf.READ_WRITE, n * 4); B = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
prg.gen(q, (n,), None, A, np.uint32(1)); prg.gen(q, (n,), None, B, np.uint32(99))
prg.mixk(q, (n,), None, A, B)
host = np.empty(n, np.uint32); cl.enqueue_copy(q, host, A)
# leave more work queued while forking
prg.mixk(q, (n,), None, B, A)

def stats(k):
    part = host[k::4]
    return k, int(part.sum(dtype=np.uint64) % (1 << 62)), np.bincount(part % 97, minlength=97)

def piped(conn):
    conn.send(np.sort(host[:5000]))
    conn.close()

res = {}
fork = mp.get_context("fork")
with fork.Pool(2) as pool:
    out = pool.map(stats, range(4))
res["sums"] = np.array([s for _, s, _ in out], np.uint64)
res["hists"] = np.stack([h for _, _, h in out])
a, b = fork.Pipe()
p = fork.Process(target=piped, args=(b,)); p.start()
res["sorted"] = a.recv(); p.join()
res["exitcode"] = np.array([p.exitcode])
# plain os.fork child that exits with os._exit
pid = os.fork()
if pid == 0:
    os._exit(int(host[0] % 7) + 10)
_, st = os.waitpid(pid, 0)
res["fork_status"] = np.array([os.waitstatus_to_exitcode(st)])
h2 = np.empty(n, np.uint32); cl.enqueue_copy(q, h2, B); res["B"] = h2
prg.mixk(q, (n,), None, A, B)
cl.enqueue_copy(q, h2, A); res["A"] = h2
np.savez(sys.argv[1], **res)
print("done", res["fork_status"][0])
