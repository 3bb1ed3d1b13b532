import numpy as np
import pyopencl as cl

from skmd.runtime.staging import StagingPool, capacity_for
from skmd.testing import usable_platform


def _pool():
    ctx = cl.Context([usable_platform().get_devices()[0]])
    return StagingPool(ctx, cl.CommandQueue(ctx))


def test_size_classes():
    assert capacity_for(1) == 1 << 20
    assert capacity_for((1 << 20) + 1) == 2 << 20
    assert capacity_for(3 << 20) == 4 << 20


def test_slices_of_different_sizes_reuse_one_allocation():
    p = _pool()
    a = p.take(3_000_000)
    assert a.nbytes == 3_000_000 and a.dtype == np.uint8
    a[:] = 7
    base = a.base
    p.give(a)
    b = p.take(2_500_000)          # same class (4 MiB): the same memory comes back
    assert b.nbytes == 2_500_000
    assert np.shares_memory(a, b)
    c = p.take(2_500_000)          # still leased: a different array
    assert not np.shares_memory(b, c)
    p.give(b)
    p.give(c)
    p.give(np.empty(5))            # not from the pool: ignored
    assert base is not None


def _device_pair():
    """A PhysicalDevice over the first usable device, and a context of the program's."""
    from skmd.runtime.devices import discover
    dev = discover()[0][0]
    return dev, cl.Context([dev.device])


def test_a_device_adopts_the_programs_context_instead_of_making_one():
    dev, app = _device_pair()
    assert not dev.has_context.is_set()
    assert dev.adopt_context(app)
    # (the flag is set on skmd's shield thread, not waited for)
    assert dev.context is app and dev.has_context.wait(30)
    other = cl.Context([dev.device])
    assert not dev.adopt_context(other)      # the first one stays
    assert dev.context is app


def test_a_context_over_other_devices_is_not_adopted():
    from skmd.runtime.devices import discover
    devs = discover()[0]
    if len(devs) < 2:
        import pytest
        pytest.skip("needs two devices")
    both = cl.Context([devs[0].device, devs[1].device])
    assert not devs[0].adopt_context(both)
    assert devs[0].context is not both       # a private one, made on demand


def test_the_pool_allocates_in_the_context_offered_before_its_first_allocation():
    dev, app = _device_pair()
    made = []

    def private():
        made.append(True)
        return dev.context

    p = StagingPool(private, lambda: dev.queue, offer=dev.adopt_context)
    p.offer(app)
    arr = p.take(1000)
    assert p.context is app and dev.context is app
    p.give(arr)
    p.offer(cl.Context([dev.device]))        # too late: nothing changes
    assert p.context is app


def test_a_launch_through_skmd_lends_its_context_to_the_home_device(monkeypatch):
    """Over one device skmd probes nothing at start-up, so the home device has no
    context of skmd's when the program launches: it takes the program's."""
    import numpy as np

    import skmd
    from skmd import config
    from skmd.runtime import core
    from skmd.shim import patch, virtual
    monkeypatch.setattr(patch, "_virtual", None)  # a virtual device over this runtime's
    for name in ("_physical", "_home"):  # what make_virtual sets on the class, restored
        monkeypatch.setattr(virtual.VirtualDevice, name, getattr(virtual.VirtualDevice, name))
    core.reset_runtime()
    try:
        with config.override(devices="0"):
            skmd.install()
            ctx = cl.create_some_context(interactive=False)
            q = cl.CommandQueue(ctx)
            prg = cl.Program(ctx, "__kernel void k(__global float *a) "
                                  "{ a[get_global_id(0)] += 1.0f; }").build()
            a = np.zeros(256, np.float32)
            buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                            hostbuf=a)
            home = core.get_runtime().home
            assert home._context is None
            prg.k(q, a.shape, None, buf)
            q.finish()
            assert home._context is not None and home._context.int_ptr == ctx.int_ptr
            cl.enqueue_copy(q, a, buf)
            assert (a == 1).all()
    finally:
        skmd.uninstall()
        core.reset_runtime()
