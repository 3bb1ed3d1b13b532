"""Launches the program waited for at once: a bound on their kernels' time, known
before any analysis.

A kernel enqueued at ``t`` whose queue's ``finish()`` returns at ``t + w`` ran for
at most ``w``.  While a kernel awaits its analysis, each of its launches that the
program waits for before launching again on that queue bounds it this way; when
every such launch ended sooner than a split could pay for itself, the analysis
(tens of milliseconds of Python beside the program's thread) is put off: a tight
loop of short kernels with a ``finish()`` each (the unseen suite's tiny_loop) never
pays it.  A launch not waited for before the next one leaves its kernel unbounded,
and analysed as before.
"""
from __future__ import annotations

import time
from typing import Any

#: per queue handle: (the stand-in of the kernel launched last, when it was called)
_last: dict[int, tuple[Any, float]] = {}


def note_launch(queue: Any, stand: Any) -> None:
    """``stand``'s kernel is being enqueued on ``queue`` now."""
    try:
        q = queue.int_ptr
    except Exception:  # noqa: BLE001 - any object a launch hands over
        return
    prev = _last.get(q)
    if prev is not None:  # launched again before a wait: no bound for that one
        prev[0].unwaited = True
    _last[q] = (stand, time.perf_counter())


def note_finish(queue: Any) -> None:
    """``queue.finish()`` returned: the kernel launched last on it ran no longer
    than since its call."""
    try:
        got = _last.pop(queue.int_ptr, None)
    except Exception:  # noqa: BLE001
        return
    if got is not None:
        stand, t_call = got
        stand.waited_s = max(stand.waited_s, time.perf_counter() - t_call)


def too_short(stand: Any, limit_s: float) -> bool:
    """Whether every launch of ``stand``'s kernel so far was waited for and ended
    within ``limit_s`` (0: no bound counts), so its analysis can wait."""
    return limit_s > 0 and not stand.unwaited and 0 < stand.waited_s < limit_s

