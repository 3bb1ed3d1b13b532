"""The main thread's pure-Python work beside skmd run's driver-start thread, the code of
8e9cdf1 (old: ctypes.CDLL of the shipped drivers) against the day's (dlopen as a foreign call).

    PYTHONPATH=<checkout> python ws_stall.py old|new
"""
import sys, time, importlib.util
import numpy
if sys.argv[1] == "old":
    spec = importlib.util.spec_from_file_location("ws_old", "benchmarks/results/gpu180/probe/warm_start_old.py")
    ws = importlib.util.module_from_spec(spec); spec.loader.exec_module(ws)
else:
    from skmd.runtime import warm_start as ws
def work():
    s = 0
    for i in range(int(sys.argv[2]) if len(sys.argv) > 2 else 6_000_000): s += i
t1 = time.perf_counter()
ws.begin()
work()
t2 = time.perf_counter()
ws.wait()
t3 = time.perf_counter()
work(); t4 = time.perf_counter()
print(sys.argv[1], "work beside the thread %.1f ms (alone %.1f), thread done +%.1f" % ((t2-t1)*1e3, (t4-t3)*1e3, (t3-t2)*1e3))
