"""``again: o[k] = k; k += stride; if (k < n) goto again;``: a loop made of a label and
a backward goto was walked once, so its writes past the first were missed and split
parts lost them.  Such kernels now run whole.  A goto forward past an assignment
(``if (c) goto store; k = i + n; store: o[k] = ...``) left the label with the
assignment's value only: the label now takes the values of every goto to it.

The program is the test's (``tests/runtime/test_goto_loops.py``), run here as a script.
Run: python r2_goto_loops.py out.npz (plain, then under skmd run)."""
import os
import sys

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 6,
                                "tests", "runtime"))
from test_goto_loops import goto_program  # noqa: E402

if __name__ == "__main__":
    np.savez(sys.argv[1], **goto_program(cl))
    print("done")
