# A Fortran-ordered (F-contiguous, not C-contiguous) numpy array as host memory of a >= 1 MB buffer.
# Plain pyopencl accepts any contiguous host buffer; skmd with SKMD_HOST_BACKED_MIN=1000000 raises LogicError.
import numpy as np, pyopencl as cl
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
mf = cl.mem_flags
h = np.asfortranarray(np.arange(500 * 1000, dtype=np.float32).reshape(500, 1000))   # 2 MB
buf = cl.Buffer(ctx, mf.READ_WRITE, h.nbytes)
def write(): cl.enqueue_copy(q, buf, h)
def read():
    o = np.empty((500, 1000), np.float32, order="F"); cl.enqueue_copy(q, o, buf); return o
def create(): return cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=h)
for what, f in [("write", write), ("read", read), ("create", create)]:
    try:
        f(); print(what, "ok")
    except Exception as e:
        print(what, type(e).__name__, e)
