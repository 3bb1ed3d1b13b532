"""Fixtures of the chunked-launch tests."""
import pytest

from skmd.runtime import chunked
from skmd.testing import usable_platform


@pytest.fixture
def small_devices(monkeypatch):
    """Chunks of about 1 MiB: the devices seem to hold only a few of them, so a launch
    over host memory runs in many chunks at test sizes."""
    memory = min(int(d.global_mem_size) for d in usable_platform().get_devices())
    monkeypatch.setattr(chunked, "FILL", 8e-4 * (1 << 30) / memory)
