"""pyopencl calls that work bare work with skmd installed over several devices.

Each case is a call that once raised under skmd only: a host scalar that
``pyopencl.array`` passes to a kernel as a 0-d array, and a device rebuilt from
its pointer.
"""
from __future__ import annotations

import numpy as np
import pytest

import shim_programs as sp
from skmd.testing import compare_with_and_without, skmd_installed

pytestmark = pytest.mark.filterwarnings("ignore::pyopencl.RepeatedKernelRetrieval")


def if_positive_with_host_scalars(cl):
    import pyopencl.array as cla
    _, q = sp.ctx_queue(cl)
    x = sp.rng(3).standard_normal(4096).astype(np.float32)
    a = cla.to_device(q, x)
    b = cla.to_device(q, 2 * x)
    return {"then_scalar": cla.if_positive(a, np.float32(3), b).get(),
            "else_scalar": cla.if_positive(a, b, np.float32(-1)).get(),
            # the same kernel again with another scalar: a new decision, not the old one
            "else_other": cla.if_positive(a, b, np.float32(5)).get()}


@pytest.mark.parametrize("policy", ["even", "hill"])
def test_if_positive_with_host_scalar(policy: str) -> None:
    bad, records = compare_with_and_without(if_positive_with_host_scalars, policy=policy)
    assert not bad, f"if_positive under policy={policy} differs with skmd: {bad}"
    assert any(r.kernel == "if_positive" for r in records), "no if_positive launch recorded"
    x = sp.rng(3).standard_normal(4096).astype(np.float32)
    import pyopencl as cl
    with skmd_installed(policy=policy):
        out = if_positive_with_host_scalars(cl)
    np.testing.assert_array_equal(out["else_other"], np.where(x > 0, 2 * x, np.float32(5)))


def test_device_from_int_ptr_keeps_the_virtual_device() -> None:
    import pyopencl as cl
    with skmd_installed() as rt:
        assert len(rt.devices) >= 2, "the test wants several devices (POCL_DEVICES)"
        ctx = cl.create_some_context(interactive=False)
        dev, = ctx.devices
        again = cl.Device.from_int_ptr(dev.int_ptr)
        assert type(again) is type(dev), f"{type(again)} is not {type(dev)}"
        assert again == dev
        assert type(dev).from_int_ptr(dev.int_ptr) is dev  # as pyopencl's own tests call it
        other = [d.device for d in rt.devices if d.device.int_ptr != dev.int_ptr]
        if other:  # a helper device's pointer gives a plain device
            assert type(cl.Device.from_int_ptr(other[0].int_ptr)) is cl.Device
    plain = cl.Device.from_int_ptr(dev.int_ptr)
    assert type(plain) is cl.Device, "uninstall left from_int_ptr patched"


def test_buffer_from_int_ptr_keeps_the_buffer_class() -> None:
    import numpy as np
    import pyopencl as cl
    with skmd_installed():
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        values = np.arange(4096, dtype=np.int32)
        buf = cl.Buffer(ctx, cl.mem_flags.COPY_HOST_PTR, hostbuf=values)
        again = type(buf).from_int_ptr(buf.int_ptr)
        assert type(again) is type(buf), f"{type(again)} is not {type(buf)}"
        assert again == buf and again.size == buf.size
        at = ctx.devices[0].mem_base_addr_align // 8  # a sub-buffer's round trip
        sub = buf.get_sub_region(at, 64)  # is a sub-buffer still
        out = np.empty(16, np.int32)
        cl.enqueue_copy(q, out, type(sub).from_int_ptr(sub.int_ptr))
        np.testing.assert_array_equal(out, values[at // 4:at // 4 + 16])
    assert type(cl.Buffer.from_int_ptr(buf.int_ptr)) is cl.Buffer


def test_a_contexts_devices_are_a_new_list_each_time_and_the_real_ones_after() -> None:
    """``Context.devices`` is kept on the context (pyopencl asks it twice per kernel
    object made), but each call gives a list of its own, and the real device once
    skmd is taken out."""
    import pyopencl as cl
    from skmd.shim.virtual import VirtualDevice
    with skmd_installed():
        ctx = cl.create_some_context(interactive=False)
        first = ctx.devices
        first.append("mine")
        again = ctx.devices
        assert len(again) == 1 and type(again[0]) is VirtualDevice and again is not first
    assert type(ctx.devices[0]) is cl.Device


def test_decision_key_of_array_scalars_is_their_value() -> None:
    """0-d arrays as arguments key decisions by value: equal values share a key,
    other values do not, whether packed or set as objects."""
    from skmd import config
    from skmd.runtime.launches import signature
    s = config.get()

    def key(kind: str, value: float) -> tuple:
        arg = (("pack", b"f", np.array(value, np.float32)) if kind == "pack"
               else ("obj", np.array(value, np.float32)))
        return signature({0: arg}, (1024,), (64,), None, False, s)

    for kind in ("pack", "obj"):
        assert hash(key(kind, 1.0)) == hash(key(kind, 1.0))
        assert key(kind, 1.0) == key(kind, 1.0)
        assert key(kind, 1.0) != key(kind, 2.0)


def test_a_queues_device_is_the_virtual_device_of_the_runtime_in_force() -> None:
    """``queue.device`` is kept on the queue, but not past the runtime it was made
    for: a queue outliving a runtime gives the new runtime's virtual device."""
    import pyopencl as cl
    with skmd_installed() as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        first = q.device
        assert first is q.device and first.int_ptr == rt.home.device.int_ptr
        assert "skmd virtual device" in first.name
    with skmd_installed():
        again = q.device
        assert "skmd virtual device" in again.name
        assert again is cl.create_some_context(interactive=False).devices[0]
    assert q.device.int_ptr == first.int_ptr  # skmd taken out: the driver's device


def test_a_kernel_fetched_twice_is_warned_of_at_the_programs_line() -> None:
    """pyopencl warns of a kernel fetched by name a second time at the line that
    fetched it; with skmd installed the warning names that line too, not the shim."""
    import warnings

    import pyopencl as cl
    with skmd_installed():
        ctx, q = sp.ctx_queue(cl)
        prg = cl.Program(ctx, "__kernel void k(__global int *a) { a[0] = 1; }").build()
        _ = prg.k
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _ = prg.k
    repeated = [w for w in caught if w.category is cl.RepeatedKernelRetrieval]
    assert len(repeated) == 1
    assert repeated[0].filename == __file__


def _affine_kernel(cl) -> tuple:
    """A context and a kernel taking buffers and scalars of two types."""
    ctx = cl.create_some_context(interactive=False)
    prg = cl.Program(ctx, """__kernel void k(__global float *a, float s, int n,
                                             __global float *b, float t)
        { size_t i = get_global_id(0); if (i < n) b[i] = a[i] * s + t; }""").build()
    return ctx, prg.k


def test_the_multi_set_arg_calls_note_every_argument_by_kind() -> None:
    """pyopencl's flattened ``_set_arg_multi`` / ``_set_arg_buf_multi`` /
    ``_set_arg_buf_pack_multi`` calls are noted argument by argument, each index with
    its kind and value (bytes for raw buffers), as the decisions read them."""
    import pyopencl as cl
    from skmd.runtime.kernels import args_of
    with skmd_installed():
        ctx, knl = _affine_kernel(cl)
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64)
        b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64)
        knl._set_arg_multi((0, a, 3, b))
        knl._set_arg_buf_pack_multi((1, b"f", 2.5, 2, b"i", 16))
        knl._set_arg_buf_multi((4, memoryview(np.float32(1.5).tobytes())))
        got = args_of(knl)
        assert got[0] == ("obj", a) and got[3] == ("obj", b)
        assert got[1] == ("pack", b"f", 2.5) and got[2] == ("pack", b"i", 16)
        assert got[4] == ("buf", np.float32(1.5).tobytes()) and type(got[4][1]) is bytes
        assert sorted(got) == [0, 1, 2, 3, 4]


def test_a_multi_call_copies_values_the_program_may_change_afterwards() -> None:
    """An array or record passed by value through a multi call is noted as a copy (a
    deferred or split launch replays the value the driver took, not one changed later);
    in a call mixing them with plain values, every argument is still noted."""
    import pyopencl as cl
    from skmd.runtime.kernels import args_of
    with skmd_installed():
        ctx, knl = _affine_kernel(cl)
        s, t = np.array(2.5, np.float32), np.array(4, np.int32)
        knl._set_arg_buf_pack_multi((1, b"f", s, 2, b"i", t))
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64)
        v = np.array(1.5, np.float32)
        knl._set_arg_multi((0, a, 4, v))
        s[...] = -1
        t[...] = -1
        v[...] = -1
        got = args_of(knl)
        assert got[1][:2] == ("pack", b"f") and got[1][2] == 2.5 and got[1][2] is not s
        assert got[2][2] == 4 and got[2][2] is not t
        assert got[0] == ("obj", a) and got[4][1] == 1.5 and got[4][1] is not v


def test_asking_the_platform_for_a_type_it_lacks_gives_no_devices_as_pyopencl_does() -> None:
    """pyopencl answers the driver's DEVICE_NOT_FOUND with an empty list, and so does
    the virtual platform (programs probe for GPUs this way)."""
    import pyopencl as cl
    plain = cl.get_platforms()[0].get_devices(cl.device_type.ACCELERATOR)
    with skmd_installed():
        platform = cl.get_platforms()[0]
        assert platform.get_devices(cl.device_type.ACCELERATOR) == plain == []
        assert len(platform.get_devices(cl.device_type.CPU)) == 1


def test_builds_for_the_virtual_device_share_the_home_devices_binary_cache_key() -> None:
    """pyopencl's binary cache finds, under skmd, what a plain run built for the home
    device (and the other way round): the key of a build is the home device's."""
    import pyopencl as cl
    import pyopencl.cache as cl_cache
    plain_dev = cl.get_platforms()[0].get_devices()[0]
    plain_id = cl_cache.get_device_cache_id(plain_dev)
    with skmd_installed() as rt:
        vdev = cl.create_some_context(interactive=False).devices[0]
        assert "skmd virtual device" in vdev.name
        assert vdev.int_ptr == rt.home.device.int_ptr == plain_dev.int_ptr
        assert cl_cache.get_device_cache_id(vdev) == plain_id
    assert cl_cache.get_device_cache_id(plain_dev) == plain_id
    assert cl_cache.get_device_cache_id.__module__ == "pyopencl.cache"


def test_the_cache_key_is_patched_once_pyopencl_imports_its_cache_module() -> None:
    """``install()`` imports no ``pyopencl.cache`` (OpenSSL's hashes): the key function
    is patched right after the program's first import of it, and an uninstall before
    that leaves no finder behind."""
    import subprocess
    import sys
    code = (
        "import sys, pyopencl as cl, skmd\n"
        "skmd.install(); skmd.uninstall()\n"
        "assert not [f for f in sys.meta_path if 'skmd' in type(f).__module__]\n"
        "skmd.install()\n"
        "assert 'pyopencl.cache' not in sys.modules\n"
        "vdev = cl.create_some_context(interactive=False).devices[0]\n"
        "import pyopencl.cache as c\n"
        "from skmd.runtime.core import get_runtime\n"
        "assert c.get_device_cache_id(vdev) == c.get_device_cache_id(get_runtime().home.device)\n"
        "assert 'skmd virtual device' in vdev.name\n"
        "skmd.uninstall()\n"
        "assert c.get_device_cache_id.__module__ == 'pyopencl.cache'\n"
        "print('ok')\n")
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True,
                         text=True, timeout=120)
    assert out.stdout.strip() == "ok", out.stdout + out.stderr



def test_the_virtual_device_names_its_count_of_devices_in_words_that_agree():
    import pyopencl as cl
    with skmd_installed(devices="0"):
        ctx = cl.create_some_context(interactive=False)
        assert ctx.devices[0].name.startswith("skmd virtual device (1 device: ")
