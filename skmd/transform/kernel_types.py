"""The plain records of a kernel analysis that need nothing else of it: a launch's
numbers, argument facts, accesses, loop ranges.

Kept apart from :mod:`.kernel_analysis` so that :mod:`.cost` and :mod:`.ranges`, which
:class:`~.kernel_analysis.KernelAnalysis` calls, can use them without importing it back.
"""
from __future__ import annotations

from dataclasses import dataclass

from .launch import Launch  # noqa: F401 - the records' home for their users
from .poly import Poly


@dataclass(frozen=True)
class ArgInfo:
    index: int
    name: str
    type_name: str
    space: str  # global | constant | local | scalar | image | sampler | other
    elem_size: int | None
    read: bool
    written: bool
    atomic: bool
    #: touched only by integer atomic adds whose results the kernel never uses, so
    #: devices may each add into a zeroed copy and the copies be summed (aggregation)
    reduce_add: bool = False


@dataclass(frozen=True)
class Guard:
    """``lhs < rhs`` holds wherever the guarded access runs (integers)."""

    lhs: Poly
    rhs: Poly


@dataclass(frozen=True)
class Access:
    """One load or store through a buffer argument, in bytes from the buffer start."""

    arg: int
    kind: str  # "read" | "write"
    offset: Poly | None
    width: int | None
    guards: tuple[Guard, ...] = ()
    #: control flow is understood well enough that the access runs for every
    #: work-item (and loop iteration) satisfying ``guards``, over its full width
    exact: bool = False
    atomic: bool = False


@dataclass(frozen=True)
class WrapCheck:
    """An integer the kernel computes in a type that wraps around: read as exact math
    only while it stays in ``[lo, hi]`` (past it the machine wraps around)."""

    value: Poly
    lo: int
    hi: int
    guards: tuple[Guard, ...] = ()


@dataclass(frozen=True)
class LoopVar:
    """An induction variable ranging over ``[lo, hi]`` (inclusive)."""

    atom: str
    lo: Poly
    hi: Poly
    #: every integer of the range is visited (unit step, no early exit)
    exact: bool
