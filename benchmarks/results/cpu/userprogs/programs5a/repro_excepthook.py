import sys
import pyopencl as cl
sys.excepthook = lambda t, v, tb: print("custom hook:", t.__name__, file=sys.stderr)
ctx = cl.create_some_context(interactive=False)
raise ValueError("boom")
