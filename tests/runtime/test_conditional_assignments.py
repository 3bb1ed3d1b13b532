"""``(a[i] & 1) && (k = i + n); o[k] = ...`` and ``c ? (d = y) : (d = x)``: an
assignment in an operand that runs for some work-items only was taken as made by every
one (and of a ternary's two, the last), so split parts lost the writes placed by the
values the variable kept."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

SRC = r"""
__kernel void andassign(__global const int *a, __global int *o, int n)
{
    int i = get_global_id(0);
    int k = i;
    (a[i] & 1) && (k = i + n);
    o[k] = a[i];
}
__kernel void ternassign(__global const int *a, __global int *x, __global int *y)
{
    int i = get_global_id(0);
    __global int *d = x;
    (a[i] > 0) ? (d = y) : (d = x);
    d[i] = a[i];
}
__kernel void orinc(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    int k = 2 * i;
    (a[i] < 0) || (k++);
    o[k] = a[i];
}
"""


def conditional_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = 1 << 16
    a = np.random.default_rng(4).integers(-1000, 1000, n).astype(np.int32)
    prg = cl.Program(ctx, SRC).build()

    def buf(h):
        return cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)

    ab = buf(a)
    outs = {"and": np.full(2 * n, -5, np.int32), "x": np.full(n, 1, np.int32),
            "y": np.full(n, 2, np.int32), "or": np.full(2 * n, -5, np.int32)}
    bufs = {k: buf(v) for k, v in outs.items()}
    prg.andassign(q, (n,), None, ab, bufs["and"], np.int32(n))
    prg.ternassign(q, (n,), None, ab, bufs["x"], bufs["y"])
    prg.orinc(q, (n,), None, ab, bufs["or"])
    return read_back(q, **{k: (bufs[k], v) for k, v in outs.items()})


def test_a_conditional_assignment_leaves_either_value():
    ka = analyze_program(SRC, ()).kernels
    for name in ("andassign", "orinc"):
        offsets = [x.offset for x in ka[name].accesses if x.kind == "write"]
        assert offsets == [None], (name, offsets)
    assert {x.arg for x in ka["ternassign"].accesses if x.kind == "write"} == {1, 2}


def test_conditional_assignments_split_bit_identical():
    bad, records = compare_with_and_without(conditional_program, policy="even")
    assert not bad, bad
