# KeyboardInterrupt while launching in a loop: first from os.kill(SIGINT) at a fixed
# iteration, then from an interval timer whose handler raises KeyboardInterrupt at
# whatever point the main thread is; both caught, then the program goes on.
import sys, os, signal, time
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, """
__kernel void setk(__global int *a, int k) { int i = get_global_id(0); a[i] = i * 3 + k; }
__kernel void add(__global int *a, __global const int *b) { int i = get_global_id(0); a[i] += b[i]; }
""").build()
n = 200000
mf = cl.mem_flags
A = cl.Buffer(ctx, mf.READ_WRITE, n * 4); B = cl.Buffer(ctx, mf.READ_WRITE, n * 4)
res = {}
done = 0
try:
    for it in range(100):
        prg.setk(q, (n,), None, A, np.int32(it))
        done += 1
        if it == 37:
            os.kill(os.getpid(), signal.SIGINT)
except KeyboardInterrupt:
    print("interrupted at", done)
q.finish()
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, A); res["after_kill"] = h

def on_alarm(sig, frm):
    raise KeyboardInterrupt
signal.signal(signal.SIGALRM, on_alarm)
hits = 0
for rep in range(6):
    signal.setitimer(signal.ITIMER_REAL, 0.003 + 0.004 * rep)
    try:
        t0 = time.time()
        while time.time() - t0 < 2.0:   # idempotent launches: any stopping point gives the same bytes
            prg.setk(q, (n,), None, A, np.int32(5))
            prg.setk(q, (n,), None, B, np.int32(7))
        signal.setitimer(signal.ITIMER_REAL, 0)
    except KeyboardInterrupt:
        hits += 1
signal.setitimer(signal.ITIMER_REAL, 0)
signal.signal(signal.SIGALRM, signal.SIG_DFL)
print("alarm interrupts", hits)
q.finish()
prg.setk(q, (n,), None, A, np.int32(5)); prg.setk(q, (n,), None, B, np.int32(7))
prg.add(q, (n,), None, A, B)
cl.enqueue_copy(q, h, A); res["after_alarm"] = h
# interrupt while waiting on a blocking read
signal.signal(signal.SIGALRM, on_alarm)
try:
    signal.setitimer(signal.ITIMER_REAL, 0.01)
    for _ in range(400):
        prg.add(q, (n,), None, A, B)
        cl.enqueue_copy(q, h, A)
    signal.setitimer(signal.ITIMER_REAL, 0)
except KeyboardInterrupt:
    pass
signal.setitimer(signal.ITIMER_REAL, 0)
q.finish()
prg.setk(q, (n,), None, A, np.int32(1))
cl.enqueue_copy(q, h, A); res["final"] = h
np.savez(sys.argv[1], **res)
print("done")
