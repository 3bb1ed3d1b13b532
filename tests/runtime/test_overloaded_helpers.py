"""Two definitions of one helper name (``__attribute__((overloadable))``): the analysis
finds helpers by name, so it followed the other definition's index math and split
launches merged the wrong ranges.  Kernels calling such a helper now run whole."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

SRC = r"""
__attribute__((overloadable)) int idx(int i, int j) { return i * 3 + j; }
__attribute__((overloadable)) int idx(int i) { return i * 2; }
int via(int i) { return idx(i, 2); }
__kernel void two(__global int *o) { int i = get_global_id(0); o[idx(i, 1)] = i; }
__kernel void through(__global int *o) { int i = get_global_id(0); o[via(i)] = -i; }
__kernel void plain(__global int *o) { int i = get_global_id(0); o[3 * i] += 1; }
"""


def overload_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    n = 1 << 14
    prg = cl.Program(ctx, SRC).build()
    o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                  hostbuf=np.zeros(3 * n, np.int32))
    prg.plain(q, (n,), (64,), o)
    prg.two(q, (n,), (64,), o)
    prg.through(q, (n,), (64,), o)
    return read_back(q, o=(o, np.empty(3 * n, np.int32)))


def test_kernels_calling_an_overloaded_helper_run_whole():
    ka = analyze_program(SRC, ()).kernels
    for name in ("two", "through"):
        assert not ka[name].splittable
        assert "idx()" in ka[name].reason
    assert ka["plain"].splittable


def test_overloaded_helpers_give_the_plain_answer():
    bad, records = compare_with_and_without(overload_program, policy="even")
    assert not bad, bad
