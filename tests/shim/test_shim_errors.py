"""Errors are pyopencl's own with skmd installed, and installing is reversible."""
from __future__ import annotations

import inspect

import numpy as np
import pytest

import shim_programs as sp
from skmd.testing import skmd_installed

pytestmark = pytest.mark.filterwarnings("ignore::pyopencl.RepeatedKernelRetrieval")

BAD_SOURCE = """
__kernel void broken(__global float *a)
{
    a[get_global_id(0)] = undefined_thing_xyz * 2.0f;
}
"""

F2 = """
__kernel void f2(__global float *a, __global const float *b)
{ int i = get_global_id(0); a[i] = b[i] + 1.0f; }
"""


def _setup(cl):
    ctx, q = sp.ctx_queue(cl)
    n = 1024
    a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    b = sp.to_buf(cl, ctx, np.arange(n, dtype=np.float32))
    knl = cl.Kernel(cl.Program(ctx, F2).build(), "f2")
    return ctx, q, n, a, b, knl


def build_failure(cl):
    ctx, _ = sp.ctx_queue(cl)
    cl.Program(ctx, BAD_SOURCE).build(options=["-DSCALE=3"])


def too_few_kernel_arguments(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (n,), (64,), a)


def too_many_kernel_arguments(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (n,), (64,), a, b, b)


def scalar_for_a_buffer_argument(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (n,), (64,), a, 1.5)


def set_args_wrong_count(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl.set_args(a)


def enqueue_nd_range_with_unset_argument(cl):
    ctx, q, n, a, b, _ = _setup(cl)
    knl = cl.Kernel(cl.Program(ctx, F2).build(), "f2")
    knl.set_arg(0, a)
    cl.enqueue_nd_range_kernel(q, knl, (n,), (64,)).wait()


def read_past_end_of_buffer(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (n,), (64,), a, b)
    cl.enqueue_copy(q, np.empty(n + 16, np.float32), a)


def write_past_end_of_buffer(cl):
    _, q, n, a, b, knl = _setup(cl)
    cl.enqueue_copy(q, a, np.ones(n, np.float32), dst_offset=64)


def copy_buffer_out_of_range(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (n,), (64,), a, b)
    cl.enqueue_copy(q, a, b, byte_count=n * 4, src_offset=256)


def global_size_not_multiple_of_local(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (1000,), (64,), a, b)


def local_size_too_large(cl):
    _, q, n, a, b, knl = _setup(cl)
    knl(q, (1 << 16,), (1 << 15,), a, b)


def kernel_name_missing(cl):
    ctx, _ = sp.ctx_queue(cl)
    cl.Kernel(cl.Program(ctx, F2).build(), "no_such_kernel")


ERRORS = [
    (build_failure, "undefined_thing_xyz"),
    (too_few_kernel_arguments, ""),
    (too_many_kernel_arguments, ""),
    (scalar_for_a_buffer_argument, "arg#2"),
    (set_args_wrong_count, ""),
    (enqueue_nd_range_with_unset_argument, ""),
    (read_past_end_of_buffer, "INVALID_VALUE"),
    (write_past_end_of_buffer, "INVALID_VALUE"),
    (copy_buffer_out_of_range, "INVALID_VALUE"),
    (global_size_not_multiple_of_local, "INVALID_WORK_GROUP_SIZE"),
    (local_size_too_large, "INVALID_WORK_GROUP_SIZE"),
    (kernel_name_missing, "INVALID_KERNEL_NAME"),
]


def _raised(fn, cl) -> BaseException:
    with pytest.raises(Exception) as info:
        fn(cl)
    return info.value


@pytest.mark.parametrize("fn,key", [pytest.param(f, k, id=f.__name__) for f, k in ERRORS])
def test_same_exception_with_skmd(fn, key: str) -> None:
    import pyopencl as cl
    bare = _raised(fn, cl)
    with skmd_installed(policy="even"):
        under = _raised(fn, cl)
    assert type(under) is type(bare), (
        f"{fn.__name__}: bare raised {type(bare).__name__}: {bare}\n"
        f"with skmd raised {type(under).__name__}: {under}")
    assert key in str(bare), f"{fn.__name__}: bare message lacks {key!r}: {bare}"
    assert key in str(under), f"{fn.__name__}: skmd message lacks {key!r}: {under}"
    if isinstance(bare, cl.Error):
        assert under.code == bare.code, f"{fn.__name__}: {bare.code} vs {under.code}"
        assert under.routine == bare.routine, f"{fn.__name__}: {bare.routine} vs {under.routine}"


def test_build_failure_is_pyopencl_runtime_error_with_log() -> None:
    import pyopencl as cl
    with skmd_installed(policy="even"):
        exc = _raised(build_failure, cl)
    assert isinstance(exc, cl.RuntimeError), repr(exc)
    assert exc.code == cl.status_code.BUILD_PROGRAM_FAILURE
    msg = str(exc)
    assert "undefined_thing_xyz" in msg and "error" in msg.lower(), msg


def test_program_still_works_after_an_error() -> None:
    """A failed launch leaves skmd usable: the next launch is split and correct."""
    import pyopencl as cl
    with skmd_installed(policy="even") as rt:
        with pytest.raises(cl.LogicError):
            global_size_not_multiple_of_local(cl)
        with pytest.raises(TypeError):
            too_few_kernel_arguments(cl)
        out = sp.vector_add_some_context(cl)
        records = list(rt.records)
    bare = sp.vector_add_some_context(cl)
    assert out["c"].tobytes() == bare["c"].tobytes()
    assert any(r.kernel == "vadd" and r.reason is None for r in records), records


# ---------------------------------------------------------------------------------
# install / uninstall
# ---------------------------------------------------------------------------------
def _owners():
    import pyopencl as cl
    from pyopencl import _cl
    return {"pyopencl": cl, "pyopencl._cl": _cl, "Kernel": _cl.Kernel, "Context": _cl.Context,
            "CommandQueue": _cl.CommandQueue, "MemoryMap": _cl.MemoryMap,
            "Program": cl.Program, "Platform": _cl.Platform, "Device": _cl.Device,
            "Buffer": _cl.Buffer, "Event": _cl.Event}


def _snapshot():
    return {name: dict(vars(owner)) for name, owner in _owners().items()}


def test_uninstall_restores_the_very_same_objects() -> None:
    import pyopencl as cl
    import pyopencl.array  # noqa: F401  (submodules add module attributes on import)
    import pyopencl.elementwise  # noqa: F401
    import pyopencl.reduction  # noqa: F401
    from pyopencl import _cl
    import skmd

    get_platforms = cl.get_platforms
    enqueue = _cl.enqueue_nd_range_kernel
    enqueue_top = cl.enqueue_nd_range_kernel
    devices_prop = inspect.getattr_static(cl.Context, "devices")
    setters = {n: inspect.getattr_static(cl.Kernel, n)
               for n in ("set_arg", "set_args", "_set_arg_multi", "_set_arg_buf_multi",
                         "_set_arg_buf_pack_multi", "__call__")}
    build = inspect.getattr_static(cl.Program, "build")
    before = _snapshot()

    assert not skmd.installed()
    with skmd_installed(policy="even"):
        assert skmd.installed()
        assert cl.get_platforms is not get_platforms
        assert _cl.enqueue_nd_range_kernel is not enqueue
        assert sp.vector_add_some_context(cl)  # exercise every patched path
        sp.map_write_then_kernel(cl)
    assert not skmd.installed()

    assert cl.get_platforms is get_platforms
    assert _cl.enqueue_nd_range_kernel is enqueue
    assert cl.enqueue_nd_range_kernel is enqueue_top
    assert inspect.getattr_static(cl.Context, "devices") is devices_prop
    assert cl.Context.devices is devices_prop
    for n, obj in setters.items():
        assert inspect.getattr_static(cl.Kernel, n) is obj, n
    assert cl.Kernel.set_arg is setters["set_arg"]
    assert inspect.getattr_static(cl.Program, "build") is build

    after = _snapshot()
    changed = []
    for owner, names in before.items():
        for name, obj in names.items():
            if name not in after[owner]:
                changed.append(f"{owner}.{name} removed")
            elif after[owner][name] is not obj:
                changed.append(f"{owner}.{name} replaced")
        for name in set(after[owner]) - set(names):
            if not inspect.ismodule(after[owner][name]):
                changed.append(f"{owner}.{name} added")
    assert not changed, "uninstall left pyopencl changed:\n" + "\n".join(changed)

    # and pyopencl behaves as before: the real platform and devices again
    plats = cl.get_platforms()
    assert all(p.name != "skmd" for p in plats), plats
    ctx = cl.create_some_context(interactive=False)
    assert all("skmd" not in d.name for d in ctx.devices), ctx.devices


def test_install_twice_is_harmless() -> None:
    import pyopencl as cl
    from pyopencl import _cl
    import skmd
    from skmd.runtime import core

    get_platforms = cl.get_platforms
    enqueue = _cl.enqueue_nd_range_kernel
    set_arg = inspect.getattr_static(cl.Kernel, "set_arg")
    build = inspect.getattr_static(cl.Program, "build")
    core.reset_runtime()
    try:
        skmd.install()
        patched = (cl.get_platforms, _cl.enqueue_nd_range_kernel,
                   inspect.getattr_static(cl.Kernel, "set_arg"),
                   inspect.getattr_static(cl.Program, "build"))
        skmd.install()
        assert (cl.get_platforms, _cl.enqueue_nd_range_kernel,
                inspect.getattr_static(cl.Kernel, "set_arg"),
                inspect.getattr_static(cl.Program, "build")) == patched
        assert all(a is b for a, b in zip(
            patched, (cl.get_platforms, _cl.enqueue_nd_range_kernel,
                      inspect.getattr_static(cl.Kernel, "set_arg"),
                      inspect.getattr_static(cl.Program, "build"))))
        plats = cl.get_platforms()
        assert len(plats) == 1 and len(plats[0].get_devices()) == 1
        out = sp.in_place_repeated(cl)
    finally:
        skmd.uninstall()
        core.reset_runtime()
    assert not skmd.installed()
    assert cl.get_platforms is get_platforms
    assert _cl.enqueue_nd_range_kernel is enqueue
    assert inspect.getattr_static(cl.Kernel, "set_arg") is set_arg
    assert inspect.getattr_static(cl.Program, "build") is build
    skmd.uninstall()  # a second uninstall changes nothing either
    assert cl.get_platforms is get_platforms
    bare = sp.in_place_repeated(cl)
    assert all(out[k].tobytes() == bare[k].tobytes() for k in bare)


def test_virtual_device_seen_by_the_program() -> None:
    import pyopencl as cl
    from skmd.runtime.devices import discover
    real = discover()[0]  # platforms whose compiler fails here are not behind it
    n_real = len(real)
    with skmd_installed(policy="even"):
        plats = cl.get_platforms()
        assert len(plats) == 1
        devs = plats[0].get_devices()
        assert len(devs) == 1
        dev = devs[0]
        assert "skmd" in dev.name
        assert dev.max_compute_units == sum(d.compute_units for d in real)
        ctx = cl.create_some_context(interactive=False)
        assert [d.name for d in ctx.devices] == [dev.name]
        q = cl.CommandQueue(ctx)
        assert q.device.name == dev.name
        assert dev.get_info(cl.device_info.NAME) == dev.name
        # the vendor is the home device's: workarounds chosen by it must still apply
        real_home = next(d.device for d in real if d.device.int_ptr == dev.int_ptr)
        assert dev.vendor == real_home.vendor == dev.get_info(cl.device_info.VENDOR)
        assert plats[0].name == real_home.platform.name
        assert plats[0].get_info(cl.platform_info.NAME) == real_home.platform.name
        from pyopencl.characterize import get_pocl_version
        assert get_pocl_version(plats[0]) == get_pocl_version(real_home.platform)
        assert plats[0].vendor == real_home.platform.vendor
        assert plats[0].get_info(cl.platform_info.VENDOR) == real_home.platform.vendor
    assert n_real >= 2
