"""Staging copies with non-temporal stores (:mod:`skmd.runtime.stream_copy`) move
exactly the bytes NumPy would: any length, any alignment of either end, and a
chunked write and read through a device with the compiled loop in use."""
import numpy as np
import pyopencl as cl
import pytest

from skmd.runtime import copies, staging, stream_copy
from skmd.runtime.staging import StagingPool
from skmd.testing import usable_platform


@pytest.fixture(scope="module")
def compiled():
    fn = stream_copy.build()
    if fn is None:
        pytest.skip("this llvmlite cannot build the copy loop (NumPy copies instead)")
    return fn


def test_every_length_and_alignment_copies_exactly(compiled):
    rng = np.random.default_rng(7)
    src = rng.integers(0, 256, (3 << 20) + 4096, dtype=np.uint8)
    cases = [(0, 1 << 20), (1, (1 << 20) + 1), (63, (2 << 20) + 63), (5, 0), (0, 64)]
    cases += [(int(rng.integers(0, 4096)), int(rng.integers(0, 3 << 20))) for _ in range(40)]
    for start, n in cases:
        for off in (0, 1, 17, 63, 64):
            dst = np.full(n + 256, 0xAB, np.uint8)
            compiled(dst[off:].ctypes.data, src[start:].ctypes.data, n)
            assert np.array_equal(dst[off:off + n], src[start:start + n]), (start, n, off)
            assert (dst[:off] == 0xAB).all() and (dst[off + n:] == 0xAB).all(), (start, n, off)


def test_copy_falls_back_to_numpy_where_it_must():
    """Small, strided or differently sized arrays: NumPy's result, every time."""
    src = np.arange(3 << 20, dtype=np.uint8)
    dst = np.zeros((3 << 20) // 2, np.uint8)
    stream_copy.copy(dst, src[::2])  # strided source
    assert np.array_equal(dst, src[::2])
    small = np.zeros(100, np.uint8)
    stream_copy.copy(small, src[:100])
    assert np.array_equal(small, src[:100])


def test_chunked_write_and_read_with_the_loop_in_use(compiled, monkeypatch):
    ctx = cl.Context([usable_platform().get_devices()[0]])
    q = cl.CommandQueue(ctx)
    monkeypatch.setattr(staging, "_pool", StagingPool(ctx, q))
    plan = copies.Pipeline(chunk=(1 << 20) + 4099, threads=2)  # odd chunks: odd ends
    n = (5 << 20) + 12345
    src = np.random.default_rng(3).integers(0, 256, n, dtype=np.uint8)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n + 64)
    copies.write(q, buf, src, 64, plan=plan)
    back = np.zeros(n, np.uint8)
    copies.read(q, buf, back, 64, plan=plan)
    assert np.array_equal(back, src)
