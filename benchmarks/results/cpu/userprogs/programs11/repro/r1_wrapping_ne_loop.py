# y45: a for loop counting up to its limit with != from above its limit wraps around its
# counter's type (uchar 250..255, 0..3); the walk took the range 250..3 as empty, so the
# parts' writes were not brought home (even: 1950 of 76,800 elements left as before)
import sys
import numpy as np
import pyopencl as cl

ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
src = """
__kernel void k(__global int *o, int w) {
    int y = get_global_id(0);
    for (uchar c = 250; c != 4; c++) o[y * w + c] = c;
}
"""
prg = cl.Program(ctx, src).build()
w, h = 256, 300
o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
              hostbuf=np.full(w * h, -1, np.int32))
prg.k(q, (h,), None, o, np.int32(w))
r = np.empty(w * h, np.int32)
cl.enqueue_copy(q, r, o)
np.savez(sys.argv[1], k=r)
print("done", int((r.reshape(h, w)[:, :4] == -1).sum()), "of", 4 * h, "low slots unwritten")
