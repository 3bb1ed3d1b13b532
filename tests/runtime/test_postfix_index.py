"""``o[k++] = v`` writes at the old ``k``: the analysis took the incremented value, so
split launches merged every part's ranges one element off."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

SRC = r"""
__kernel void pairs(__global int *o, __global const int *a)
{
    int i = get_global_id(0);
    int k = 2 * i;
    o[k++] = a[i];
    o[k++] = -a[i];
}
__kernel void walk(__global float *o)
{
    int i = get_global_id(0);
    __global float *p = o + 3 * i;
    *p++ = 1.0f * i;
    *p++ = 2.0f * i;
    int k = 3 * i + 2;
    o[k--] = 3.0f * i;
}
__kernel void bump(__global int *o) { o[get_global_id(0)] += 1; }
"""


def postfix_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = 1 << 14
    prg = cl.Program(ctx, SRC).build()
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(1, n + 1, dtype=np.int32))
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2 * n, np.int32))
    f = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(3 * n, np.float32))
    prg.bump(q, (2 * n,), (64,), o)  # the outputs last written split, on every device
    prg.pairs(q, (n,), (64,), o, a)
    prg.walk(q, (n,), (64,), f)
    return read_back(q,
                     pairs=(o, np.empty(2 * n, np.int32)),
                     walk=(f, np.empty(3 * n, np.float32)))


def test_postfix_increments_index_the_old_value():
    ka = analyze_program(SRC, ()).kernels
    assert sorted(str(x.offset) for x in ka["pairs"].accesses if x.kind == "write") == \
        ["8*gid0", "8*gid0 + 4"]
    assert sorted(str(x.offset) for x in ka["walk"].accesses if x.kind == "write") == \
        ["12*gid0", "12*gid0 + 4", "12*gid0 + 8"]


def test_postfix_index_splits_bit_identical():
    bad, records = compare_with_and_without(postfix_program, policy="even")
    assert not bad, bad
    assert any(r.kernel == "pairs" and sum(1 for v in r.shares.values() if v) >= 2
               for r in records)
