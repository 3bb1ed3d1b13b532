"""A package's names, each imported from its module on first use (PEP 562).

``skmd.install()`` loads only what a program's first launches ask for: the
partitioners and the split decisions wait until a launch may split.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

from skmd.runtime import shield


def getter(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that takes each name in ``homes``
    from ``package.<its module>`` when it is first asked for (on the shield's thread:
    a launch asks for them on the program's, where a signal handler may raise)."""
    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(shield.imported(f"{package}.{home}"), name)
    return __getattr__
