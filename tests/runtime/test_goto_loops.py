"""``again: o[k] = k; k += stride; if (k < n) goto again;``: a loop made of a label and
a backward goto was walked once, so its writes past the first were missed and split
parts lost them.  Such kernels now run whole.  A goto forward past an assignment
(``if (c) goto store; k = i + n; store: o[k] = ...``) left the label with the
assignment's value only: the label now takes the values of every goto to it."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
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
__kernel void store_at(__global const int *a, __global int *o, __global int *spill, int n)
{
    int i = get_global_id(0);
    int k = i;
    __global int *d = o;
    if (a[i] & 1) goto store;
    k = i + n;
    d = spill;
store:
    d[k] = a[i];
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
    ai = np.random.default_rng(1).integers(0, 1 << 20, n).astype(np.int32)
    x = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(2 * n, -1, np.int32))
    y = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(2 * n, -2, np.int32))
    aib = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=ai)
    prg.store_at(q, (n,), None, aib, x, y, np.int32(n))
    return read_back(q,
                     gloop=(o, np.empty(n, np.int32)),
                     gfwd=(ob, np.empty(n, np.float32)),
                     o=(x, np.empty(2 * n, np.int32)),
                     spill=(y, np.empty(2 * n, np.int32)))


def test_a_backward_goto_makes_the_kernel_run_whole():
    ka = analyze_program(SRC, ()).kernels
    assert not ka["gloop"].splittable and "goto" in ka["gloop"].reason
    assert ka["gfwd"].splittable, ka["gfwd"].reason


def test_a_label_takes_the_values_of_each_goto_to_it():
    ka = analyze_program(SRC, ()).kernels
    writes = [x for x in ka["store_at"].accesses if x.kind == "write"]
    assert {x.arg for x in writes} == {1, 2}
    assert all(x.offset is None or str(x.offset) == "4*gid0" for x in writes
               if x.arg == 1), writes


def test_goto_loops_bit_identical():
    bad, records = compare_with_and_without(goto_program, policy="even")
    assert not bad, bad
