# when a global object's __del__ runs relative to the program's atexit handlers
import atexit
import numpy as np
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
class Results:
    def __init__(self):
        self.buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.arange(10, dtype=np.int32))
    def __del__(self):
        print("Results.__del__")
res = Results()
atexit.register(print, "atexit handler")
print("end of program")
