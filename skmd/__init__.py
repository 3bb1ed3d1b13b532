"""skmd: all the OpenCL devices of a machine as one device for unmodified pyopencl programs.

``import skmd; skmd.install()`` at the top of a program (or ``skmd run app.py``)
makes pyopencl hand out one virtual device whose kernels are split over every
physical device; ``skmd.uninstall()`` restores pyopencl exactly.
"""
from __future__ import annotations

__version__ = "0.1.0"


def install() -> None:
    """Patch pyopencl so that discovery returns the skmd virtual device.

    An entry point: the settings are read here (the environment, or what
    :func:`skmd.config.override` put in force) and handed to the runtime, which
    is handed every later override too.
    """
    from skmd import config
    from skmd.runtime import core
    from skmd.shim import patch
    patch.install(config.get())
    config.subscribe(core.use_settings)


def uninstall() -> None:
    """Restore every name :func:`install` patched."""
    from skmd import config
    from skmd.runtime import core
    from skmd.shim import patch
    config.unsubscribe(core.use_settings)
    patch.uninstall()


def installed() -> bool:
    from skmd.shim import patch
    return patch.is_installed()
