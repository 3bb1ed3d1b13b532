"""``(a[i] & 1) && (k = i + n); o[k] = ...`` and ``c ? (d = y) : (d = x)``: an
assignment in an operand that runs for some work-items only was taken as made by every
one (and of a ternary's two, the last), so split parts lost the writes placed by the
values the variable kept.

The program is the test's (``tests/runtime/test_conditional_assignments.py``), run here as a script.
Run: python r5_conditional_assignments.py out.npz (plain, then under skmd run)."""
import os
import sys

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 6,
                                "tests", "runtime"))
from test_conditional_assignments import conditional_program  # noqa: E402

if __name__ == "__main__":
    np.savez(sys.argv[1], **conditional_program(cl))
    print("done")
