"""``if (k++ < n) o[k] = ...``: the condition was evaluated twice (once for its loads,
once for the guard), so ``k`` was taken as incremented twice and split parts merged a
range one element off.

The program is the test's (``tests/runtime/test_condition_side_effects.py``), run here as a script.
Run: python r6_increment_in_condition.py out.npz (plain, then under skmd run)."""
import os
import sys

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 6,
                                "tests", "runtime"))
from test_condition_side_effects import condition_program  # noqa: E402

if __name__ == "__main__":
    np.savez(sys.argv[1], **condition_program(cl))
    print("done")
