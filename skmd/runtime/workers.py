"""Daemon threads for skmd's own jobs, and the interpreter's switch interval while
they run beside the program."""
from __future__ import annotations

import queue
import sys
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable

#: the interpreter's thread switch interval while background jobs run beside the
#: program: a launch waits about this long at most for the lock a job holds
SWITCH_S = 2e-4


class Workers:
    """Daemon threads taking jobs from a queue, started once: handing a job over
    costs a queue put on the launch path, where starting a thread waits for it to
    run (milliseconds while another thread holds the interpreter lock).  Daemon
    threads, so that a program ending before skmd's preparations do is not kept
    waiting for them (a pool's threads are joined at exit)."""

    def __init__(self, n: int) -> None:
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        for k in range(n):
            threading.Thread(target=self._work, name=f"skmd-background-{k}",
                             daemon=True).start()

    def submit(self, fn: Any, *args: Any) -> Future:
        done: Future = Future()
        self._jobs.put((done, fn, args))
        return done

    def _work(self) -> None:
        while True:
            done, fn, args = self._jobs.get()
            _busy(+1)
            began = time.perf_counter()
            try:
                done.set_result(fn(*args))
            except BaseException as exc:  # handed to whoever waits
                done.set_exception(exc)
            finally:
                _busy(-1)
                if _observers:
                    _tell(fn, began, time.perf_counter())


#: told of every job once it ended: (its function's name, perf_counter at its start
#: and at its end); benchmarks place skmd's background work beside a program's with it
_observers: list[Callable[[str, float, float], None]] = []


def _tell(fn: Any, began: float, ended: float) -> None:
    name = getattr(fn, "__qualname__", None) or repr(fn)
    for tell in list(_observers):
        try:
            tell(name, began, ended)
        except Exception:  # noqa: BLE001 - an observer never stops a worker
            pass


def observe(tell: Callable[[str, float, float], None]) -> None:
    """Have ``tell(name, began, ended)`` called after every job from now on (in the
    worker's thread): what ran beside the program, and when, without a profiler."""
    if tell not in _observers:
        _observers.append(tell)


def unobserve(tell: Callable[[str, float, float], None]) -> None:
    if tell in _observers:
        _observers.remove(tell)


_busy_lock = threading.Lock()
_busy_jobs = 0
_saved_interval = 0.0


def _busy(change: int) -> None:
    """While any job runs, the interpreter hands its lock over every ``SWITCH_S``
    (instead of every 5 ms), so the program's thread never waits long behind one."""
    global _busy_jobs, _saved_interval
    with _busy_lock:
        if _busy_jobs == 0 and change > 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_saved_interval, SWITCH_S))
        _busy_jobs += change
        if _busy_jobs == 0:
            sys.setswitchinterval(_saved_interval)
