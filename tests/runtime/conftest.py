"""Fixtures the runtime's tests share."""
import pytest

from skmd.runtime import buffers as bufmod


@pytest.fixture
def staged(monkeypatch):
    """The sizes of the uploads kept in host memory (staged), in order."""
    sizes = []
    real = bufmod.BufferState.stage_host

    def counted(self, src, app, *rest):
        sizes.append(self.size)
        return real(self, src, app, *rest)
    monkeypatch.setattr(bufmod.BufferState, "stage_host", counted)
    return sizes
