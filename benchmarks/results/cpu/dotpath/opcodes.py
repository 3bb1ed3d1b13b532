"""Python bytecodes executed per operation (a deterministic measure of Python work,
unlike time on a shared machine), with skmd installed and taken out, for the stubbed
operations of ``dotpath.py`` (run it from there with the same arguments).

    POCL_DEVICES="pthread pthread" PYTHONPATH=<checkout> python opcodes.py
"""
import os, runpy, sys
sys.argv = ["dotpath.py", "--rounds", "1", "--n", "10"]
g = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "dotpath.py"))
import skmd

count = [0]


def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    if event == "opcode":
        count[0] += 1
    return tracer


N = 200
for name, f in g["ops"].items():
    got = {}
    for way in ("skmd", "plain"):
        skmd.install() if way == "skmd" else skmd.uninstall()
        for _ in range(50):
            f()
        count[0] = 0
        sys.settrace(tracer)
        for _ in range(N):
            f()
        sys.settrace(None)
        got[way] = count[0] / N
    print(f"{name:24s} bytecodes per operation: plain {got['plain']:.0f}, with skmd "
          f"{got['skmd']:.0f} (+{got['skmd'] - got['plain']:.0f})")
