# a helper in an included header calling get_global_id(): the analysis does not walk
# included files, so the kernel was split in offset mode and the helper saw each part's
# own ids (two thirds of the output wrong)
import os
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
here = os.path.dirname(os.path.abspath(__file__))
src = '#include "ids.h"\n__kernel void fill(__global int *o) { o[get_global_id(0)] = my_gid() * 2; }\n'
prg = cl.Program(ctx, src).build(options=["-I", here])
n = 100000
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
prg.fill(q, (n,), None, o)
h = np.empty(n, np.int32); cl.enqueue_copy(q, h, o)
np.savez(sys.argv[1], o=h)
