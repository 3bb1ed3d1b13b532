# the order of atexit handlers and a weakref.finalize callback at exit
import atexit, weakref
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
prg = cl.Program(ctx, "__kernel void k(__global int *a) { a[0] = 1; }").build()
class Holder: pass
h = Holder()
def first(): print("atexit handler registered first", h is not None)
def last(): print("atexit handler registered last")
atexit.register(first)
weakref.finalize(h, print, "finalizer")
atexit.register(last)
