"""Where a hooked launch's extra goes, for pyopencl.array operations that make new
arrays.  Variants, in rotating order round by round (so each runs after each other):
plain (skmd taken out), all (every patch), no hook (the launch hook given back),
bare hook (the hook's function, but the runtime's launch path replaced by the
driver's enqueue), to run_whole (the runtime's launch path cut to its stand-in:
entry, run_whole), no log (every patch, the run log off), at once (every patch,
small buffers not held past their launch: ``kernels.LINGER_BYTES = 0``, where the
tree has it).  Each round runs the
variants in a random order (seeded).  Per variant: the median per-operation time
over rounds, the same for the round's first 10 operations, and the median by which
variant ran just before (a carry-over from one variant to the next shows there).

    python hookparts.py [--rounds 30] [--n 100]
"""
import argparse, collections, random, statistics as st, time
import numpy as np, pyopencl as cl, pyopencl.array as cla
import skmd
from skmd.shim import patch
from skmd.runtime import core, kernels, raw, running
from skmd.runtime.kernels import args_of

ap = argparse.ArgumentParser(); ap.add_argument("--rounds", type=int, default=30)
ap.add_argument("--n", type=int, default=100); ns = ap.parse_args()
skmd.install()
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
rt = core.get_runtime()
on_launch = core.Runtime.on_launch


def bare(self, queue, kernel, gs, ls, off, wf, gtl, ae):
    return raw.enqueue_nd_range_kernel(queue, kernel, gs, ls, off, wf, gtl, ae)


def to_run_whole(self, queue, kernel, gs, ls, off, wf, gtl, ae):
    entry = self.background.entry(kernel)
    return running.run_whole(self, queue, kernel, entry, args_of(kernel), gs, ls, off, wf,
                             gtl, ae, "probe")


def setup(v):
    skmd.install()
    core.Runtime.on_launch = on_launch
    rt.recorder.log = True
    if hasattr(kernels, "LINGER_BYTES"):
        kernels.LINGER_BYTES = 0 if v == "at once" else 1 << 20
        if v == "at once":
            kernels._linger.clear()
    if v == "plain":
        skmd.uninstall()
    elif v == "no hook":
        for owner, name, orig, had in patch._saved:
            if name == "enqueue_nd_range_kernel":
                setattr(owner, name, orig)
    elif v == "bare hook":
        core.Runtime.on_launch = bare
    elif v == "to run_whole":
        core.Runtime.on_launch = to_run_whole
    elif v == "no log":
        rt.recorder.log = False


VARIANTS = ["plain", "all", "no hook", "bare hook", "to run_whole", "no log", "at once"]
for size in (1 << 20, 1 << 23):
    x = cla.to_device(q, np.ones(size, np.float32)); y = cla.to_device(q, np.ones(size, np.float32))
    z = cla.empty_like(x)
    ops = {"2*x + y": lambda: (2 * x + y, q.finish()),
           "dot.get()": lambda: cla.dot(x, y).get(),
           "x + y into z": lambda: (x._axpbyz(z, 1, x, 1, y), q.finish())}
    for opname, f in ops.items():
        for v in VARIANTS:
            setup(v)
            for _ in range(30):
                f()
        t = collections.defaultdict(list); first = collections.defaultdict(list)
        after = collections.defaultdict(list)
        rnd = random.Random(size)
        prev = None
        for r in range(ns.rounds):
            order = list(VARIANTS); rnd.shuffle(order)
            for v in order:
                setup(v)
                t0 = time.perf_counter()
                for i in range(ns.n):
                    f()
                    if i == 9:
                        t1 = time.perf_counter()
                dt = (time.perf_counter() - t0) / ns.n * 1e6
                t[v].append(dt); first[v].append((t1 - t0) / 10 * 1e6)
                after[v, prev].append(dt)
                prev = v
        print(f"{size:>8d} {opname:14s} us/op (first 10 ops of a round)", flush=True)
        for v in VARIANTS:
            aft = " ".join(f"{p}:{st.median(after[v, p]):.0f}" for p in VARIANTS
                           if after.get((v, p)))
            print(f"   {v:13s} {st.median(t[v]):7.1f} ({st.median(first[v]):7.1f})   after: {aft}",
                  flush=True)
skmd.install()
