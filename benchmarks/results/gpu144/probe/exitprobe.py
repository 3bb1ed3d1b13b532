"""Where skmd's 'after' and 'exit' time goes for one unseen program (a probe).
python exitprobe.py PROG.py : runs it as `skmd run` does, under cProfile from the
last timed launch on, and prints the flush's pieces."""
import cProfile, pstats, io, os, sys, time, runpy
T0 = time.perf_counter()
marks = []
def mark(n): marks.append((n, time.perf_counter()))
import skmd
mark("import skmd")
skmd.install()
mark("install")
from skmd.runtime import core
rt = core.get_runtime()
acc = {}
def wrap(obj, name, label=None):
    f = getattr(obj, name)
    label = label or name
    def w(*a, **k):
        t = time.perf_counter()
        try:
            return f(*a, **k)
        finally:
            acc[label] = acc.get(label, 0.0) + time.perf_counter() - t
    setattr(obj, name, w)
for n in ("flush_graph", "save_speeds"):
    wrap(rt, n)
wrap(rt.recorder, "log_rows")
wrap(rt.background, "stop", "background.stop")
prog = sys.argv[1]
sys.argv = [prog, *sys.argv[2:]]
sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))
import launchlog
prof = cProfile.Profile()
orig_exit = launchlog.timed.__exit__
def ex(self, *a):
    r = orig_exit(self, *a)
    prof.disable(); prof.enable()  # restart: profile from the last timed launch on
    return r
launchlog.timed.__exit__ = ex
mark("before program")
try:
    runpy.run_path(prog, run_name="__main__")
except SystemExit:
    pass
mark("program (profiled after last launch)")
st = rt.store
if st is not None:
    for n in ("add_run", "extend_rows", "keep_newest"):
        wrap(st.run_log, n, "run_log." + n)
rt.flush()
mark("rt.flush")
prof.disable()
t = time.perf_counter(); rt.background.stop(); mark("background.stop")
prev = T0
for n, t in marks:
    print(f"{n:40s} {1e3*(t-prev):8.1f} ms"); prev = t
for k, v in acc.items():
    print(f"  {k:38s} {1e3*v:8.1f} ms")
s = io.StringIO()
pstats.Stats(prof, stream=s).sort_stats("cumulative").print_stats(25)
print("\n".join(s.getvalue().splitlines()[:60]))
