"""A signal handler that raises (Ctrl-C's KeyboardInterrupt, a timeout's SIGALRM
handler) must never leave skmd hung or half-way through a split: a split runs whole
and the exception reaches the program right after it, as after a driver call."""
from __future__ import annotations

import _imp
import importlib
import signal
import sys
import threading
import time

import pytest

from skmd.runtime import shield
from skmd.testing import skmd_installed


def test_work_under_a_storm_of_raising_signal_handlers_always_ends_whole() -> None:
    """Every job the shield runs ends; an exception a handler raised while the program
    waited comes after the job's end, never in its middle."""
    ended: list[int] = []

    def job(i: int) -> int:
        t = time.perf_counter()
        while time.perf_counter() - t < 5e-4:
            pass
        ended.append(i)
        return i

    def on_alarm(_sig, _frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, on_alarm)
    started = returned = interrupted = 0
    try:
        for rep in range(40):
            signal.setitimer(signal.ITIMER_REAL, 0.001 + 0.00037 * rep)
            try:
                t0 = time.time()
                while time.time() - t0 < 0.05:
                    started += 1
                    assert shield.run(job, started) == started
                    returned += 1
            except KeyboardInterrupt:
                interrupted += 1
                if len(ended) < started:  # (raised before the job was handed over)
                    started -= 1
                # (none ended yet where the first job was never handed over)
                assert (ended[-1] if ended else 0) == started, "a job did not end first"
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert interrupted >= 30 and returned > 0
    assert ended == sorted(ended) and len(set(ended)) == len(ended)


def _release_import_lock() -> None:
    """Every hold of the import lock the calling thread has (none: nothing)."""
    while True:
        try:
            _imp.release_lock()
        except RuntimeError:
            return


def test_an_import_lock_a_raising_handler_left_held_does_not_hang_the_next_job(
        tmp_path, monkeypatch) -> None:
    """importlib takes its lock and enters the ``try`` that releases it one step later: a
    handler raising between the two leaves the program's thread holding it, and a job
    the shield then runs would wait for ever at its first import of a new module."""
    (tmp_path / "skmd_shield_fresh.py").write_text("VALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "skmd_shield_fresh", raising=False)

    def job() -> bool:  # (the import on a thread of its own: a test must never hang)
        t = threading.Thread(target=importlib.import_module, args=("skmd_shield_fresh",),
                             daemon=True)
        t.start()
        t.join(10)
        return not t.is_alive()

    def interrupted_import() -> None:  # what importlib does where the handler lands
        _imp.acquire_lock()
        raise KeyboardInterrupt

    try:
        with pytest.raises(KeyboardInterrupt):
            interrupted_import()
        assert shield.run(job), "the job's import waited on the program's import lock"
    finally:
        _release_import_lock()
    assert sys.modules["skmd_shield_fresh"].VALUE == 7


def test_an_import_lock_the_import_system_holds_itself_is_left_alone() -> None:
    """Code run inside the import system while it holds its lock (a finalizer, a
    handler that launches): the hold is importlib's, released by it afterwards."""
    ns: dict = {"__name__": "importlib._bootstrap", "_imp": _imp, "shield": shield}
    exec("def holding():\n"
         "    _imp.acquire_lock()\n"
         "    try:\n"
         "        shield._free_import_lock()\n"
         "        return _imp.lock_held()\n"
         "    finally:\n"
         "        _imp.release_lock()\n", ns)
    assert ns["holding"]()


def test_a_name_a_package_loads_on_first_use_is_imported_on_the_shields_thread(
        tmp_path, monkeypatch) -> None:
    """A launch asks for the partitioners, the decisions and the analyses on the
    program's thread: their imports run where no handler of its can cut them."""
    pkg = tmp_path / "skmd_shield_lazy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "from skmd.lazy_names import getter\n__getattr__ = getter(__name__, {'WHERE': 'mod'})\n")
    (pkg / "mod.py").write_text("import threading\nWHERE = threading.current_thread().name\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("skmd_shield_lazy", "skmd_shield_lazy.mod"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import skmd_shield_lazy
    assert threading.current_thread() is threading.main_thread()
    assert skmd_shield_lazy.WHERE == "skmd-shield"


def test_a_name_asked_for_during_an_import_is_imported_on_the_same_thread(
        tmp_path, monkeypatch) -> None:
    """Module code a thread is importing asks for a name: the shield's thread, importing
    it, could wait for ever on a module lock that thread holds, so it imports it itself."""
    (tmp_path / "skmd_shield_inner.py").write_text(
        "import threading\nWHERE = threading.current_thread().name\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "skmd_shield_inner", raising=False)
    ns: dict = {"__name__": "importlib._bootstrap", "shield": shield}
    exec("def inner():\n    return shield.imported('skmd_shield_inner').WHERE\n", ns)
    assert ns["inner"]() == threading.current_thread().name == "MainThread"


def test_a_kernels_analysis_runs_on_the_shields_thread(monkeypatch) -> None:
    """The analysis a launch waits for (libclang, and the modules it imports first)
    runs where no handler of the program's can cut it in two."""
    import pyopencl as cl

    from skmd.runtime import kernels
    from skmd.testing import skmd_installed
    threads: list[str] = []
    real = kernels.make_entry

    def noted(kernel):
        threads.append(threading.current_thread().name)
        return real(kernel)
    monkeypatch.setattr(kernels, "make_entry", noted)
    with skmd_installed(policy="even", background=False, log=False):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 256)
        k = cl.Program(ctx, "__kernel void z(__global int *a)"
                            "{ a[get_global_id(0)] = 0; }").build().z
        k(q, (256,), None, buf)
        q.finish()
    assert threads and set(threads) == {"skmd-shield"}, threads


def test_a_graph_batch_runs_whole_whatever_a_handler_raises_on_the_programs_thread(
        monkeypatch) -> None:
    """Graph mode's batch, run by a read on the program's thread, is not cut in two by a
    handler raising there (its kernels' events would never be set, their writes lost)."""
    import numpy as np
    import pyopencl as cl

    from skmd.testing import skmd_installed
    n = 1 << 12
    with skmd_installed(mode="mkmd", policy="even", background=False, log=False) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
        k = cl.Kernel(cl.Program(ctx, "__kernel void setk(__global int *a, int k)"
                                      "{ int i = get_global_id(0); a[i] = i * 3 + k; }"
                                 ).build(), "setk")
        evs = [k(q, (n,), None, buf, np.int32(v)) for v in range(3)]
        g = rt.graph
        assert len(g.pending) == 3
        real = type(g)._home_estimate

        def cut(self, batch):  # where a handler raising on the program's thread lands
            if threading.current_thread() is threading.main_thread():
                raise KeyboardInterrupt
            return real(self, batch)
        monkeypatch.setattr(type(g), "_home_estimate", cut)
        cut_short = False
        try:
            rt.flush_graph()
        except KeyboardInterrupt:
            cut_short = True
        monkeypatch.setattr(type(g), "_home_estimate", real)
        done = cl.command_execution_status.COMPLETE
        try:
            assert not cut_short and not g.pending
            assert all(e.command_execution_status == done for e in evs)
        finally:  # (a batch cut short left its events unset: set, for the clean-up)
            for e in evs:
                if e.command_execution_status != done:
                    e.set_status(done)
        h = np.empty(n, np.int32)
        cl.enqueue_copy(q, h, buf)
    assert (h == np.arange(n) * 3 + 2).all()


def test_a_launch_adopting_the_programs_context_sets_the_flag_on_the_shields_thread(
        ) -> None:
    """``threading.Event.set`` enters a Condition in Python: a handler raising on the
    program's thread right after it took its lock left it held, and exit, setting the
    flag again, waited for ever (SKMD_BACKGROUND=1)."""
    import pyopencl as cl

    from skmd.runtime import devices
    ctx = cl.create_some_context(interactive=False)
    dev = devices.enumerate_all()[0]
    by: list[str] = []

    class Noted(threading.Event):
        def set(self) -> None:
            by.append(threading.current_thread().name)
            super().set()
    dev.has_context = Noted()
    dev.device = ctx.devices[0]
    assert dev.adopt_context(ctx)
    assert dev.has_context.wait(30) and by == ["skmd-shield"]


def test_install_readies_what_a_first_launch_would_otherwise_start(monkeypatch):
    """The shield's thread and the disk cache's folder are made ready when the runtime
    starts, not inside the program's first launch (0.4 + 0.2 ms of it on a GPU host)."""
    from skmd.transform import diskcache
    monkeypatch.setattr(shield, "_worker", [])
    monkeypatch.setattr(diskcache, "_folder_texts", {})
    with skmd_installed():
        assert shield._worker and shield._worker[0].is_alive()
        assert diskcache._base in diskcache._folder_texts


def test_post_hands_work_to_the_shields_thread_without_waiting_for_it():
    """What the program's thread need not see done (a flag for skmd's set-up) is handed
    over without the wait :func:`shield.run` makes."""
    gate, ran = threading.Event(), []

    def job() -> None:
        assert gate.wait(30)
        ran.append(threading.current_thread().name)
    shield.post(job)  # returns although the job cannot end yet
    assert not ran
    gate.set()
    shield.run(lambda: None)  # (jobs run in turn: this one ends after the posted one)
    assert ran == ["skmd-shield"]


def test_work_asked_for_while_the_interpreter_finalizes_runs_in_place(tmp_path) -> None:
    """A buffer the program left goes while the interpreter finalizes, and waits for its
    reads in flight through the shield: the shield's thread has stopped by then and no
    new one can start (``Thread.start`` waited for ever), so the work runs in place and
    the program exits."""
    import os
    import subprocess
    prog = tmp_path / "late.py"
    prog.write_text(
        "from skmd.runtime import shield\n"
        "shield.start()\n"
        "class Late:\n"
        "    def __del__(self):\n"
        "        print('ran', shield.run(lambda: 7), flush=True)\n"
        "keep = Late()\n")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root)
    p = subprocess.run([sys.executable, str(prog)], env=env, capture_output=True, text=True,
                       timeout=30)
    assert p.returncode == 0 and p.stdout == "ran 7\n", p.stderr
