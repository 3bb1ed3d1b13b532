"""``if (k++ < n) o[k] = ...``: the condition was evaluated twice (once for its loads,
once for the guard), so ``k`` was taken as incremented twice and split parts merged a
range one element off."""
import numpy as np

from skmd.testing import compare_with_and_without
from skmd.transform import analyze_program

SRC = r"""
__kernel void postinc(__global int *o, int n)
{
    int i = get_global_id(0);
    int k = 3 * i;
    if (k++ < n) o[k] = i;
}
__kernel void predec(__global int *o, int n)
{
    int i = get_global_id(0);
    int k = 3 * i + 3;
    if (--k >= 0) o[k] = -i;
    o[k - 1] = 7;
}
"""


def condition_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = 1 << 16
    prg = cl.Program(ctx, SRC).build()
    res = {}
    for name in ("postinc", "predec"):
        o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                      hostbuf=np.full(3 * n + 3, -1, np.int32))
        getattr(prg, name)(q, (n,), None, o, np.int32(3 * n))
        res[name] = np.empty(3 * n + 3, np.int32)
        cl.enqueue_copy(q, res[name], o)
    q.finish()
    return res


def test_a_condition_is_evaluated_once():
    ka = analyze_program(SRC, ()).kernels
    post = [str(x.offset) for x in ka["postinc"].accesses if x.kind == "write"]
    assert post == ["12*gid0 + 4"], post
    pre = sorted(str(x.offset) for x in ka["predec"].accesses if x.kind == "write")
    assert pre == ["12*gid0 + 4", "12*gid0 + 8"], pre


def test_side_effects_in_conditions_split_bit_identical():
    bad, records = compare_with_and_without(condition_program, policy="even")
    assert not bad, bad
