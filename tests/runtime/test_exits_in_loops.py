"""A ``return`` inside a loop or a switch ends some work-items before the statements
after it: a write there was taken as covering its whole range, so a split part's
unwritten elements came back from a device that never held them."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

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
    return read_back(q, **{k: (bufs[k], v) for k, v in outs.items()})


def test_a_write_after_a_loop_or_switch_that_returns_is_not_dense():
    ka = analyze_program(SRC, ()).kernels
    for name in ("in_switch", "in_for", "in_while"):
        writes = [x for x in ka[name].accesses if x.kind == "write"]
        assert writes and not any(x.exact for x in writes), name
    assert any(x.exact for x in ka["only_break"].accesses if x.kind == "write")


def test_exits_inside_loops_split_bit_identical():
    bad, records = compare_with_and_without(exits_program, policy="even")
    assert not bad, bad
