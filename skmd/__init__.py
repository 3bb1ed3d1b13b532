"""skmd: all the OpenCL devices of a machine as one device for unmodified pyopencl programs.

``import skmd; skmd.install()`` at the top of a program (or ``skmd run app.py``)
makes pyopencl hand out one virtual device whose kernels are split over every
physical device; ``skmd.uninstall()`` restores pyopencl exactly.
"""
from __future__ import annotations

__version__ = "0.1.0"


def install() -> None:
    """Patch pyopencl so that discovery returns the skmd virtual device."""
    from skmd.shim import patch
    patch.install()


def uninstall() -> None:
    """Restore every name :func:`install` patched."""
    from skmd.shim import patch
    patch.uninstall()


def installed() -> bool:
    from skmd.shim import patch
    return patch.is_installed()
