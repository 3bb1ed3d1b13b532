"""OpenCL work done after the program's main thread has ended is done right.

``concurrent.futures`` refuses new work in every thread pool once the main thread
has ended, before the ``atexit`` handlers run and while threads that outlive the
main thread still do.  Plain pyopencl serves a program's launches, reads and
copies then; skmd must too: whole on the home device, the batch of graph mode in
program order, with no traceback or warning, and never a wrong result.
"""
from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import thread as cf_thread
from pathlib import Path

import numpy as np
import pytest

from skmd.runtime import pools


# -- the helper itself, without OpenCL ------------------------------------------------
def test_a_pool_shut_down_takes_no_work_and_the_job_runs_here() -> None:
    """A pool's own shutdown (its workers set it once the interpreter's hook ran) is
    seen, and a job handed to it runs here, its outcome in the future."""
    ex = ThreadPoolExecutor(1)
    assert pools.pools_open(ex) and pools.late_reason(ex) is None
    ex.shutdown()
    assert not pools.pools_open(ex)
    assert pools.late_reason(ex) == pools.LATE_REASON
    assert pools.submit(ex, lambda a, b: a + b, 2, 3).result() == 5
    failed = pools.submit(ex, lambda: 1 // 0)  # a failure is the future's, as in a pool
    assert isinstance(failed.exception(), ZeroDivisionError)


def test_the_interpreter_shutting_down_closes_every_pool(monkeypatch) -> None:
    """The interpreter's flag is set before any pool's own: it alone closes them."""
    ex = ThreadPoolExecutor(1)
    try:
        monkeypatch.setattr(cf_thread, "_shutdown", True)
        assert not pools.pools_open() and not pools.pools_open(ex)
        assert pools.late_reason() == pools.LATE_REASON
        assert pools.submit(ex, lambda: 7).result() == 7  # (ex.submit would raise)
    finally:
        monkeypatch.undo()
        ex.shutdown()


def test_a_refused_submit_runs_the_job_here() -> None:
    """A pool that closes between the look and the submit: the job still runs."""
    class Refusing(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
            raise RuntimeError("cannot schedule new futures after interpreter shutdown")
    ex = Refusing(1)
    assert pools.pools_open(ex)
    assert pools.submit(ex, lambda: "here").result() == "here"
    ex.shutdown()


_FILL = """
__kernel void fill(__global uint *y)
{ uint i = get_global_id(0), h = i;
  for (int k = 0; k < 64; k++) h = h * 1664525u + 1013904223u;
  y[i] = h; }
"""


@pytest.mark.parametrize("mode", ["skmd", "mkmd"])
def test_a_split_whose_pools_close_as_it_begins_completes(monkeypatch, mode: str) -> None:
    """The pools close between a split's decision and its hand-over to them (the main
    thread ended meanwhile): the helpers' parts, or the graph's kernels, run on the
    calling thread, and the split completes with the right result."""
    import pyopencl as cl

    from skmd.testing import skmd_installed

    def refused(*args: object, **kwargs: object) -> None:
        raise RuntimeError("cannot schedule new futures after interpreter shutdown")
    n = 1 << 18
    with skmd_installed(policy="even", mode=mode) as rt:
        monkeypatch.setattr(rt.pool, "submit", refused)
        monkeypatch.setattr(rt.graph.node_pool, "submit", refused)
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        k = cl.Kernel(cl.Program(ctx, _FILL).build(), "fill")
        y = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
        k(q, (n,), (64,), y)
        got = np.empty(n, np.uint32)
        cl.enqueue_copy(q, got, y)
        shares = rt.records[-1].shares
    h = np.arange(n, dtype=np.uint32)
    for _ in range(64):
        h = h * np.uint32(1664525) + np.uint32(1013904223)
    assert np.array_equal(got, h)
    assert sum(1 for v in shares.values() if v) >= 2, shares


REPO = str(Path(__file__).resolve().parents[2])

#: a program whose main thread splits a launch, then hands the rest of its work to
#: an atexit handler, a weakref.finalize callback or a thread that waits for the
#: main thread to end; that work launches (a split, were the pools open), copies
#: and reads, and saves what it read with the reasons the launches ran for
_PROGRAM = r"""
import atexit, sys, threading, weakref
import numpy as np, pyopencl as cl
from skmd.runtime import core
where, out = sys.argv[1], sys.argv[2]
ctx = cl.create_some_context(interactive=False)
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, '''
__kernel void first(__global uint *y)
{ uint i = get_global_id(0), h = i;
  for (int k = 0; k < 64; k++) h = h * 1664525u + 1013904223u;
  y[i] = h; }
__kernel void again(__global uint *y, __global const uint *x)
{ uint i = get_global_id(0), h = y[i], g = x[i] ^ i;
  for (int k = 0; k < 64; k++) h = h * 5u + g;
  y[i] = h; }
__kernel void last(__global uint *y, __global const uint *x)
{ uint i = get_global_id(0), h = y[i], g = x[i] ^ i;
  for (int k = 0; k < 64; k++) h = h * 7u + g;
  y[i] = h; }
''').build()
n = 1 << 20
mf = cl.mem_flags
x, y, z = (cl.Buffer(ctx, mf.READ_WRITE, 4 * n) for _ in range(3))
first, again, last = (cl.Kernel(prg, name) for name in ("first", "again", "last"))

def begin():
    first(q, (n,), (64,), y)
    first(q, (n,), (64,), x)
    again(q, (n,), (64,), y, x)
    q.finish()  # (graph mode: the batch runs; its results stay where they were made)

def late():
    rt = core.current()
    seen = len(rt.records)
    w = cl.Buffer(ctx, mf.READ_WRITE, 4 * n)
    first(q, (n,), (64,), w)  # (graph mode: split, were the pools open)
    for _ in range(3):
        again(q, (n,), (64,), y, x)
    cl.enqueue_copy(q, z, y)
    last(q, (n,), (64,), z, x)
    got = np.empty(3 * n, np.uint32)
    for k, buf in enumerate((y, z, w)):
        cl.enqueue_copy(q, got[k * n:(k + 1) * n], buf)
    q.finish()
    np.save(out, got)
    with open(out + ".why", "w") as f:
        f.write("\n".join(sorted({str(r.reason) for r in rt.records[seen:]})))

class Holder:
    pass
if where != "thread-only":  # (else the thread does it all)
    begin()
if where == "atexit":
    atexit.register(late)
elif where == "finalize":
    keep = Holder()
    weakref.finalize(keep, late)
else:
    def worker():
        threading.main_thread().join()  # the pools refuse work from here on
        if where == "thread-only":
            begin()
        late()
    threading.Thread(target=worker).start()
"""


def _expected() -> np.ndarray:
    """What the program reads, worked out by numpy (uint32 wraps as OpenCL's does)."""
    i = np.arange(1 << 20, dtype=np.uint32)

    def first() -> np.ndarray:
        h = i.copy()
        for _ in range(64):
            h = h * np.uint32(1664525) + np.uint32(1013904223)
        return h

    def again(h: np.ndarray, g: np.ndarray, by: int = 5) -> np.ndarray:
        for _ in range(64):
            h = h * np.uint32(by) + g
        return h
    x = first()
    g = x ^ i
    y = again(first(), g)
    for _ in range(3):
        y = again(y, g)
    return np.concatenate([y, again(y, g, 7), x])


def _run(tmp_path: Path, where: str, **env: str) -> tuple[np.ndarray, set[str]]:
    """The program run under ``python -m skmd run`` over three PoCL devices, splits
    forced; (what it read, the reasons its late launches ran for).  Fails on a
    non-zero exit or anything written to stderr."""
    prog = tmp_path / "late.py"
    prog.write_text(_PROGRAM)
    out = str(tmp_path / f"{where}.npy")
    paths = [REPO] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])
    env = {**os.environ, "POCL_DEVICES": "pthread pthread pthread", "SKMD_POLICY": "even",
           "SKMD_BACKGROUND": "0", "SKMD_PROFILE_DIR": str(tmp_path / "store"),
           "PYTHONPATH": os.pathsep.join(paths), **env}
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(prog), where, out],
                       text=True, capture_output=True, timeout=120, cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stderr == "", r.stderr[-3000:]
    why = set(Path(out + ".why").read_text().splitlines())
    return np.load(out), why


@pytest.mark.parametrize("where", ["atexit", "finalize", "thread", "thread-only"])
def test_work_after_the_main_thread_runs_whole_and_right(tmp_path: Path, where: str) -> None:
    """Launches that would split run whole on home, their reason says why, and the
    results are numpy's to the bit; the models are not imported late either (their
    import fails then, and was warned of)."""
    got, why = _run(tmp_path, where)
    assert np.array_equal(got, _expected())
    assert why == {pools.LATE_REASON}, why


@pytest.mark.parametrize("where,mode", [("atexit", "mkmd"), ("thread", "mkmd"),
                                        ("thread-only", "coarse")])
def test_graph_mode_after_the_main_thread_runs_in_program_order(tmp_path: Path, where: str,
                                                                 mode: str) -> None:
    """The main thread's batch left results on a helper: they come home by the driver's
    own reads, and the late launches run at once, whole, in program order (a batch
    scheduled over the devices would need the pools)."""
    got, why = _run(tmp_path, where, SKMD_MODE=mode, SKMD_MIN_SPLIT_US="0")
    assert np.array_equal(got, _expected())
    assert why == {pools.LATE_REASON}, why


def test_no_analysis_begins_after_the_main_thread(tmp_path: Path) -> None:
    """With analyses off the launch path (the default), a kernel first launched after
    the main thread ended is not analysed: whole, saying why."""
    got, why = _run(tmp_path, "thread-only", SKMD_BACKGROUND="1", SKMD_MIN_SPLIT_US="0")
    assert np.array_equal(got, _expected())
    assert why == {pools.LATE_REASON}, why
