# an uncaught exception (chained, with a note) after work was enqueued; results saved
# before it; the traceback goes through a few of the program's own functions.
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "__kernel void k(__global int *a) { int i = get_global_id(0); a[i] = (a[i] + i) * 5 % 65521; }").build()
n = 200000
buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
for _ in range(8):
    prg.k(q, (n,), None, buf)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, buf)
np.savez(sys.argv[1], h=h)
for _ in range(8):
    prg.k(q, (n,), None, buf)   # queued, never read

def check(v):
    if v.max() > 10:
        raise ValueError(f"value too large: {int(v.max())}")

def validate(v):
    try:
        check(v)
    except ValueError as e:
        err = RuntimeError("validation failed")
        err.add_note("while validating stage 2")
        raise err from e

print("validating")
sys.stdout.flush()
validate(h)
