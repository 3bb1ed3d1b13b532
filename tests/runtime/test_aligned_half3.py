"""``vstorea_half3(v, i, p)`` stores at ``p + 4*i``; PoCL writes the fourth (padding)
half too.  The analysis took the store as three halves wide, so a split part's last
padding half came from another device's copy."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

SRC = r"""
__kernel void halfs3(__global const float *a, __global half *h3)
{
    int i = get_global_id(0);
    float3 t = (float3)(a[i], -a[i], 2.0f * a[i]);
    vstorea_half3(t, i, h3);
}
"""


def half3_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = 1 << 16
    a = np.random.default_rng(2).standard_normal(n).astype(np.float32)
    prg = cl.Program(ctx, SRC).build()
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    h3 = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(4 * n, 7, np.uint16))
    prg.halfs3(q, (n,), None, ab, h3)
    return read_back(q, h3=(h3, np.empty(4 * n, np.uint16)))


def test_an_aligned_three_lane_store_spans_four_lanes():
    (w,) = [x for x in analyze_program(SRC, ()).kernels["halfs3"].accesses if x.kind == "write"]
    assert w.width == 8 and not w.exact, w


def test_aligned_half3_stores_split_bit_identical():
    bad, records = compare_with_and_without(half3_program, policy="even")
    assert not bad, bad
