"""Splits (every launch, SKMD_POLICY=even), reads and an interval timer whose SIGALRM
handler raises KeyboardInterrupt at whatever point the program is; prints whether it
was interrupted and whether its last result is right.

    POCL_DEVICES="pthread pthread pthread" SKMD_POLICY=even SKMD_BACKGROUND=0 \
        SKMD_MIN_SPLIT_US=0 python -m skmd run stress.py 60
"""
import signal, sys, time
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, '''
__kernel void setk(__global int *a, int k) { int i = get_global_id(0); a[i] = i * 3 + k; }
__kernel void add(__global int *a, __global const int *b) { int i = get_global_id(0); a[i] += b[i]; }
''').build()
setk, add = prg.setk, prg.add
n = 1 << 17
A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
h = np.empty(n, np.int32)
def on_alarm(sig, frame):
    raise KeyboardInterrupt
signal.signal(signal.SIGALRM, on_alarm)
hits = 0
for rep in range(int(sys.argv[1])):
    signal.setitimer(signal.ITIMER_REAL, 0.001 + 0.0007 * (rep % 23))
    try:
        t0 = time.time()
        while time.time() - t0 < 0.3:
            setk(q, (n,), None, A, np.int32(5))
            setk(q, (n,), None, B, np.int32(7))
            add(q, (n,), None, A, B)
            cl.enqueue_copy(q, h, A)
    except KeyboardInterrupt:
        hits += 1
    signal.setitimer(signal.ITIMER_REAL, 0)
    q.finish()
setk(q, (n,), None, A, np.int32(5)); setk(q, (n,), None, B, np.int32(7))
add(q, (n,), None, A, B)
cl.enqueue_copy(q, h, A)
print(hits > 0, bool((h == np.arange(n) * 6 + 12).all()))
