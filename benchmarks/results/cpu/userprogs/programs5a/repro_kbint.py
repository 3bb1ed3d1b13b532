import os, signal
import pyopencl as cl
ctx = cl.create_some_context(interactive=False)
os.kill(os.getpid(), signal.SIGINT)
