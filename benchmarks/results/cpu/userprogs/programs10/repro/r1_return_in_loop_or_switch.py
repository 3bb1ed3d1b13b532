"""A ``return`` inside a loop or a switch ends some work-items before the statements
after it: a write there was taken as covering its whole range, so a split part's
unwritten elements came back from a device that never held them.

The program is the test's (``tests/runtime/test_exits_in_loops.py``), run here as a script.
Run: python r1_return_in_loop_or_switch.py out.npz (plain, then under skmd run)."""
import os
import sys

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 6,
                                "tests", "runtime"))
from test_exits_in_loops import exits_program  # noqa: E402

if __name__ == "__main__":
    np.savez(sys.argv[1], **exits_program(cl))
    print("done")
