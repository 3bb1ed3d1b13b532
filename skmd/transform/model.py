"""Plain data the transformer hands to the runtime.

The analysis is symbolic (polynomials over ids, sizes and scalar arguments) so one
parse answers every launch; :class:`KernelAnalysis` methods substitute a launch's
numbers late.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .poly import Poly


@dataclass(frozen=True)
class Launch:
    """What the runtime knows about one kernel launch."""

    global_size: tuple[int, ...]
    local_size: tuple[int, ...]
    scalars: Mapping[int, int | float] = field(default_factory=dict)
    buffer_sizes: Mapping[int, int] = field(default_factory=dict)
    #: the program gave no local size and skmd picked ``local_size``; a launch run
    #: whole then leaves the choice to the driver, as the program did
    local_picked: bool = False

    @property
    def program_local_size(self) -> tuple[int, ...] | None:
        """The local size as the program gave it (None: the driver picks)."""
        return None if self.local_picked else self.local_size

    @property
    def split_dim(self) -> int:
        return len(self.global_size) - 1

    @property
    def total_groups(self) -> int:
        d = self.split_dim
        return math.ceil(self.global_size[d] / self.local_size[d])


#: results of symbolic evaluation kept per analysis (see KernelAnalysis._memo)
MEMO_LIMIT = 4096


def _launch_key(launch: Launch) -> tuple:
    return (tuple(launch.global_size), tuple(launch.local_size),
            tuple(sorted(launch.scalars.items())), tuple(sorted(launch.buffer_sizes.items())))


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
class LoopVar:
    """An induction variable ranging over ``[lo, hi]`` (inclusive)."""

    atom: str
    lo: Poly
    hi: Poly
    #: every integer of the range is visited (unit step, no early exit)
    exact: bool


@dataclass(frozen=True)
class KernelAnalysis:
    name: str
    args: tuple[ArgInfo, ...]
    splittable: bool
    reason: str | None
    atomics: tuple[str, ...]
    uses_barrier: bool
    launch_mode: str
    cost_expr: str
    accesses: tuple[Access, ...] = field(default=(), repr=False, compare=False)
    loops: Mapping[str, LoopVar] = field(default_factory=dict, repr=False, compare=False)
    cost_poly: object = field(default=None, repr=False, compare=False)
    #: the buffer arguments whose helper copies the merge kernel takes (after the three
    #: range parameters, in this order); empty when there is no merge kernel
    merge_parts: tuple[int, ...] = ()
    #: why the kernel has no merge kernel (None when it has one)
    merge_reason: str | None = "not generated"
    #: why its results may depend on the work-group size (None: they cannot, so with
    #: no local size given skmd may pick one and split; see :mod:`.groupshape`)
    group_size_reason: str | None = "not analysed"

    @property
    def local_size_free(self) -> bool:
        """skmd may pick the work-group size of a launch that gives none."""
        return self.group_size_reason is None

    @property
    def merge_kernel(self) -> bool:
        """Discontiguous outputs can be merged by the generated merge kernel."""
        return bool(self.merge_parts) and self.merge_reason is None

    def cost(self, launch: Launch) -> float:
        """Static per-work-item cost ``f(x1..xn)`` of thesis eq. 5.3 for this launch."""
        from .cost import evaluate_cost
        return self._memo(("cost", _launch_key(launch)), lambda: evaluate_cost(self, launch))

    def byte_range(self, arg_index: int, mode: str, launch: Launch,
                   groups: tuple[int, int]) -> tuple[int, int] | None:
        """Half-open byte interval covering every ``mode`` access of rows ``groups``."""
        from .ranges import byte_range
        return self._memo(("range", arg_index, mode, _launch_key(launch), tuple(groups)),
                          lambda: byte_range(self, arg_index, mode, launch, groups))

    def write_dense(self, arg_index: int, launch: Launch, groups: tuple[int, int]) -> bool:
        """True only if every byte of the write range is certainly written."""
        from .ranges import write_dense
        return self._memo(("dense", arg_index, _launch_key(launch), tuple(groups)),
                          lambda: write_dense(self, arg_index, launch, groups))

    def _memo(self, key: tuple, compute: Callable[[], Any]) -> Any:
        """Symbolic evaluation is slow in Python and programs repeat their launches:
        results are kept per launch shape (bounded; never pickled)."""
        memo = self.__dict__.get("_memo_")
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo_", memo)
        try:
            return memo[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable scalar: no memo
            return compute()
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        value = memo[key] = compute()
        return value

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_memo_", None)
        return state


@dataclass(frozen=True)
class ProgramAnalysis:
    kernels: Mapping[str, KernelAnalysis]
    partition_source: str | None
    error: str | None = None
    #: the partition-ready program with merge kernels in place of the kernels that
    #: have one (same names; see :mod:`skmd.transform.merge`)
    merge_source: str | None = None
