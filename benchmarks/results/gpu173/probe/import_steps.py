"""How long a program's own imports take, plain or under ``skmd run``.

python import_steps.py              (plain)
python -m skmd run import_steps.py  (skmd)

Marks (ms, wall clock): the program's start after ``SPAWN`` (the time the shell
gave), ``import numpy``, ``import pyopencl``, ``import pyopencl.array``, ``from
pyopencl.reduction import ReductionKernel``, ``create_some_context`` and the first
``pyopencl.array.zeros`` (which builds pyopencl's fill kernel); one JSON line, with
whether skmd's drivers' start was still running at each import.
"""
import json
import os
import sys
import time

SPAWN = float(os.environ["SPAWN"])
marks = [("to program", time.time())]


def busy():
    ws = sys.modules.get("skmd.runtime.warm_start")
    t = getattr(ws, "_thread", None) if ws else None
    return bool(t is not None and t.is_alive())


flags = {}
import numpy as np  # noqa: E402
marks.append(("import numpy", time.time()))
import pyopencl as cl  # noqa: E402
marks.append(("import pyopencl", time.time()))
flags["drivers busy before pyopencl.array"] = busy()
import pyopencl.array as cla  # noqa: E402
marks.append(("import pyopencl.array", time.time()))
from pyopencl.reduction import ReductionKernel  # noqa: E402,F401
marks.append(("import pyopencl.reduction", time.time()))
ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)
marks.append(("context + queue", time.time()))
z = cla.zeros(queue, 1 << 20, np.float32)
queue.finish()
marks.append(("first zeros", time.time()))
out, last = {}, SPAWN
for name, t in marks:
    out[name] = round(1e3 * (t - last), 1)
    last = t
out["way"] = "skmd" if "skmd" in sys.modules else "plain"
out.update(flags)
print(json.dumps(out))
