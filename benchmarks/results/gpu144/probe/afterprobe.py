"""The 'after' phase of an unseen program split into its read-back and its check
(a probe): python afterprobe.py PROG.py SIZE, plain or under `skmd run`."""
import os, runpy, sys, time
import pyopencl as cl
here = os.path.dirname(os.path.abspath(sys.argv[1]))
sys.path.insert(0, here)
import launchlog
spent = {"read": 0.0, "check": 0.0}
orig_copy, orig_check = cl.enqueue_copy, launchlog.check
def copy(queue, dest, src, **kw):
    t = time.perf_counter()
    try:
        return orig_copy(queue, dest, src, **kw)
    finally:
        if isinstance(src, cl.MemoryObjectHolder) and not isinstance(dest, cl.MemoryObjectHolder):
            spent["read"] += time.perf_counter() - t
def check(*a, **k):
    t = time.perf_counter()
    try:
        return orig_check(*a, **k)
    finally:
        spent["check"] += time.perf_counter() - t
cl.enqueue_copy, launchlog.check = copy, check
prog = sys.argv[1]
sys.argv = [prog, *sys.argv[2:]]
runpy.run_path(prog, run_name="__main__")
print(f"AFTER read {spent['read'] * 1e3:.1f} ms check {spent['check'] * 1e3:.1f} ms", file=sys.stderr)
