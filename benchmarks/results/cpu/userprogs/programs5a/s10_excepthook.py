# a program that installs its own sys.excepthook (a logging-style one-line report) and
# dies from an OpenCL error it did not catch; also a threading.excepthook for a thread.
import sys, threading
import numpy as np
import pyopencl as cl

def hook(t, v, tb):
    n = 0
    while tb is not None:
        n += 1; tb = tb.tb_next
    print(f"FATAL {t.__name__}: {str(v).splitlines()[0][:80]} ({n} frames)", file=sys.stderr)
sys.excepthook = hook
def thook(a):
    print(f"THREAD {a.thread.name} {a.exc_type.__name__}: {a.exc_value}", file=sys.stderr)
threading.excepthook = thook

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global float *a) { int i = get_global_id(0); a[i] = sqrt((float)i); }").build()
n = 100000
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
prg.k(q, (n,), None, buf)
h = np.empty(n, np.float32); cl.enqueue_copy(q, h, buf)
np.savez(sys.argv[1], h=h)
def worker():
    raise KeyError("in thread")
t = threading.Thread(target=worker, name="w1"); t.start(); t.join()
print("launching with a bad local size")
sys.stdout.flush()
prg.k(q, (n,), (7,), buf)   # 100000 % 7 != 0: INVALID_WORK_GROUP_SIZE, uncaught
q.finish()
