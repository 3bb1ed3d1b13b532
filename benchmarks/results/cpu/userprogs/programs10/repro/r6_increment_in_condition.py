"""``if (k++ < n) o[k] = ...``: the condition was evaluated twice (once for its loads,
once for the guard), so ``k`` was taken as incremented twice and split parts merged a
range one element off.

Run: python r6_increment_in_condition.py out.npz (plain, then under skmd run)."""
import sys

import numpy as np
import pyopencl as cl

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


if __name__ == "__main__":
    np.savez(sys.argv[1], **condition_program(cl))
    print("done")
