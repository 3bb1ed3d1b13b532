"""A ``return`` inside a loop or a switch ends some work-items before the statements
after it: a write there was taken as covering its whole range, so a split part's
unwritten elements came back from a device that never held them.

Run: python r1_return_in_loop_or_switch.py out.npz (plain, then under skmd run)."""
import sys

import numpy as np
import pyopencl as cl

SRC = r"""
__kernel void in_switch(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    switch (a[i] & 3) {
    case 0:
        return;
    default:
        break;
    }
    o[i] = a[i] * 7;
}
__kernel void in_for(__global const float *a, __global float *o, int w)
{
    int r = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < w; k++) {
        if (a[r * w + k] < -1.0f) return;
        s += a[r * w + k];
    }
    o[r] = s;
}
__kernel void in_while(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    int v = a[i];
    while (1) {
        if (v % 5 == 0) return;
        if (v > 0) break;
        v += 7;
    }
    o[i] = v;
}
__kernel void only_break(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    int k;
    for (k = 0; k < 4; k++)
        if (a[i] == k) break;
    o[i] = k;
}
"""


def exits_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n, w = 1 << 15, 4
    rng = np.random.default_rng(5)
    ai = rng.integers(-50, 50, n).astype(np.int32)
    af = rng.standard_normal(n * w).astype(np.float32)
    prg = cl.Program(ctx, SRC).build()

    def buf(h):
        return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)

    outs = {"in_switch": np.full(n, -1, np.int32), "in_for": np.full(n, 9.0, np.float32),
            "in_while": np.full(n, 777, np.int32), "only_break": np.full(n, -1, np.int32)}
    bufs = {k: buf(v) for k, v in outs.items()}
    a, f = buf(ai), buf(af)
    prg.in_switch(q, (n,), None, a, bufs["in_switch"])
    prg.in_for(q, (n,), None, f, bufs["in_for"], np.int32(w))
    prg.in_while(q, (n,), None, a, bufs["in_while"])
    prg.only_break(q, (n,), None, a, bufs["only_break"])
    for k, v in outs.items():
        cl.enqueue_copy(q, v, bufs[k])
    q.finish()
    return outs


if __name__ == "__main__":
    np.savez(sys.argv[1], **exits_program(cl))
    print("done")
