"""Work the program's signal handlers must not cut in two.

A signal handler that raises (``KeyboardInterrupt`` from Ctrl-C, a timeout's
``SIGALRM`` handler) runs in the main thread between any two bytecodes.  Inside a
driver call of a plain run that cannot happen: pyopencl's enqueue is one C call.
Inside skmd's Python it can, and where it lands in ``threading``'s Python-level
primitives (a ``Condition`` entered, a pool's ``Semaphore``) it leaves a lock held
for ever: the next split then hangs.  So a split runs on a thread of its own while the
program's thread waits on a bare lock; an exception a handler raises meanwhile is
held until the split has ended and raised then, as right after a driver call.
"""
from __future__ import annotations

import _imp
import _thread
import importlib
import queue
import sys
import threading
from types import ModuleType
from typing import Any, Callable

_jobs: queue.SimpleQueue = queue.SimpleQueue()  # (put and get in C: no Python lock)
_worker: list[threading.Thread] = []
_start_lock = threading.Lock()
#: the import system's modules (frozen or, with ``-X frozen_modules=off``, from source)
_IMPORT_SYSTEM = ("importlib._bootstrap", "_frozen_importlib")


def run(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``; from the main thread, on the shield's thread, the main thread
    waiting until it has ended whatever its signal handlers raise meanwhile (the
    first such exception is raised once it has: its result is then lost, as a
    driver call's is when the handler runs right after it)."""
    if threading.current_thread() is not threading.main_thread() or not _running():
        return fn(*args)
    _free_import_lock()
    done = _thread.allocate_lock()
    done.acquire()
    box: list[Any] = []
    job = [fn, args, box, done, False]  # (the last: taken by the shield's thread)
    held: BaseException | None = None
    sent = False
    while not box:  # (filled before ``done`` is released)
        try:  # a handler may raise between any two steps here: every one is repeatable
            if not sent:
                _jobs.put(job)  # (sent twice where it raised just after: run once)
                sent = True
            done.acquire()
        except BaseException as exc:  # from a signal handler: the work goes on
            held = held or exc
    if held is not None:
        raise held
    ok, value = box[0]
    if ok:
        return value
    raise value


def post(fn: Callable[..., Any], *args: Any) -> None:
    """``fn(*args)`` as :func:`run` would, but without waiting for it (its result and
    any exception it raises dropped): for a flag that other threads wait for and the
    program's thread need not see set before it goes on (a hand-over waited for costs
    a launch 0.05 ms, milliseconds on a busy machine)."""
    if threading.current_thread() is not threading.main_thread() or not _running():
        fn(*args)
        return
    done = _thread.allocate_lock()
    done.acquire()  # (the shield's thread releases it once the job has run)
    _jobs.put([fn, args, [], done, False])


def imported(name: str) -> ModuleType:
    """Module ``name``, imported (where it is not yet) on the shield's thread: a handler
    raising on the program's thread inside the import system, right after it took the
    import lock, would leave that lock held, and every later import of skmd's threads
    would wait for it for ever (it would also cut the module's code in two)."""
    mod = sys.modules.get(name)
    if mod is not None and not getattr(getattr(mod, "__spec__", None), "_initializing", False):
        return mod
    if _importing(sys._getframe(1)):  # (here: the shield's thread could wait for ever on
        return importlib.import_module(name)  # a module this thread is importing)
    return run(importlib.import_module, name)


def _importing(frame: Any) -> bool:
    """Whether ``frame`` or a caller of it runs in the import system."""
    while frame is not None:
        if frame.f_globals.get("__name__", "").startswith(_IMPORT_SYSTEM):
            return True
        frame = frame.f_back
    return False


def _free_import_lock() -> None:
    """Release the import lock where the program's thread holds it outside the import
    system: a handler raised right after importlib took it (``_imp.acquire_lock()``
    returns, then the handler runs before the ``try`` that releases it), and the job
    about to be handed over would wait for it for ever at its first import."""
    if not _imp.lock_held() or _importing(sys._getframe(1)):  # (there: its own hold)
        return
    while True:
        try:
            _imp.release_lock()
        except RuntimeError:  # (held by another thread, or no more by this one)
            return


def start() -> None:
    """Start the shield's thread now (at install) rather than in the first launch that
    needs it, which its start and first hand-over cost 0.4 ms on a GPU host."""
    _running()


def _running() -> bool:
    """Start the shield's thread once (False where no thread can start or run: at exit,
    where a buffer the program left goes and a new thread would never start, and the
    daemon thread, stopped, would never take the job)."""
    if sys.is_finalizing():
        return False
    if _worker and _worker[0].is_alive():
        return True
    with _start_lock:
        if not (_worker and _worker[0].is_alive()):
            t = threading.Thread(target=_serve, name="skmd-shield", daemon=True)
            try:
                t.start()
            except RuntimeError:  # the interpreter is shutting down
                return False
            _worker[:] = [t]
    return True


def _serve() -> None:
    while True:
        job = _jobs.get()
        if job[4]:  # (a second copy of a job run already)
            continue
        job[4] = True
        fn, args, box, done = job[:4]
        try:
            box.append((True, fn(*args)))
        except BaseException as exc:  # handed to the caller, as its own call would raise
            box.append((False, exc))
        finally:
            done.release()
            # (held here till the next job, they would keep the program's buffers,
            # kernels and so its programs alive)
            del job, fn, args, box, done
