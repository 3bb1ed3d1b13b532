"""skmd's own warnings told in one line, ``skmd ...: what happened``.

python prints a warning with the file and line of the code that raised it; for
skmd's warnings (the profile store cannot be used, a device was left out) that is a
line of skmd's source, which tells a user nothing.  They stay warnings (filters and
``-W error`` work on them as on any other); only their printing changes, and only
while python's own printer is in place: one a program or a test harness installs
is left alone.
"""
from __future__ import annotations

import os
import sys
import warnings
from typing import Any, TextIO

_SKMD_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
#: python's own printer, as the warnings module keeps it to tell it from a replacement
_PYTHON_SHOW = getattr(warnings, "_showwarning_orig", warnings.showwarning)


class SkmdWarning(UserWarning):
    """A warning of skmd's own: printed as its message alone."""


def _ours(message: Any, category: type[Warning], filename: str) -> bool:
    return issubclass(category, SkmdWarning) or (
        str(filename).startswith(_SKMD_DIR) and str(message).startswith("skmd"))


def _show(message: Any, category: type[Warning], filename: str, lineno: int,
          file: TextIO | None = None, line: str | None = None) -> None:
    """python's printer, but skmd's warnings as one line."""
    if not _ours(message, category, filename):
        _PYTHON_SHOW(message, category, filename, lineno, file, line)
        return
    out = sys.stderr if file is None else file
    if out is None:
        return
    try:
        out.write(f"{message}\n")
    except OSError:  # as python's printer: a warning never fails the program
        pass


def warn(message: str, category: type[Warning] = SkmdWarning, stacklevel: int = 1) -> None:
    """``warnings.warn`` for skmd's own warnings (one line when printed)."""
    # only over python's own printing: not while warnings are being recorded
    # (``catch_warnings(record=True)`` puts python's printer back and records instead)
    impl = getattr(warnings, "_showwarnmsg_impl", None)
    if (warnings.showwarning is _PYTHON_SHOW
            and getattr(impl, "__name__", "") == "_showwarnmsg_impl"):
        warnings.showwarning = _show
    warnings.warn(message, category, stacklevel=stacklevel + 1)
