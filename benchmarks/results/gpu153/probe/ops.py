"""skmd's extra per pyopencl operation, in turns with skmd taken out, in one process.

    python ops.py [--rounds 15] [--n 500]

Each operation runs N times per round, with skmd installed and then uninstalled (the
order alternating round by round); the extra is the median over rounds of skmd's time
per operation minus plain's.  ``plainbuf`` rounds keep skmd installed but give
pyopencl back its own ``Buffer`` class, to tell the cost of skmd's buffer subclass.
"""
import argparse, statistics as st, sys, time
import numpy as np, pyopencl as cl, pyopencl.array as cla
from pyopencl.elementwise import ElementwiseKernel
import skmd

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=15)
ap.add_argument("--n", type=int, default=500); ns = ap.parse_args()
skmd.install()
from skmd.runtime import host_backed
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
x = cla.to_device(q, np.ones(1 << 16, np.float32)); y = cla.to_device(q, np.ones(1 << 16, np.float32))
z = cla.empty_like(x)
lin = ElementwiseKernel(ctx, "float a, float *x, float b, float *y, float *z", "z[i] = a*x[i] + b*y[i]")
mf = cl.mem_flags
prg = cl.Program(ctx, """
__kernel void tiny(__global float *u, const float r) {
    int i = get_global_id(0); u[i] = u[i] * r + 0.001f; }
__kernel void sweep(__global const float *u, __global float *v, const int n) {
    int j = get_global_id(0), i = get_global_id(1), k = i * n + j;
    v[k] = 0.5f * u[k]; }""").build()
tiny = prg.tiny
side = 256
ga, gb = (cl.Buffer(ctx, mf.READ_WRITE, side * side * 4) for _ in range(2))
ops = {
    "kernel object + finish": lambda: (tiny(q, (4096,), (64,), x.data, np.float32(0.999)), q.finish()),
    "prg.sweep + finish": lambda: (prg.sweep(q, (side, side), None, ga, gb, np.int32(side)), q.finish()),
    "cl.Buffer new+drop": lambda: cl.Buffer(ctx, mf.READ_WRITE, 1 << 18),
    "cla.empty new+drop": lambda: cla.empty(q, 1 << 16, np.float32),
    "lin into z + finish": lambda: (lin(2.0, x, 1.0, y, z), q.finish()),
    "2*x + finish": lambda: (2 * x, q.finish()),
    "dot + finish": lambda: (cla.dot(x, y), q.finish()),
    "dot.get()": lambda: cla.dot(x, y).get(),
    "x[:1].get()": lambda: x[:1].get(),
}
orig_buffer = cl.Buffer
for name, f in ops.items():
    def run():
        for _ in range(ns.n):
            f()
    run()
    t = {"skmd": [], "plain": [], "plainbuf": []}
    for r in range(ns.rounds):
        order = ["skmd", "plain", "plainbuf"] if r % 2 else ["plainbuf", "plain", "skmd"]
        for way in order:
            if way == "plain":
                skmd.uninstall()
            else:
                skmd.install()
                if way == "plainbuf":
                    cl.Buffer = host_backed._cl.Buffer
            t0 = time.perf_counter(); run(); t[way].append((time.perf_counter() - t0) / ns.n)
            cl.Buffer = orig_buffer if way != "plain" else cl.Buffer
    skmd.install()
    p = st.median(t["plain"])
    ex = [a - b for a, b in zip(t["skmd"], t["plain"])]
    exb = [a - b for a, b in zip(t["plainbuf"], t["plain"])]
    print(f"{name:22s} plain {p*1e6:7.1f} us  skmd {st.median(ex)*1e6:+6.1f} us  "
          f"skmd with pyopencl's Buffer {st.median(exb)*1e6:+6.1f} us", flush=True)
