"""Which of skmd's background jobs run during an unseen program, and when.

python jobs_timeline.py PROGRAM.py [size]: installs skmd as ``skmd run`` does, notes
every job handed to skmd's worker threads (its name, when it began after this
script started, how long it ran), runs the program, and at exit prints the jobs,
the program's phase stamps (launchlog's: imported, first, last) and skmd's exit work.
"""
import atexit
import os
import runpy
import sys
import time

T0 = time.perf_counter()
W0 = time.time()
import skmd  # noqa: E402
from skmd.runtime import core, workers  # noqa: E402

jobs = []
_submit = workers.Workers.submit


def _noted(fn):
    def job(*a):
        t = time.perf_counter()
        try:
            return fn(*a)
        finally:
            jobs.append((getattr(fn, "__qualname__", "?"), t - T0, time.perf_counter() - t))
    return job


workers.Workers.submit = lambda self, fn, *a: _submit(self, _noted(fn), *a)
_close = core.Runtime.close


def _timed_close(self):
    t = time.perf_counter()
    _close(self)
    for name, at, ran in jobs:
        print(f"JOB {name:<44} at {1e3 * at:8.1f} ms ran {1e3 * ran:8.1f} ms", file=sys.stderr)
    print(f"CLOSE at {1e3 * (t - T0):8.1f} ms took {1e3 * (time.perf_counter() - t):6.1f} ms",
          file=sys.stderr)


core.Runtime.close = _timed_close
skmd.install()
print(f"INSTALLED at {1e3 * (time.perf_counter() - T0):8.1f} ms", file=sys.stderr)
prog = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))


def _stamps():
    import launchlog
    for k, v in launchlog._stamps.items():
        print(f"STAMP {k:<9} at {1e3 * (v - W0):8.1f} ms", file=sys.stderr)


atexit.register(_stamps)
runpy.run_path(prog, run_name="__main__")
