import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void step(__global const float *a, __global float *b, float t) { int i = get_global_id(0); b[i] = a[i] * 0.5f + t; }
__kernel void inc(__global float *a) { a[get_global_id(0)] += 1.0f; }
""".replace("step", "stepk")).build()
k_step = cl.Kernel(prg, "stepk"); k_inc = cl.Kernel(prg, "inc")
rng = np.random.default_rng(21)
res = {}
n = 1 << 20
h = [rng.standard_normal(n).astype(np.float32) for _ in range(3)]
d = [cl.Buffer(ctx, mf.READ_WRITE, n * 4) for _ in range(3)]
# non-blocking uploads, kernels, non-blocking downloads, then one wait
evs = [cl.enqueue_copy(q, d[i], h[i], is_blocking=False) for i in range(3)]
for i in range(3):
    k_step(q, (n,), None, d[i], d[(i + 1) % 3], np.float32(i), wait_for=[evs[i]])
outs = [np.empty(n, np.float32) for _ in range(3)]
revs = [cl.enqueue_copy(q, outs[i], d[i], is_blocking=False) for i in range(3)]
cl.wait_for_events(revs)
for i in range(3): res[f"nb_{i}"] = outs[i]
# a non-blocking read followed by more kernels on the same buffer (read must see the old value)
snap = np.empty(n, np.float32)
e = cl.enqueue_copy(q, snap, d[0], is_blocking=False)
k_inc(q, (n,), None, d[0])
k_inc(q, (n,), None, d[0])
e.wait()
res["snapshot"] = snap.copy()
after = np.empty(n, np.float32); cl.enqueue_copy(q, after, d[0]); res["after"] = after
# upload from a host array, then reuse the host array after the event completes
host = np.full(n, 3.0, np.float32)
e = cl.enqueue_copy(q, d[1], host, is_blocking=False)
e.wait()
host[:] = 100.0
k_inc(q, (n,), None, d[1])
cl.enqueue_copy(q, after, d[1]); res["reuse_host"] = after.copy()
# blocking write overwrites a kernel's output right after the kernel
k_inc(q, (n,), None, d[2])
cl.enqueue_copy(q, d[2], np.zeros(n // 2, np.float32), dst_offset=n * 2)
k_inc(q, (n,), None, d[2])
cl.enqueue_copy(q, after, d[2]); res["overwrite_half"] = after.copy()
# enqueue_copy buffer to buffer while kernels write the source
k_inc(q, (n,), None, d[0])
cl.enqueue_copy(q, d[1], d[0])
k_inc(q, (n,), None, d[0])
o1 = np.empty(n, np.float32); o0 = np.empty(n, np.float32)
cl.enqueue_copy(q, o1, d[1]); cl.enqueue_copy(q, o0, d[0])
res["b2b_1"] = o1; res["b2b_0"] = o0
q.finish()
np.savez(sys.argv[1], **res)
print("done", len(res))
