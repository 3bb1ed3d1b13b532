"""A call made right after a module is first imported, so that skmd can patch a
pyopencl module without importing it itself (``pyopencl.cache`` brings OpenSSL's
hashes, which a program that never needs them should not pay for at ``install()``).
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import sys
import threading
import types
from typing import Any, Callable


class AfterImport(importlib.abc.MetaPathFinder):
    """A finder that lets the other finders find ``name`` and, once its module has
    run, calls ``then(module)`` and leaves ``sys.meta_path``."""

    def __init__(self, name: str, then: Callable[[types.ModuleType], None]) -> None:
        self.name, self.then = name, then
        self._looking = threading.local()

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != self.name or getattr(self._looking, "on", False):
            return None
        self._looking.on = True
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            self._looking.on = False
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        spec.loader = _Then(spec.loader, self)
        return spec

    def remove(self) -> None:
        try:
            sys.meta_path.remove(self)
        except ValueError:
            pass


class _Then(importlib.abc.Loader):
    """``loader``, and the finder's call once the module has run."""

    def __init__(self, loader: Any, finder: AfterImport) -> None:
        self.loader, self.finder = loader, finder

    def create_module(self, spec: Any) -> Any:
        return self.loader.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        self.loader.exec_module(module)
        self.finder.remove()
        self.finder.then(module)


def when_imported(name: str, then: Callable[[types.ModuleType], None]) -> AfterImport | None:
    """``then(module)`` now if ``name`` is imported already (None), else right after
    its first import (the finder, whose :meth:`~AfterImport.remove` cancels it)."""
    if name in sys.modules:
        then(sys.modules[name])
        return None
    finder = AfterImport(name, then)
    sys.meta_path.insert(0, finder)
    return finder
