"""pyopencl's warnings, pointed at the program's line rather than skmd's.

pyopencl warns with a ``stacklevel`` counted from its own frame: under skmd the frame
that many levels up may be one of skmd's wrappers (a kernel fetched by name a second
time names the shim's ``__getattr__``), so the warning would name skmd's line, and be
shown once for every program line that reaches that wrapper rather than once per
line of the program.  :func:`warn` stands in for the ``warn`` pyopencl's module calls:
the same warning, with skmd's frames left out of the count.  Nothing else changes:
no filter is touched, so Python's record of the warnings each line has shown stays.
"""
from __future__ import annotations

import sys
import warnings
from typing import Any


def _skmd_frame(f: Any) -> bool:
    name = f.f_globals.get("__name__", "")
    return name == "skmd" or name.startswith("skmd.")


def _past_skmd(f: Any, up: int) -> tuple[Any, int]:
    """The first frame from ``f`` outward that is not skmd's, and ``up`` counted on."""
    while _skmd_frame(f) and f.f_back is not None:
        f, up = f.f_back, up + 1
    return f, up


def warn(message: Any, category: Any = None, stacklevel: int = 1, **kwargs: Any) -> None:
    """``warnings.warn`` as pyopencl calls it, counting only frames not skmd's."""
    f = sys._getframe(1)  # pyopencl's own frame: its stacklevel 1
    up = 0
    for _ in range(max(stacklevel, 1) - 1):  # each level up, past skmd's frames
        if f.f_back is None:
            break
        f, up = _past_skmd(f.f_back, up + 1)
    # (1: this function, 2: pyopencl's frame, then ``up`` more)
    warnings.warn(message, category, stacklevel=up + 2, **kwargs)


def warn_at_program(message: Any, category: Any) -> None:
    """``warnings.warn`` at the innermost frame that is not skmd's (a warning skmd
    gives for pyopencl, at the line pyopencl would have named)."""
    _, up = _past_skmd(sys._getframe(1), 0)
    warnings.warn(message, category, stacklevel=up + 2)
