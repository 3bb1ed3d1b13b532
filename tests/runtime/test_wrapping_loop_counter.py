"""A loop ``for (uchar c = 250; c != 4; c++)`` reaches its limit only after its counter
wraps around its type: the range 250..3 is not empty, so such a launch runs whole,
while a ``!=`` loop that counts up to its limit still splits."""
import numpy as np

from skmd.testing import compare_with_and_without

SRC = r"""
__kernel void wrap(__global int *o, int w)
{
    int y = get_global_id(0);
    for (uchar c = 250; c != 4; c++) o[y * w + c] = c;
}
__kernel void upto(__global int *o, int w, int n)
{
    int y = get_global_id(0);
    for (int x = 0; x != n; x++) o[y * w + x] = x;
}
"""


def wrap_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    w, h = 256, 384
    prg = cl.Program(ctx, SRC).build()
    res = {}
    for name, extra in (("wrap", ()), ("upto", (np.int32(40),))):
        o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                      hostbuf=np.full(w * h, -1, np.int32))
        getattr(prg, name)(q, (h,), (64,), o, np.int32(w), *extra)
        res[name] = np.empty(w * h, np.int32)
        cl.enqueue_copy(q, res[name], o)
    q.finish()
    return res


def test_counter_wrapping_to_its_limit_runs_whole_and_right():
    bad, records = compare_with_and_without(wrap_program, policy="even")
    assert not bad, bad
    by = {r.kernel: r for r in records}
    assert by["wrap"].reason and "wrap around" in by["wrap"].reason, by["wrap"].reason
    assert sum(1 for v in by["upto"].shares.values() if v) >= 2, by["upto"].reason
