"""``vstorea_half3(v, i, p)`` stores at ``p + 4*i``; PoCL writes the fourth (padding)
half too.  The analysis took the store as three halves wide, so a split part's last
padding half came from another device's copy.

The program is the test's (``tests/runtime/test_aligned_half3.py``), run here as a script.
Run: python r4_aligned_half3.py out.npz (plain, then under skmd run)."""
import os
import sys

import numpy as np
import pyopencl as cl

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 6,
                                "tests", "runtime"))
from test_aligned_half3 import half3_program  # noqa: E402

if __name__ == "__main__":
    np.savez(sys.argv[1], **half3_program(cl))
    print("done")
