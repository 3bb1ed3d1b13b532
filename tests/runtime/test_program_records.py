"""What skmd keeps of a program goes once the program is done with it: a program that
makes a context per task (pyopencl's own tests do) must not run out of contexts."""
from __future__ import annotations

import gc

import numpy as np

from skmd.testing import skmd_installed

SRC = "__kernel void twice(__global float *a) { a[get_global_id(0)] *= 2.0f; }"


def _task(cl, keep_kernel: bool = False):
    """One task in a context of its own: build, launch, read back; returns the
    program's pointer (and its kernel, when asked to keep it)."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    host = np.arange(256, dtype=np.float32)
    buf = cl.Buffer(ctx, cl.mem_flags.COPY_HOST_PTR, hostbuf=host)
    prg = cl.Program(ctx, SRC).build()
    knl = prg.twice
    knl(q, (256,), None, buf)
    out = np.empty_like(host)
    cl.enqueue_copy(q, out, buf)
    assert np.array_equal(out, 2 * host)
    return prg.int_ptr, (knl if keep_kernel else None)


def test_a_programs_record_goes_with_the_program_and_its_kernels() -> None:
    import pyopencl as cl
    from skmd.runtime import kernels
    with skmd_installed():
        first, _ = _task(cl)
        gc.collect()
        _task(cl)  # (a build looks at what went)
        assert first not in kernels._programs
        # the program object gone but a kernel of it held: kept, the kernel may run again
        held_ptr, knl = _task(cl, keep_kernel=True)
        gc.collect()
        _task(cl)
        assert held_ptr in kernels._programs
        del knl
        gc.collect()
        _task(cl)
        assert held_ptr not in kernels._programs


def test_many_contexts_leave_a_bounded_number_of_records() -> None:
    import pyopencl as cl
    from skmd.runtime import kernels
    with skmd_installed() as rt:
        before = len(kernels._programs)  # (earlier tests' programs may still be held)
        for _ in range(40):
            _task(cl)
            gc.collect()
        assert len(kernels._programs) <= before + 3, (before, len(kernels._programs))
        assert len(rt._home_queues) <= 8 and len(rt._copy_queues) <= 8


def test_when_a_programs_analysis_may_start_is_kept_with_its_record() -> None:
    """Kept per program, not per pointer: it goes with the record, and a later program
    at the same pointer is timed afresh (its source may never have been analysed)."""
    import pyopencl as cl
    from skmd.runtime import kernels
    with skmd_installed() as rt:
        ctx = cl.create_some_context(interactive=False)
        prg = cl.Program(ctx, SRC).build()
        knl = prg.twice
        start = rt.background._analysis_start(knl)
        ptr = kernels.program_ptr(knl)
        assert kernels._programs[ptr][4][("per program", "analysis start")] == start
        assert rt.background._analysis_start(cl.Kernel(prg, "twice")) == start
        kernels._programs[ptr][4][("per program", "analysis start")] = -1.0
        assert rt.background._analysis_start(cl.Kernel(prg, "twice")) == -1.0  # kept, not remade
        del knl, prg
        gc.collect()
        _task(cl)  # (a build looks at what went)
        assert ptr not in kernels._programs


_NO_EXIT_HOOK = """
import sys, weakref
import numpy as np, pyopencl as cl, skmd
from skmd.runtime import host_bytes
from skmd.runtime.core import get_runtime
skmd.install()
ctx = cl.create_some_context(interactive=False)
prg = cl.Program(ctx, "%s").build()
home = get_runtime().home
hb = host_bytes.page_locked(1 << 20, home.context, home.queue, piece=1 << 19)
print(weakref.finalize._registered_with_atexit)
""" % SRC


def test_skmd_registers_no_finalizer_exit_hook() -> None:
    """A program's build (and a buffer's page-locked bytes) watch their object without
    ``weakref.finalize``, whose first use registers weakref's exit hook with atexit:
    registered by skmd before the program's own atexit handlers, the program's
    finalizers would run after its later handlers at exit, where plain python runs
    them before."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    repo = str(Path(__file__).resolve().parents[2])
    r = subprocess.run([sys.executable, "-c", _NO_EXIT_HOOK], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH=repo))
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["False"], r.stdout


def test_a_watched_object_gone_makes_its_call_once() -> None:
    from skmd.runtime import gone_watch

    class Thing:
        pass
    calls: list[int] = []
    t = Thing()
    before = gone_watch.watched()
    gone_watch.when_gone(t, calls.append, 7)
    assert gone_watch.watched() == before + 1
    del t
    gc.collect()
    assert calls == [7] and gone_watch.watched() == before
