"""The unseen-programs suite: pyopencl programs written the way users write them.

Each program in :mod:`programs` is a stand-alone script (``python prog.py [ci|paper]``)
that knows nothing of skmd: ``cl.create_some_context()``, kernels launched with no
local size, ``pyopencl.array`` arithmetic, elementwise, reduction and scan kernels,
short kernels in loops with a ``queue.finish()`` each.  Each checks its result
against NumPy and exits non-zero on a mismatch.  :mod:`skmd.bench.unseen.processes`
times whole processes, plain ``python`` against ``python -m skmd run``.
"""
from __future__ import annotations

import os

#: the programs, in table order (file names without ``.py``)
PROGRAMS = ("one_launch", "saxpy_loop", "tiny_loop", "array_arith", "elementwise",
            "dot_reduction", "scan", "matmul_naive", "stencil", "mandelbrot", "transpose",
            "byte_histogram", "nbody_allpairs", "profiled_events", "moving_source")

PROGRAM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs")


def program_path(name: str) -> str:
    """The script of program ``name``."""
    if name not in PROGRAMS:
        raise KeyError(f"unknown unseen program {name!r}; have {', '.join(PROGRAMS)}")
    return os.path.join(PROGRAM_DIR, f"{name}.py")
