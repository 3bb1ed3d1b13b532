import sys
import numpy as np
import pyopencl as cl
import pyopencl.array as cla

# an iterative solver stopped by an interrupt it does not catch (as Ctrl-C would), after saving
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
x = cla.to_device(q, np.linspace(0, 1, 200003).astype(np.float32))
for it in range(10):
    x = 0.5 * x + 0.25
    if it == 6:
        np.savez(sys.argv[1], x=x.get(), it=np.array(it))
        print("checkpoint saved at", it, flush=True)
        raise KeyboardInterrupt
