"""``again: o[k] = k; k += stride; if (k < n) goto again;``: a loop made of a label and
a backward goto was walked once, so its writes past the first were missed and split
parts lost them.  Such kernels now run whole."""
import numpy as np

from skmd.testing import compare_with_and_without
from skmd.transform import analyze_program

SRC = r"""
__kernel void gloop(__global int *o, int stride, int n)
{
    int k = get_global_id(0);
again:
    o[k] = k;
    k += stride;
    if (k < n) goto again;
}
__kernel void gfwd(__global const float *a, __global float *o, int n)
{
    int i = get_global_id(0);
    if (i >= n) goto done;
    o[i] = 2.0f * a[i];
done:
    return;
}
"""


def goto_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    stride, n = 1000, 64000
    prg = cl.Program(ctx, SRC).build()
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
    prg.gloop(q, (stride,), None, o, np.int32(stride), np.int32(n))
    a = np.arange(n, dtype=np.float32)
    ab = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=a)
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, 3.0, np.float32))
    prg.gfwd(q, (n,), None, ab, ob, np.int32(n - 100))
    res = {"gloop": np.empty(n, np.int32), "gfwd": np.empty(n, np.float32)}
    cl.enqueue_copy(q, res["gloop"], o)
    cl.enqueue_copy(q, res["gfwd"], ob)
    q.finish()
    return res


def test_a_backward_goto_makes_the_kernel_run_whole():
    ka = analyze_program(SRC, ()).kernels
    assert not ka["gloop"].splittable and "goto" in ka["gloop"].reason
    assert ka["gfwd"].splittable, ka["gfwd"].reason


def test_goto_loops_bit_identical():
    bad, records = compare_with_and_without(goto_program, policy="even")
    assert not bad, bad
