"""Queues used after their ``with`` block, warned of where plain pyopencl warns.

pyopencl warns (``CommandQueueUsedAfterExit``) from its C code whenever a command
touches such a queue, naming the Python line running then.  Under skmd that line is
skmd's own, and skmd touches a queue more often than the program does: the warnings
would name skmd's lines, several per command.  So once a queue has left its ``with``
block, skmd's own touches of queues warn nothing (a filter on skmd's modules), and
each command the program gives on such a queue is warned of once, at the line
pyopencl's own wrapper or the program called it from.
"""
from __future__ import annotations

import warnings
from typing import Any, Callable

import pyopencl as cl

from skmd.shim import caller_warnings

#: whether any queue has left its ``with`` block (commands look no further until one has)
any_exited = False
#: pyopencl's own text of the warning, taken the first time it is given
_text: list[str] = []


def exit_wrapper(orig: Callable) -> Callable:
    """``CommandQueue.__exit__``, marking the queue as used up."""
    def __exit__(self: Any, *exc: Any) -> Any:
        global any_exited
        out = orig(self, *exc)
        try:
            self._skmd_exited = True
            any_exited = True
        except AttributeError:  # (nowhere to mark it: warned of as skmd's lines)
            pass
        return out
    return __exit__


def check(objs: Any) -> None:
    """A command of the program over ``objs``: warn as pyopencl does where one is a
    queue used after its ``with`` block."""
    for o in objs:
        if getattr(o, "_skmd_exited", False) is True:
            _warn(o)
            return


def _warn(queue: Any) -> None:
    if not _text:
        with warnings.catch_warnings(record=True) as got:  # (once: pyopencl's own words)
            warnings.simplefilter("always")
            queue.int_ptr  # noqa: B018 - the touch that warns
        _text.append(str(got[0].message) if got else "command queue used after exit")
        warnings.filterwarnings("ignore", category=cl.CommandQueueUsedAfterExit,
                                module=r"skmd\.")
    caller_warnings.warn_at_program(_text[0], cl.CommandQueueUsedAfterExit)
