# warnings turned into errors at the top (does anything warn?), queues used as context
# managers, heavy gc churn with weakrefs to buffers, pickling results of reductions.
import warnings
warnings.simplefilter("error")
import sys, gc, weakref, pickle
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

ctx = cl.create_some_context(interactive=False)
prg = cl.Program(ctx, """
__kernel void fill(__global int *a, int s) { int i = get_global_id(0); a[i] = (i * s) & 0xffff; }
__kernel void add(__global int *a, __global const int *b) { int i = get_global_id(0); a[i] += b[i]; }
""").build()
n = 100000
res = {}
kfill = cl.Kernel(prg, "fill"); kadd = cl.Kernel(prg, "add")
with cl.CommandQueue(ctx) as q:
    acc = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
    refs = []
    for r in range(60):
        tmp = cla.empty(q, n, np.int32)
        refs.append(weakref.ref(tmp))
        kfill(q, (n,), None, tmp.data, np.int32(r + 1))
        kadd(q, (n,), None, acc, tmp.data)
        del tmp
        if r % 10 == 9:
            gc.collect()
    q.finish()
    gc.collect()
    print("alive weakrefs:", sum(w() is not None for w in refs))
    h = np.empty(n, np.int32); cl.enqueue_copy(q, h, acc); res["acc"] = h
print("queue closed")
q2 = cl.CommandQueue(ctx)
with q2:
    a = cla.to_device(q2, (np.arange(300000) % 1000).astype(np.int32))
    for r in range(20):
        a = ((a * 3) & 1023) + r
        if r % 5 == 0:
            gc.collect()
    s = cla.sum(a)
    mx = cla.max(a)
    sums = pickle.loads(pickle.dumps([s.get(), mx.get(), a.get()[:100]]))
res["sum"] = np.array(sums[0]); res["max"] = np.array(sums[1]); res["head"] = sums[2]
wa = weakref.ref(a)
del a, s, mx
gc.collect()
print("array data freed:", wa() is None)
try:
    cl.enqueue_marker(q2)
    print("queue usable after with")
except Warning as w:
    print("after with:", type(w).__name__)
q4 = cl.CommandQueue(ctx)
ev = cl.enqueue_marker(q4)
print("marker status known:", ev.command_execution_status in (0, 1, 2, 3))
del ev; gc.collect()
q4.finish()
with warnings.catch_warnings(record=True) as got:
    warnings.simplefilter("always")
    q3 = cl.CommandQueue(ctx)
    b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 1000)
    kfill(q3, (1000,), None, b, np.int32(3))
    x = np.empty(1000, np.int32); cl.enqueue_copy(q3, x, b); res["small"] = x
print("warnings:", [str(w.category.__name__) for w in got])
np.savez(sys.argv[1], **res)
print("done")
