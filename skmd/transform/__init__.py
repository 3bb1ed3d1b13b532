"""Kernel transformer: analysis and partition-ready rewriting of OpenCL C (thesis §3.2, §5.3).

``analyze_program(source, options)`` parses a program once with libclang and says,
per kernel, which buffers are read and written, over which byte ranges a range of
work-group rows touches them, whether the kernel can be split at all, and how its
work grows with its scalar arguments.  ``partition_source`` is the same program with
every kernel able to run any range of its work-group rows; ``merge_source`` holds,
for the kernels that have one, the merge kernel that copies another device's stores
into the home buffers (thesis fig. 3.6, :mod:`.merge_codegen`).
"""
from __future__ import annotations

from typing import Any

from .launch import Launch

__all__ = ["analyze_program", "ArgInfo", "KernelAnalysis", "Launch", "ProgramAnalysis"]


def __getattr__(name: str) -> Any:
    """The analyses (and ``analyze_program``, the libclang front end) are imported on
    first use: a program under skmd analyses its kernels off the launch path, so its
    start-up need not load them (PEP 562).  Imported on the shield's thread: a launch
    asks for them on the program's, where a signal handler may raise."""
    from skmd.runtime import shield
    if name == "analyze_program":
        return shield.imported(f"{__name__}.analyses").analyze_program
    if name in ("ArgInfo", "KernelAnalysis", "ProgramAnalysis"):
        return getattr(shield.imported(f"{__name__}.kernel_analysis"), name)
    raise AttributeError(f"module 'skmd.transform' has no attribute {name!r}")
