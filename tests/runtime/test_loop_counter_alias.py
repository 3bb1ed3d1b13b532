"""A loop counter the kernel also changes through a pointer (its address taken before
the loop) is no induction variable: its writes are not known exactly, and a split
must not merge the bytes it skips from a device that never wrote them."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

SRC = r"""
__kernel void skip_by_ptr(__global int *o)
{
    int i = get_global_id(0);
    int k;
    int *pk = &k;
    for (k = 0; k < 8; k++) { o[i * 8 + k] = 7; (*pk)++; }
}
__kernel void bump(__global int *o) { o[get_global_id(0)] += 1; }
"""


def alias_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    n = 1 << 13
    prg = cl.Program(ctx, SRC).build()
    o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                  hostbuf=np.zeros(8 * n, np.int32))
    prg.bump(q, (8 * n,), (64,), o)  # the output last written split, on every device
    prg.skip_by_ptr(q, (n,), (64,), o)
    return read_back(q, o=(o, np.empty(8 * n, np.int32)))


def test_counter_changed_through_a_pointer_is_not_exact():
    ka = analyze_program(SRC, ()).kernels["skip_by_ptr"]
    assert not any(a.exact for a in ka.accesses if a.kind == "write")


def test_counter_changed_through_a_pointer_splits_right():
    bad, _ = compare_with_and_without(alias_program, policy="even")
    assert not bad, bad


def test_variable_set_after_its_address_is_taken_is_unknown():
    src = r"""__kernel void k(__global int *o)
    {
        int i = get_global_id(0);
        int k; int *pk = &k;
        k = 2 * i;
        (*pk)++;
        o[k] = 1;
    }"""
    (acc,) = analyze_program(src, ()).kernels["k"].accesses
    assert acc.offset is None or str(acc.offset) != "8*gid0"
