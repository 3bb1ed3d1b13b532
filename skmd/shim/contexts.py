"""``create_some_context`` handing out the context ``skmd run`` made ahead.

``skmd run`` makes a context on the likely home device while the program's
imports run (:mod:`skmd.runtime.warm_start`); the program's first
``create_some_context`` that picks that device alone gets it, where plain
pyopencl would make one then (about 0.1 s on a GPU).  Every other call, and every
call when nothing was made ahead, is pyopencl's own.
"""
from __future__ import annotations

from typing import Any, Callable

import pyopencl as cl

from skmd.runtime import warm_start


def _some_context(orig: Callable) -> Callable:
    choose = getattr(cl, "choose_devices", None)

    def create_some_context(interactive: bool | None = None,
                            answers: list[str] | None = None) -> Any:
        if choose is None or not warm_start.premade():
            return orig(interactive, answers)
        devices = choose(interactive, answers)
        made = warm_start.take_context(devices)
        return made if made is not None else cl.Context(devices)
    create_some_context.__doc__ = orig.__doc__
    return create_some_context


def install(set_: Callable[[Any, str, Any], None]) -> None:
    """Replace pyopencl's ``create_some_context`` (and its alias ``_csc``)."""
    wrapped = _some_context(cl.create_some_context)
    set_(cl, "create_some_context", wrapped)
    if getattr(cl, "_csc", None) is not None:
        set_(cl, "_csc", wrapped)
