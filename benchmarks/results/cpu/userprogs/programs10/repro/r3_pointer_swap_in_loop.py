"""``t = src; src = dst; dst = t;`` at the end of a loop's pass: the walk went through
the loop once, so the writes through ``dst`` were charged to its first buffer only,
and a split took the other buffer's new bytes from no part.  A pointer set in a
switch's cases kept only the last case's buffer.

The program is the test's (``tests/runtime/test_pointer_swap_loops.py``), run here as a script.
Run: python r3_pointer_swap_in_loop.py out.npz (plain, then under skmd run)."""
import os
import sys

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 6,
                                "tests", "runtime"))
from test_pointer_swap_loops import swap_program  # noqa: E402

if __name__ == "__main__":
    np.savez(sys.argv[1], **swap_program(cl))
    print("done")
