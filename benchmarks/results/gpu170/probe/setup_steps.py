"""Where an unseen program's set-up goes, plain or under ``skmd run``.

python setup_steps.py PROGRAM.py [size]             (plain)
python -m skmd run setup_steps.py PROGRAM.py [size]  (skmd)

Wraps pyopencl's set-up calls as the program finds them (``create_some_context``,
``CommandQueue``, ``Buffer``, ``Program.build``, ``Kernel``) to note how long each
took, runs the program, and prints at exit one JSON line: each call's name, when it
began and how long it took (ms after ``SPAWN``, the wall-clock time the shell gave),
and the program's launchlog stamps on the same clock.
"""
import atexit
import json
import os
import runpy
import sys
import time

import pyopencl as cl

SPAWN = float(os.environ.get("SPAWN", time.time()))
AT = time.time()
calls = []


def _noted(name, fn):
    def call(*a, **k):
        t = time.time()
        try:
            return fn(*a, **k)
        finally:
            calls.append((name, 1e3 * (t - SPAWN), 1e3 * (time.time() - t)))
    return call


cl.create_some_context = _noted("create_some_context", cl.create_some_context)
for cls, name in ((cl.CommandQueue, "CommandQueue"), (cl.Buffer, "Buffer"),
                  (cl.Kernel, "Kernel")):
    cls.__init__ = _noted(name, cls.__init__)
cl.Program.build = _noted("Program.build", cl.Program.build)
prog = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(os.path.abspath(prog)))


def _report():
    import launchlog
    stamps = {k: 1e3 * (v - SPAWN) for k, v in launchlog._stamps.items()}
    print(json.dumps({"wrapper_at": 1e3 * (AT - SPAWN), "calls": calls, "stamps": stamps}),
          file=sys.stderr)


atexit.register(_report)
runpy.run_path(prog, run_name="__main__")
