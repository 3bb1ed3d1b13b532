"""Execution-time prediction: the profile store, the per-(kernel, device) model and
the registry that fits models lazily and corrects them online (thesis §3.2.3, §5.3).

The names below load their modules on first use: the store needs only SQLite, and
the run log opens it at exit, after Python has begun shutting down, when importing
scikit-learn (whose thread pools register exit hooks) would fail.
"""
from __future__ import annotations

from typing import Any

from skmd.runtime import shield

_WHERE = {
    "Sample": "features",
    "KernelTimeModel": "time_model", "held_out_errors": "time_model",
    "ModelRegistry": "registry", "calibration_groups": "registry",
    "ProfileStore": "store", "ProfileStoreWarning": "store", "Profile": "store",
    "Link": "store", "DeviceInfo": "store", "RunInfo": "store", "default_path": "store",
}

__all__ = list(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(shield.imported(f"{__name__}.{module}"), name)  # (:mod:`..lazy_names`)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
