"""Where skmd's extra per pyopencl operation goes: each round runs the operation N times
with skmd installed but one group of its patches given back to pyopencl, then with skmd
taken out (order alternating); the extra is the median over rounds.

    python ablate.py [--rounds 11] [--n 500]
"""
import argparse, statistics as st, time
import numpy as np, pyopencl as cl, pyopencl.array as cla
import skmd

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=11)
ap.add_argument("--n", type=int, default=500); ns = ap.parse_args()
skmd.install()
from skmd.shim import patch
from skmd.runtime import host_backed
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
x = cla.to_device(q, np.ones(1 << 16, np.float32)); y = cla.to_device(q, np.ones(1 << 16, np.float32))
prg = cl.Program(ctx, "__kernel void tiny(__global float *u, const float r) "
                 "{ int i = get_global_id(0); u[i] = u[i] * r + 0.001f; }").build()
tiny = prg.tiny
ops = {"kernel object + finish": lambda: (tiny(q, (4096,), (64,), x.data, np.float32(0.999)), q.finish()),
       "dot + finish": lambda: (cla.dot(x, y), q.finish()),
       "dot.get()": lambda: cla.dot(x, y).get()}
groups = {"nothing": [], "set-arg wrappers": ["set_arg", "_set_arg_multi", "_set_arg_buf_multi",
                                              "_set_arg_buf_pack_multi"],
          "launch hook": ["enqueue_nd_range_kernel"], "finish + waits": ["finish", "wait", "wait_for_events"],
          "Buffer class": ["Buffer"], "reads": ["_enqueue_read_buffer"],
          "device properties": ["devices", "device"], "nothing again": []}


def give_back(names):
    for owner, name, orig, had in patch._saved:
        if name in names:
            setattr(owner, name, orig)


for opname, f in ops.items():
    def run():
        for _ in range(ns.n):
            f()
    run()
    for g, names in groups.items():
        t = {"skmd": [], "plain": []}
        for r in range(ns.rounds):
            for way in (["skmd", "plain"] if r % 2 else ["plain", "skmd"]):
                if way == "skmd":
                    skmd.install(); give_back(names)
                else:
                    skmd.uninstall()
                t0 = time.perf_counter(); run(); t[way].append((time.perf_counter() - t0) / ns.n)
                if way == "skmd":
                    skmd.uninstall()
        ex = [a - b for a, b in zip(t["skmd"], t["plain"])]
        print(f"{opname:22s} without skmd's {g:18s} plain {st.median(t['plain'])*1e6:7.1f} us"
              f"  skmd {st.median(ex)*1e6:+6.1f} us", flush=True)
    skmd.install()
