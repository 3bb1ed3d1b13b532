"""Where a skmd run's exit goes: the time of skmd's atexit close, and of the rest."""
import atexit, os, sys, time, runpy
marks = {}
def last():  # registered first: runs last among atexit handlers
    marks["atexit_done"] = time.time()
    sys.stderr.write("EXIT close %.1f ms, atexit after close %.1f ms\n" % (
        (marks.get("close_end", 0) - marks.get("close_start", 0)) * 1e3,
        (marks["atexit_done"] - marks.get("close_end", marks["atexit_done"])) * 1e3))
    sys.stderr.write("EXITSTAMP %.6f\n" % marks["atexit_done"])
atexit.register(last)
import skmd
skmd.install()
from skmd.runtime import core
rt = core.get_runtime()
orig = rt.close
def close():
    marks["close_start"] = time.time()
    orig()
    marks["close_end"] = time.time()
atexit.unregister(orig)
atexit.register(close)
prog = sys.argv[1]; sys.argv = [prog, *sys.argv[2:]]
sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))
runpy.run_path(prog, run_name="__main__")
rt.flush()
