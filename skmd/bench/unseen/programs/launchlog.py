"""Small helpers the programs share: the size knob, per-launch timing, the check.

Nothing here knows about skmd: a program runs the same under plain ``python`` and
under ``skmd run``.  Sizes: ``python prog.py [ci|paper]`` (or ``UNSEEN_SIZE``;
default ``paper``).  When ``UNSEEN_LAUNCH_LOG`` names a file, the host time of every
timed section (a launch and the ``queue.finish()`` after it) is written there as
JSON at exit: ``{"launches": [[label, seconds], ...], "stamps": {...}}``, the
launches in order and the wall-clock times (``time.time()``) at which this module
was imported, the first timed section began, the last one ended and the program
exited, which place the process's time in its phases.
"""
from __future__ import annotations

import atexit
import json
import os
import sys
import time
from typing import Any

import numpy as np

SIZES = ("ci", "paper")
_times: list[tuple[str, float]] = []
_stamps: dict[str, float] = {"imported": time.time()}


def size() -> str:
    name = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("UNSEEN_SIZE", "paper")
    if name not in SIZES:
        sys.exit(f"{sys.argv[0]}: size must be one of {', '.join(SIZES)}, not {name!r}")
    return name


def pick(ci: Any, paper: Any) -> Any:
    """The value for the size asked for."""
    return ci if size() == "ci" else paper


class timed:
    """``with timed("saxpy", queue): prg.saxpy(queue, ...)``: host time of the
    launch until ``queue.finish()`` returns."""

    def __init__(self, label: str, queue: Any) -> None:
        self.label, self.queue = label, queue

    def __enter__(self) -> "timed":
        _stamps.setdefault("first", time.time())
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.queue.finish()
        _times.append((self.label, time.perf_counter() - self.t0))
        _stamps["last"] = time.time()


def check(name: str, got: Any, want: Any, rtol: float = 1e-4, atol: float = 1e-5) -> None:
    """Exit with status 1 when ``got`` is not ``want`` within the tolerances."""
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape or not np.allclose(got, want, rtol=rtol, atol=atol):
        err = (np.max(np.abs(got.astype(np.float64) - want)) if got.shape == want.shape
               else f"shape {got.shape} vs {want.shape}")
        print(f"{os.path.basename(sys.argv[0])}: {name} differs from NumPy "
              f"(largest difference {err})", file=sys.stderr)
        sys.exit(1)


def _write_log() -> None:
    path = os.environ.get("UNSEEN_LAUNCH_LOG")
    if path:
        _stamps["exit"] = time.time()
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"launches": _times, "stamps": _stamps}, fh)


atexit.register(_write_log)
