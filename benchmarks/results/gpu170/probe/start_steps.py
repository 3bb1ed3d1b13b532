"""What ``skmd run`` does before the program, step by step, in one process.

python start_steps.py [--cold]: the steps of ``skmd.cli.main`` for ``run`` with a
wall-clock mark after each (ms after ``SPAWN``, the time the shell gave); --cold
skips the drivers' warm start.  Prints one JSON line.
"""
import os
import sys
import time

SPAWN = float(os.environ.get("SPAWN", time.time()))
marks = [("interpreter", time.time())]
import skmd.cli as cli  # noqa: E402
marks.append(("import skmd.cli", time.time()))
bad = cli._bad_settings()
marks.append(("settings", time.time()))
from skmd.runtime import warm_start  # noqa: E402
if "--cold" not in sys.argv:
    warm_start.begin()
marks.append(("warm start begun", time.time()))
import numpy  # noqa: E402,F401
marks.append(("import numpy", time.time()))
import pyopencl  # noqa: E402,F401
marks.append(("import pyopencl", time.time()))
alive = warm_start._thread is not None and warm_start._thread.is_alive()
from skmd.runtime import core  # noqa: E402,F401
from skmd.shim import patch  # noqa: E402,F401
marks.append(("import skmd runtime", time.time()))
warm_start.wait()
marks.append(("drivers' start waited", time.time()))
import skmd  # noqa: E402
skmd.install()
marks.append(("install()", time.time()))
ctx = pyopencl.create_some_context(interactive=False)
marks.append(("create_some_context", time.time()))
import json  # noqa: E402
out, last = {}, SPAWN
for name, t in marks:
    out[name] = round(1e3 * (t - last), 1)
    last = t
out["drivers busy at pyopencl's import"] = alive
print(json.dumps(out))
