# results are read back and saved by atexit handlers and a weakref.finalize, after the
# main code has ended with work still queued (no finish).
import sys, atexit, weakref
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void acc(__global long *a, long k) { int i = get_global_id(0); a[i] = a[i] * 3 + k * i; }
__kernel void neg(__global long *a) { int i = get_global_id(0); a[i] = -a[i] % 1000003; }
""").build()
n = 200000
mf = cl.mem_flags
A = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(n, np.int64))
B = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int64))
out = sys.argv[1]
saved = {}

class Holder:
    pass
holder = Holder()
holder.buf = B

def on_final(buf):
    h = np.empty(n, np.int64)
    cl.enqueue_copy(q, h, buf)
    saved["final_B"] = h
    print("finalizer ran")

def save_all():
    h = np.empty(n, np.int64)
    cl.enqueue_copy(q, h, A)
    saved["A"] = h
    np.savez(out, **saved)
    print("saved", len(saved))

def early():
    # registered last: runs first
    prg.neg(q, (n,), None, A)
    print("early handler queued neg")

atexit.register(save_all)
weakref.finalize(holder, on_final, B)
atexit.register(early)
for k in range(20):
    prg.acc(q, (n,), None, A, np.int64(k))
    prg.neg(q, (n,), None, B)
print("main done")
