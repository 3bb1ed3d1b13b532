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
