"""Benchmark programs: plain pyopencl programs with NumPy references.

The SKMD suite follows thesis Table 3.2 (one dominant kernel each), the MKMD suite
Table 5.3 (linear-algebra expressions, several kernels between two sync points).
Every module runs stand-alone: ``python -m skmd.bench.programs.vectoradd [--size paper]``.

``REGISTRY``, ``SKMD_SUITE`` and ``MKMD_SUITE`` are filled on first access, so that
running a module with ``-m`` does not import it twice.
"""
from __future__ import annotations

import importlib
from typing import Any

from skmd.bench.programs.base import Benchmark, main_for, run_once

SKMD_MODULES = (
    "vectoradd", "blackscholes", "binomialoption", "scanlargearrays",
    "matrixmultiplication", "matrixtranspose", "nbody", "aesencrypt", "aesdecrypt",
    "boxmuller", "fdtd3d",
    "histogram", "reduction", "mersennetwister", "medianfilter", "sobelfilter",
)
MKMD_MODULES = (
    "abe", "bicgstab", "jacobi", "commutator", "gabe", "gramian", "lyapunov", "care",
    "stein", "svd", "sylvester",
)

__all__ = ["Benchmark", "main_for", "run_once", "REGISTRY", "SKMD_SUITE", "MKMD_SUITE"]


def _load() -> dict[str, Benchmark]:
    from skmd.bench.programs import base
    for mod in SKMD_MODULES + MKMD_MODULES:
        importlib.import_module(f"skmd.bench.programs.{mod}")
    return base._REGISTRY


def __getattr__(name: str) -> Any:
    if name == "REGISTRY":
        return _load()
    if name == "SKMD_SUITE":
        return [k for k, b in _load().items() if b.suite == "skmd"]
    if name == "MKMD_SUITE":
        return [k for k, b in _load().items() if b.suite == "mkmd"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
