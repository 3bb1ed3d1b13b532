"""Plain data the transformer hands to the runtime.

The analysis is symbolic (polynomials over ids, sizes and scalar arguments) so one
parse answers every launch; :class:`KernelAnalysis` methods substitute a launch's
numbers late.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .cost import evaluate_cost
from .kernel_types import Access, ArgInfo, Guard, Launch, LoopVar, WrapCheck
from .launch import launch_key
from .ranges import byte_range, read_spread, wrap_reason, write_dense

#: the records live in .kernel_types; importers of this module get them from here too
__all__ = ["Access", "ArgInfo", "Guard", "KernelAnalysis", "Launch", "LoopVar",
           "ProgramAnalysis"]


#: results of symbolic evaluation kept per analysis (see KernelAnalysis._memo)
MEMO_LIMIT = 4096


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
    #: integers computed in types that wrap around, each read as exact math only
    #: while it stays in its type (see :meth:`wraps`)
    wrap_checks: tuple[WrapCheck, ...] = field(default=(), repr=False, compare=False)

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
        return self._memo(("cost", launch_key(launch)), lambda: evaluate_cost(self, launch))

    def byte_range(self, arg_index: int, mode: str, launch: Launch,
                   groups: tuple[int, int]) -> tuple[int, int] | None:
        """Half-open byte interval covering every ``mode`` access of rows ``groups``."""
        return self._memo(("range", arg_index, mode, launch_key(launch), tuple(groups)),
                          lambda: byte_range(self, arg_index, mode, launch, groups))

    def write_dense(self, arg_index: int, launch: Launch, groups: tuple[int, int]) -> bool:
        """True only if every byte of the write range is certainly written."""
        return self._memo(("dense", arg_index, launch_key(launch), tuple(groups)),
                          lambda: write_dense(self, arg_index, launch, groups))

    def read_spread(self, arg_index: int, launch: Launch,
                    groups: tuple[int, int]) -> tuple[int, int] | None:
        """(hull, covered) bytes of the reads of rows ``groups`` (see :func:`read_spread`)."""
        return read_spread(self, arg_index, launch, groups)

    def wraps(self, launch: Launch) -> str | None:
        """Why an integer of this launch may wrap around (its ranges would then be
        wrong), or None when none can."""
        return self._memo(("wraps", launch_key(launch)), lambda: wrap_reason(self, launch))

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
    #: have one (same names; see :mod:`skmd.transform.merge_codegen`)
    merge_source: str | None = None
