"""A launch's decision key (``launches.signature``): the same for launches that only
differ in which buffers of the same sizes they pass, different where a decision
could differ, and worked out without asking the driver again per launch."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

import shim_programs as sp
from skmd.testing import skmd_installed


def _key(knl, *args):
    from skmd import config
    from skmd.runtime import kernels as kmod
    from skmd.runtime import launches
    knl.set_args(*args)
    return launches.signature(kmod.args_of(knl), (64,), (8,), None, False, config.get())


def test_buffers_of_one_size_share_a_key_and_values_split_it() -> None:
    import pyopencl as cl
    with skmd_installed(policy="even"):
        ctx, _ = sp.ctx_queue(cl)
        prg = cl.Program(ctx, "__kernel void f(__global float *a, float r, long n)"
                              " { a[get_global_id(0)] *= r; }").build()
        knl = prg.f
        mf = cl.mem_flags
        a, b = (cl.Buffer(ctx, mf.READ_WRITE, 256) for _ in range(2))
        c = cl.Buffer(ctx, mf.READ_WRITE, 512)
        base = _key(knl, a, np.float32(2), np.int64(64))
        assert _key(knl, b, np.float32(2), np.int64(64)) == base
        assert _key(knl, c, np.float32(2), np.int64(64)) != base
        assert _key(knl, a, np.float32(3), np.int64(64)) != base
        assert _key(knl, c.get_sub_region(0, 256), np.float32(2), np.int64(64)) != base
        # a host scalar passed as a 0-d array: by value, equal values alike
        assert (_key(knl, a, np.array(2, np.float32), np.int64(64))
                == _key(knl, a, np.array(2, np.float32), np.int64(64))
                != _key(knl, a, np.array(3, np.float32), np.int64(64)))


def test_a_buffer_made_under_skmd_is_known_without_asking_the_driver() -> None:
    """pyopencl.array makes a new buffer for every result: its launch must not ask
    the driver its size or which buffer it was carved from."""
    import pyopencl as cl
    from skmd.runtime import buffers as bufmod
    with skmd_installed():
        ctx, _ = sp.ctx_queue(cl)
        b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 256)
        assert b.__dict__.get("_skmd_root") is False and b.__dict__.get("_skmd_size") == 256
        h = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR,
                      hostbuf=np.ones(8, np.float32))
        assert h.__dict__.get("_skmd_size") == 32 == bufmod.size_of(h)
        assert bufmod.root_of(b) is b
        sub = b.get_sub_region(0, 128)
        assert bufmod.root_of(sub) is not sub


def test_run_keys_are_numbers_equal_for_equal_settings() -> None:
    from skmd import config
    s = config.Settings()
    assert isinstance(s.run_key, int) and replace(s).run_key == s.run_key
    assert replace(s, tuning=replace(s.tuning, graph_min_gain=0.5)).run_key != s.run_key


def test_a_kernel_got_by_name_knows_its_program_without_the_driver() -> None:
    """``prg.name(queue, ...)`` makes a new kernel object at each launch: skmd must
    not ask the driver for its program and name each time."""
    import pyopencl as cl
    from skmd.runtime import kernels as kmod
    with skmd_installed():
        ctx, _ = sp.ctx_queue(cl)
        prg = cl.Program(ctx, "__kernel void f(__global float *a) { a[0] = 1.0f; }").build()
        knl = prg.f
        assert knl.__dict__.get("_skmd_fn") == (knl.program.int_ptr, "f")
        assert kmod.function_of(knl) == (knl.program.int_ptr, "f")
        assert kmod.function_of(cl.Kernel(prg, "f")) == kmod.function_of(knl)


def test_a_kernel_got_by_name_after_its_analysis_carries_its_entry() -> None:
    """``prg.name(queue, ...)`` makes a new kernel object at each launch: once its
    function is analysed, the new object gets its entry as it is made, and its launch
    need not look for it."""
    import pyopencl as cl
    with skmd_installed(background=False):
        ctx, q = sp.ctx_queue(cl)
        prg = cl.Program(ctx, "__kernel void f(__global float *a)"
                              " { a[get_global_id(0)] *= 2.0f; }").build()
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 256)
        first = prg.f
        first(q, (64,), None, a)
        q.finish()
        again = prg.f
        assert again is not first
        assert again.__dict__.get("_skmd_entry") is first._skmd_entry


def test_arguments_a_call_sets_are_let_go_after_its_launch_and_set_args_ones_kept() -> None:
    """pyopencl's invoker sets every argument before each launch, so skmd drops them
    after it (the buffers are the program's to free); ``set_args`` ones must stay for
    the next ``enqueue_nd_range_kernel``."""
    import pyopencl as cl
    from skmd.runtime import kernels as kmod
    with skmd_installed():
        ctx, q = sp.ctx_queue(cl)
        prg = cl.Program(ctx, "__kernel void f(__global float *a, float r, long n)"
                              " { a[get_global_id(0)] *= r; }").build()
        knl = prg.f
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 256)
        knl.set_args(a, np.float32(2), np.int64(64))
        got = dict(kmod.args_of(knl))
        assert got[0] == ("obj", a) and set(got) == {0, 1, 2}
        cl.enqueue_nd_range_kernel(q, knl, (64,), None)
        assert kmod.args_of(knl) == got  # kept for the next launch
        knl(q, (64,), None, a, np.float32(3), np.int64(64))
        assert kmod.args_of(knl) == {}  # the call's own: let go
        q.finish()


def test_a_kernel_of_no_arguments_called_runs_and_is_recorded() -> None:
    """A call sets no argument at all: the launch still lets go of nothing, runs and
    is recorded as any other."""
    import pyopencl as cl
    from skmd.runtime.core import get_runtime
    with skmd_installed():
        ctx, q = sp.ctx_queue(cl)
        prg = cl.Program(ctx, "__kernel void nothing(void) { }").build()
        knl = prg.nothing
        before = len(get_runtime().recorder.records)
        knl(q, (64,), None)
        prg.nothing(q, (64,), None)
        q.finish()
        assert len(get_runtime().recorder.records) == before + 2


def test_keys_tell_which_argument_holds_which_value() -> None:
    """The key takes the argument indices in one piece and the values after: values
    swapped between two arguments make another key; a packed array value (not
    hashable) is keyed by its bytes."""
    from skmd import config
    from skmd.runtime.launches import signature
    s = config.get()
    a = {0: ("pack", b"i", 1), 1: ("pack", b"i", 2)}
    b = {1: ("pack", b"i", 1), 0: ("pack", b"i", 2)}
    c = {0: ("pack", b"i", 1), 1: ("pack", b"i", 2)}
    assert signature(a, (8,), None, None, False, s) == signature(c, (8,), None, None, False, s)
    assert signature(a, (8,), None, None, False, s) != signature(b, (8,), None, None, False, s)
    arr = {0: ("pack", b"f", np.array(2, np.float32))}
    k1 = signature(arr, (8,), None, None, False, s)
    assert hash(k1) == hash(signature({0: ("pack", b"f", np.array(2, np.float32))}, (8,),
                                      None, None, False, s))
    assert k1 != signature({0: ("pack", b"f", np.array(3, np.float32))}, (8,), None, None,
                           False, s)
