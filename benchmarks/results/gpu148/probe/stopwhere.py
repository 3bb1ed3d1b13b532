"""Runs a program under skmd and prints the time of the runtime's flush at its end (the
run log and speeds written), and of the exit's pieces (a probe)."""
import atexit, os, sys, time, runpy
import skmd
skmd.install()
from skmd.runtime import core
rt = core.get_runtime()
acc = {}
def wrap(obj, name, label):
    f = getattr(obj, name)
    def w(*a, **k):
        t = time.perf_counter()
        try:
            return f(*a, **k)
        finally:
            acc[label] = acc.get(label, 0.0) + time.perf_counter() - t
    setattr(obj, name, w)
wrap(rt.background, "stop", "background.stop")
wrap(rt.recorder, "log_rows", "log_rows")
wrap(rt, "save_speeds", "save_speeds")
def report():
    sys.stderr.write("STOP " + " ".join(f"{k} {v*1e3:.1f} ms" for k, v in acc.items()) + "\n")
atexit.register(report)
prog = sys.argv[1]; sys.argv = [prog, *sys.argv[2:]]
runpy.run_path(prog, run_name="__main__")
t = time.perf_counter(); rt.flush(); sys.stderr.write("flush %.1f ms\n" % ((time.perf_counter() - t) * 1e3))
