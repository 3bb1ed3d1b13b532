"""Helpers defined in a header the program includes (``-I dir``) are not walked: one
that calls get_global_id() saw the split part's own ids where the kernel saw the whole
launch's (an offset-mode part remaps them in the kernel only), and wrote the wrong
elements.  A kernel reaching such a helper now runs whole; header helpers doing plain
math (pyopencl's complex functions) still split."""
import numpy as np

from skmd.testing import compare_with_and_without
from skmd.transform import analyze_program

HEADER = """
inline int my_gid(void) { return (int)get_global_id(0); }
inline int twice(int v) { return 2 * v; }
"""
SRC = r"""
#include "ids.h"
__kernel void fill(__global int *o) { int i = get_global_id(0); o[i] = my_gid() * 2; }
__kernel void math(__global int *o) { int i = get_global_id(0); o[i] = twice(i) + 1; }
"""


def _program(folder: str):
    def run(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = 1 << 14
        prg = cl.Program(ctx, SRC).build(options=["-I", folder])
        res = {}
        for name in ("fill", "math"):
            o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                          hostbuf=np.zeros(n, np.int32))
            getattr(prg, name)(q, (n,), (64,), o)
            res[name] = np.empty(n, np.int32)
            cl.enqueue_copy(q, res[name], o)
        q.finish()
        return res
    return run


def test_a_kernel_reaching_an_included_id_helper_runs_whole(tmp_path):
    (tmp_path / "ids.h").write_text(HEADER)
    ka = analyze_program(SRC, ("-I", str(tmp_path))).kernels
    assert not ka["fill"].splittable and "my_gid()" in ka["fill"].reason
    assert ka["math"].splittable, ka["math"].reason


def test_included_helpers_give_the_plain_answer(tmp_path):
    (tmp_path / "ids.h").write_text(HEADER)
    bad, records = compare_with_and_without(_program(str(tmp_path)), policy="even")
    assert not bad, bad
    assert any(r.kernel == "math" and sum(1 for v in r.shares.values() if v) >= 2
               for r in records)
