"""Whether skmd's thread pools still take work, and a submit that does without them.

``concurrent.futures`` shuts every ``ThreadPoolExecutor`` down once the program's
main thread has ended (a hook ``threading._register_atexit`` runs then: before the
``atexit`` handlers, while non-daemon threads still run), and from then on every
``submit`` raises ``RuntimeError``.  A program may still use OpenCL after that
(an ``atexit`` handler, a ``weakref.finalize`` callback at exit, a thread that
outlives the main thread), and plain pyopencl serves it: so must skmd.  Its
launches then run whole on the home device (:func:`late_reason`), and a job
handed to a pool that no longer takes work runs on the calling thread
(:func:`submit`), so that a split already begun still completes.
"""
from __future__ import annotations

from concurrent.futures import Executor, Future
from concurrent.futures import thread as _cf_thread
from typing import Any, Callable

#: why a launch made once the pools take no more work runs whole
LATE_REASON = "the interpreter is shutting down: whole"


def pools_open(pool: Executor | None = None) -> bool:
    """Whether thread pools (``pool``, where given) still take work: neither the
    interpreter's exit hook nor ``pool``'s own ``shutdown`` has closed them."""
    if getattr(_cf_thread, "_shutdown", False):
        return False
    return pool is None or not getattr(pool, "_shutdown", False)


def late_reason(pool: Executor | None = None) -> str | None:
    """The reason a launch runs whole because the pools a split needs are closed,
    or None while they take work."""
    return None if pools_open(pool) else LATE_REASON


def called(fn: Callable[..., Any], *args: Any) -> Future:
    """``fn(*args)`` run here, its outcome held as a finished future."""
    fut: Future = Future()
    try:
        fut.set_result(fn(*args))
    except Exception as exc:  # handed to whoever waits, as a pool's future would be
        fut.set_exception(exc)
    return fut


def submit(pool: Executor, fn: Callable[..., Any], *args: Any) -> Future:
    """``pool.submit(fn, *args)``, or ``fn(*args)`` run here where ``pool`` takes no
    more work (the interpreter is shutting down): the job is done either way, on
    this thread at the cost of its overlap."""
    if pools_open(pool):
        try:
            return pool.submit(fn, *args)
        except RuntimeError:  # closed between the look and the submit
            pass
    return called(fn, *args)
