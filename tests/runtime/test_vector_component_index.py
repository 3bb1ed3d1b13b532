"""``p.x = ...; p.y = ...; o[p.y * w + p.x]``: assigning a component of a vector
variable was taken as assigning the whole variable, so ``p.x`` read back the last
component assigned and split launches merged the wrong ranges."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program

SRC = r"""
__kernel void grid(__global float *o, int w)
{
    int2 p;
    p.x = get_global_id(0);
    p.y = get_global_id(1);
    o[p.y * w + p.x] = (float)(p.x + 1000 * p.y);
}
__kernel void comps(__global int *o)
{
    int4 q = (int4)(0);
    q.s0 = get_global_id(0);
    q.s1 = q.s0 * 2;
    q.y++;
    o[q.s1 - 1] = q.x;
}
"""


def vector_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    w, h = 256, 192
    prg = cl.Program(ctx, SRC).build()
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(w * h, np.float32))
    c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(2 * w * h, np.int32))
    prg.grid(q, (w, h), (16, 8), o, np.int32(w))
    prg.comps(q, (w * h,), (64,), c)
    return read_back(q,
                     grid=(o, np.empty(w * h, np.float32)),
                     comps=(c, np.empty(2 * w * h, np.int32)))


def test_a_component_assignment_does_not_stand_for_the_vector():
    ka = analyze_program(SRC, ()).kernels
    for name in ("grid", "comps"):
        offsets = [str(x.offset) for x in ka[name].accesses if x.kind == "write"]
        assert offsets and all(o in ("None", "8*gid0 - 4") for o in offsets), (name, offsets)
    assert "4*arg1*gid1 + 4*gid1" not in \
        [str(x.offset) for x in ka["grid"].accesses if x.kind == "write"]


def test_vector_component_indices_split_bit_identical():
    bad, records = compare_with_and_without(vector_program, policy="even")
    assert not bad, bad
