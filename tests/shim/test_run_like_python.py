"""``skmd run`` ends a program as ``python`` does: its ``__main__``, its globals at exit,
its file's name, its uncaught exceptions and interrupts; each program run both ways."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_shim_cli import PROGRAM_SCRIPT, _env, _run, python_run, skmd_run

GLOBALS_AT_EXIT = textwrap.dedent("""
    import atexit, gc, pickle, sys
    class Held:
        def __init__(self, name): self.name = name
        def __del__(self): print("freed", self.name)
    kept = Held("global")
    def at_exit():
        gc.collect()  # the globals are not garbage yet
        main = sys.modules["__main__"]
        print("atexit", main.__dict__ is globals(), "__file__" in globals(), kept.name)
        print("pickled", pickle.loads(pickle.dumps(Other(5))).v)
    class Other:
        def __init__(self, v): self.v = v
    atexit.register(at_exit)
    def f(a: int) -> None: pass
    print("annotations", f.__annotations__, __name__)
""")


@pytest.mark.parametrize("as_module", [False, True])
def test_the_programs_globals_outlive_its_atexit_handlers(tmp_path: Path,
                                                          as_module: bool) -> None:
    """python keeps ``__main__`` (and so the program's globals) until it shuts down,
    after the atexit handlers; runpy's temporary ``__main__`` let them go first."""
    (tmp_path / "keep_mod.py").write_text(GLOBALS_AT_EXIT)
    target = ["-m", "keep_mod"] if as_module else ["keep_mod.py"]
    r = _run([sys.executable, "-m", "skmd", "run", *target], tmp_path)
    ref = _run([sys.executable, *target], tmp_path)
    assert ref.returncode == r.returncode == 0, r.stderr
    assert r.stdout == ref.stdout, (r.stdout, ref.stdout)
    assert "atexit True" in r.stdout and r.stdout.endswith("freed global\n"), r.stdout


WHERE_AM_I = textwrap.dedent("""
    import os, sys, warnings
    print("file", __file__)
    print("argv0", sys.argv[0])
    print("path0", sys.path[0])
    here = os.path.dirname(__file__)
    os.chdir("/")
    print("sibling", os.path.exists(os.path.join(here, "data.txt")))
    warnings.warn("where am I")
""")


@pytest.mark.parametrize("how", ["relative", "link", "dotted"])
def test_a_script_named_by_a_relative_path_knows_its_absolute_file(tmp_path: Path,
                                                                    how: str) -> None:
    """python (3.9+) makes the script's ``__file__`` (and its code's file name, which
    warnings and tracebacks show) absolute, keeps ``sys.argv[0]`` as typed, and puts
    the script's folder, its link followed, first on ``sys.path``."""
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "where.py").write_text(WHERE_AM_I)
    (sub / "data.txt").write_text("x")
    path = "sub/where.py"
    if how == "link":
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "elsewhere" / "link.py").symlink_to(sub / "where.py")
        path = "elsewhere/link.py"
    elif how == "dotted":
        path = "./sub/../sub/where.py"  # python keeps the dots in __file__
    r, ref = skmd_run(path, cwd=tmp_path), python_run(path, cwd=tmp_path)
    assert ref.returncode == r.returncode == 0, r.stderr
    assert r.stdout == ref.stdout and r.stderr == ref.stderr, (r.stdout, r.stderr, ref.stderr)
    assert f"file {tmp_path}/{path}\n" in r.stdout and f"argv0 {path}\n" in r.stdout


def test_spawned_children_import_the_program_by_its_file(tmp_path: Path) -> None:
    """multiprocessing's spawn children import ``__main__`` by its ``__file__`` and
    pickle what it defines by name."""
    prog = tmp_path / "spawner.py"
    prog.write_text(textwrap.dedent("""
        import multiprocessing as mp
        def square(v): return v * v
        if __name__ == "__main__":
            with mp.get_context("spawn").Pool(2) as pool:
                print(pool.map(square, range(5)))
    """))
    r = skmd_run("spawner.py", cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.splitlines()[-1] == "[0, 1, 4, 9, 16]", r.stdout


HOOKED = textwrap.dedent("""
    import sys, threading
    def hook(etype, value, tb):
        names = []
        while tb is not None:
            names.append(tb.tb_frame.f_code.co_name)
            tb = tb.tb_next
        print("hook:", etype.__name__, value, names, file=sys.stderr)
    sys.excepthook = hook
    threading.excepthook = lambda a: print("thread hook:", a.exc_type.__name__, file=sys.stderr)
    def fail(): raise KeyError("in thread")
    t = threading.Thread(target=fail)
    t.start(); t.join()
    def f(): raise ValueError("boom")
    f()
""")


def test_an_uncaught_exception_goes_to_the_programs_excepthook(tmp_path: Path) -> None:
    """python hands an uncaught exception to ``sys.excepthook`` (the program's, when it
    set one), with the program's frames only; a thread's goes to
    ``threading.excepthook`` as before."""
    (tmp_path / "hooked.py").write_text(HOOKED)
    r, ref = skmd_run("hooked.py", cwd=tmp_path), python_run("hooked.py", cwd=tmp_path)
    assert ref.returncode == r.returncode == 1, r.stderr
    assert r.stderr == ref.stderr, (r.stderr, ref.stderr)
    assert "hook: ValueError boom ['<module>', 'f']" in r.stderr, r.stderr


@pytest.mark.parametrize("hook", ["broken", "none", "exits"])
def test_a_failing_excepthook_is_told_as_python_tells_it(tmp_path: Path, hook: str) -> None:
    """A hook that raises is told beside the exception (its own traceback, no
    exception being handled while it runs); one that calls sys.exit sets the status."""
    body = {"broken": "def hook(*a):\n    traceback.print_exc()\n    raise OSError('hook')\n",
            "none": "hook = None\n",
            "exits": "def hook(*a):\n    sys.exit(7)\n"}[hook]
    (tmp_path / "bad_hook.py").write_text(
        "import sys, traceback\n" + body + "sys.excepthook = hook\nraise ValueError(1)\n")
    r, ref = skmd_run("bad_hook.py", cwd=tmp_path), python_run("bad_hook.py", cwd=tmp_path)
    assert r.returncode == ref.returncode == (7 if hook == "exits" else 1), r.stderr
    assert r.stderr == ref.stderr, (r.stderr, ref.stderr)


DRIVER_ERRORS = textwrap.dedent("""
    import numpy as np, pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, "__kernel void k(__global float *a) { a[get_global_id(0)] = 1.0f; }").build()
    knl = cl.Kernel(prg, "k")
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 1000)
    def launch():
        knl(q, (1000,), (7,), buf)  # a local size that does not divide: the driver refuses
    try:
        launch()
    except cl.Error as first:
        try:
            launch()
        except cl.Error as second:
            raise ExceptionGroup("both", [first, RuntimeError("x")]) from second
""")


def test_a_driver_error_in_a_launch_shows_no_skmd_frames(tmp_path: Path) -> None:
    """The traceback of an uncaught pyopencl error raised under skmd's launch path
    ends in pyopencl's frames, as it does plainly, in every exception of its chain."""
    (tmp_path / "refused.py").write_text(DRIVER_ERRORS)
    r, ref = skmd_run("refused.py", cwd=tmp_path), python_run("refused.py", cwd=tmp_path)
    assert ref.returncode == r.returncode == 1, r.stderr
    assert "skmd" not in r.stderr and "INVALID_WORK_GROUP_SIZE" in r.stderr, r.stderr
    assert r.stderr == ref.stderr, (r.stderr, ref.stderr)


INTERRUPTED = textwrap.dedent("""
    import atexit, os, signal, sys
    class Held:
        def __del__(self): print("freed at shutdown", flush=True)
    kept = Held()
    atexit.register(print, "atexit ran")
    class Mine(KeyboardInterrupt): pass
    def work(how):
        print("working", flush=True)
        if how == "signal":
            os.kill(os.getpid(), signal.SIGINT)
        raise Mine() if how == "subclass" else KeyboardInterrupt
    work(sys.argv[1])
""")


@pytest.mark.parametrize("how", ["raise", "signal", "subclass", "module"])
def test_an_uncaught_keyboard_interrupt_ends_the_process_by_sigint(tmp_path: Path,
                                                                   how: str) -> None:
    """python tells an uncaught KeyboardInterrupt (its traceback), exits normally
    (atexit handlers, globals freed), then kills itself with SIGINT: -2 to a parent,
    130 in a shell.  A subclass of it is an ordinary exception (status 1)."""
    (tmp_path / "interrupted.py").write_text(INTERRUPTED)
    target = ["-m", "interrupted", "raise"] if how == "module" else ["interrupted.py", how]
    r = _run([sys.executable, "-m", "skmd", "run", *target], tmp_path)
    ref = _run([sys.executable, *target], tmp_path)
    assert ref.returncode == r.returncode == (1 if how == "subclass" else -2), r.stderr
    assert r.stdout == ref.stdout == "working\natexit ran\nfreed at shutdown\n", r.stdout
    assert r.stderr == ref.stderr, (r.stderr, ref.stderr)
    assert r.stderr.startswith("Traceback (most recent call last):\n"), r.stderr


def test_an_interrupted_run_still_records_its_launches(tmp_path: Path) -> None:
    """The normal exit runs before the SIGINT: skmd's run log is written."""
    script = tmp_path / "app.py"
    script.write_text(PROGRAM_SCRIPT.replace("sys.exit(", "raise KeyboardInterrupt("))
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"))
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == -2, r.stderr[-2000:]
    e = subprocess.run([sys.executable, "-m", "skmd", "explain", "--json"], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert e.returncode == 0, e.stderr[-2000:]
    assert [x["kernel"] for x in json.loads(e.stdout)["launches"]] == ["twice"] * 3


REFETCHED = textwrap.dedent("""
    import numpy as np
    import pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 64)
    for it in range(4):
        prg = cl.Program(ctx, "__kernel void k(__global int *a, int v) { a[0] = v; }").build()
        for r in range(2):
            prg.k(q, (64,), None, buf, np.int32(r))
    q.finish()
""")


def test_a_warning_is_shown_once_per_line_as_python_shows_it(tmp_path: Path) -> None:
    """pyopencl's warning of a kernel fetched twice, under Python's default filters:
    once, naming the program's line, as plainly (not once per loop: nothing skmd does
    may make Python forget the warnings it has shown)."""
    (tmp_path / "refetched.py").write_text(REFETCHED)
    r, ref = skmd_run("refetched.py", cwd=tmp_path), python_run("refetched.py", cwd=tmp_path)
    assert ref.returncode == r.returncode == 0, r.stderr
    assert ref.stderr.count("RepeatedKernelRetrieval") == 1, ref.stderr
    assert r.stderr == ref.stderr, (r.stderr, ref.stderr)


QUEUE_AFTER_EXIT = textwrap.dedent("""
    import numpy as np
    import pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    prg = cl.Program(ctx, "__kernel void k(__global float *a) { a[get_global_id(0)] += 1; }").build()
    k = cl.Kernel(prg, "k")
    with cl.CommandQueue(ctx) as q:
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                        hostbuf=np.zeros(1024, np.float32))
    k(q, (1024,), None, buf)
    out = np.empty(1024, np.float32)
    cl.enqueue_copy(q, out, buf)
    q.finish()
    print(out[:3])
""")


def test_a_queue_used_after_its_with_block_is_warned_of_as_plainly(tmp_path: Path) -> None:
    """pyopencl warns of each command on a queue that left its ``with`` block, naming the
    line that gave it; under skmd the same warnings name the same lines (none of
    skmd's, though skmd touches the queue too)."""
    (tmp_path / "exited.py").write_text(QUEUE_AFTER_EXIT)
    r, ref = skmd_run("exited.py", cwd=tmp_path), python_run("exited.py", cwd=tmp_path)
    assert ref.returncode == r.returncode == 0, r.stderr
    assert "CommandQueueUsedAfterExit" in ref.stderr, ref.stderr
    assert r.stderr == ref.stderr, (r.stderr, ref.stderr)
