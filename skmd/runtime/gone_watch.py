"""A call made once an object is gone, without ``weakref.finalize``.

The first ``weakref.finalize`` of a process registers weakref's exit hook with
``atexit``.  One made by skmd (a program's build, a buffer's host bytes) before
the program's own atexit handlers would register that hook first, and python runs
atexit handlers last registered first: at exit the program's own finalizers would
then run after its later atexit handlers, where under plain python they run before.
A bare ``weakref.ref`` with a callback registers nothing.
"""
from __future__ import annotations

import weakref
from typing import Any, Callable

#: id of each watching weakref -> that weakref (held here, or its callback never
#: runs) and the call to make
_watching: dict[int, tuple[weakref.ref, Callable[..., Any], tuple[Any, ...]]] = {}


def when_gone(obj: Any, fn: Callable[..., Any], *args: Any) -> None:
    """Call ``fn(*args)`` once ``obj`` is gone.  The call runs where the object goes,
    inside any allocation (a garbage collection), as a finalizer's does: ``fn`` must
    take no lock that code allocating while it holds it takes.  Raises TypeError
    for an object that cannot be weakly referenced."""
    ref = weakref.ref(obj, _fire)
    _watching[id(ref)] = (ref, fn, args)


def _fire(ref: weakref.ref) -> None:
    """The object of ``ref`` is gone: make its call (once; a dict's pop takes no lock)."""
    entry = _watching.pop(id(ref), None)
    if entry is not None:
        entry[1](*entry[2])


def watched() -> int:
    """How many objects are watched now."""
    return len(_watching)
