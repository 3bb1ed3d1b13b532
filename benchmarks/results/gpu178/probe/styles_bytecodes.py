"""skmd's Python bytecodes per launch style of benchmarks/launch_styles.py (a burst's
launch + finish), counted with sys.settrace opcode events, with pyopencl's own
("other") beside: deterministic where timings are not.

    PYTHONPATH=<checkout> python styles_bytecodes.py [--size ci|paper]
"""
import argparse, collections, os, sys, warnings
warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
ap = argparse.ArgumentParser()
ap.add_argument("--size", choices=("ci", "paper"), default="ci")
ns = ap.parse_args()
import numpy as np, pyopencl as cl, pyopencl.array as cla
import skmd
skmd.install()
from launch_styles import styles
ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)
big, side = ((1 << 16, 256) if ns.size == "ci" else (1 << 23, 2048))
todo = styles(cl, cla, np, ctx, q, big, side)
by = collections.Counter()


def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode":
        fn = frame.f_code.co_filename
        by[(fn.split("skmd/")[-1], frame.f_code.co_name) if "/skmd/" in fn else ("other", "")] += 1
    return tracer


print("skmd from", os.path.dirname(skmd.__file__))
# (Python 3.12 counted nothing for the first style traced: the tracer is primed first)
sys.settrace(tracer); (lambda: None)(); sys.settrace(None)
for name, f in todo.items():
    g = lambda: (f(), q.finish())
    for _ in range(30):
        g()
    by.clear(); sys.settrace(tracer)
    for _ in range(50):
        g()
    sys.settrace(None)
    tot = sum(v for k, v in by.items() if k[0] != "other")
    print(f"{name:40s} skmd {tot / 50:7.0f} other {by[('other', '')] / 50:7.0f}   top:",
          ", ".join(f"{k[1]} {v / 50:.0f}" for k, v in by.most_common(9) if k[0] != "other"))
