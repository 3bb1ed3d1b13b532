"""From what is known about a launch to its shares, or to why it runs whole."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from skmd import partition

FIRST_LAUNCH_TIMED = "first launch of this kernel: whole, timed on the home device"


@dataclass
class Decision:
    """What was concluded for one launch shape."""
    shares: dict[str, int] | None = None
    reason: str | None = None
    #: the policy's plan (its predictions go to the run log)
    plan: Any = None
    #: (predicted seconds, device) of the best device alone, for the guard rail
    alone: tuple[float, str] | None = None
    #: False for calibration and first launches: not to be reused for later launches
    keep: bool = True
    #: for the run log: why a launch that takes the split path runs on one device
    note: str | None = None
    #: reuse for exactly this many launches (None: as often as it keeps coming out)
    span: int | None = None


def even(total: int, labels: Sequence[str], span: int | None = None) -> Decision:
    """The same number of work-groups on every device (the first ones take the rest),
    as :func:`skmd.partition.even` splits them."""
    return Decision(dict(zip(labels, partition.even_counts(total, len(labels)))), span=span)


def static(total: int, labels: Sequence[str], fractions: Mapping[str, float], home: str,
           span: int | None = None) -> Decision:
    """Fixed fractions per device (``SKMD_POLICY=static``), apportioned as
    :func:`skmd.partition.static` does; none given: all on home."""
    if not fractions:
        return Decision(reason="static policy without fractions")
    fr = [fractions.get(lb, 0.0) for lb in labels]
    if sum(fr) <= 0:
        fr = [1.0] + [0.0] * (len(labels) - 1)
    shares = dict(zip(labels, partition.apportion(total, fr)))
    if shares.get(home, 0) == total:
        return Decision(reason="static: all on the home device", span=span)
    return Decision(shares, span=span)


def unmeasured(total: int, home: str, unknown: Sequence[str], undecided: int,
               policy: str) -> Decision | None:
    """What a launch with devices lacking a speed does before calibrating (None:
    calibrate now).  ``undecided`` counts such launches of the kernel, this one too."""
    if policy == "single":
        return Decision(reason="single policy")
    if home in unknown:
        # a kernel launched once never repays measuring the helpers; the home device
        # is timed on skmd's own queue, so the next launch can tell whether helpers
        # could ever pay
        return Decision({home: total}, keep=False, note=FIRST_LAUNCH_TIMED)
    if undecided < 2:
        return Decision(reason="first launch of this kernel: whole; the next one "
                               "calibrates", keep=False)
    return None


#: the policies under which a launch too short for a split runs whole (:func:`too_short`):
#: the modelled ones but ``single``, which may choose another device for it, while
#: ``even`` and ``static`` split whatever they can
SHORT_RUNS_WHOLE = frozenset({"hill", "linear"})


def too_short(seconds: float, min_split_us: float, split_fixed_s: float = 0.0
              ) -> str | None:
    """Why a launch predicted to take ``seconds`` on one device is not worth splitting
    (nor calibrating helpers for), or None.  ``split_fixed_s``: the least a split
    must last (its measured fixed cost, times the margin it must beat): a launch
    shorter than that loses to its own hand-offs, whatever the helpers' speed."""
    if seconds * 1e6 < min_split_us:
        return (f"too short to split ({seconds * 1e6:.0f} us predicted "
                f"< SKMD_MIN_SPLIT_US={min_split_us:g})")
    if seconds < split_fixed_s:
        return (f"too short to split ({seconds * 1e6:.0f} us predicted < "
                f"{split_fixed_s * 1e6:.0f} us, a split's measured fixed cost with margin)")
    return None


def worth_building(home_spent_s: float, build_s: float, payback: float) -> bool:
    """Whether a kernel that has kept the home device busy ``home_spent_s`` seconds
    has run long enough to build helpers' programs that take ``build_s`` seconds
    (``payback``: :attr:`skmd.tuning.Tuning.build_payback`)."""
    return home_spent_s >= payback * build_s


def launches_until(left_s: float, per_launch_s: float, most: int) -> int:
    """Launches of ``per_launch_s`` each until ``left_s`` more seconds are spent (at
    least 1, at most ``most``): when a held-back build is worth asking about again."""
    if per_launch_s <= 0:
        return most
    return max(1, min(most, math.ceil(left_s / per_launch_s)))


def waiting_span(t_home_s: float | None, most: int, budget_s: float) -> int:
    """Launches a decision made while waiting (for builds, set-up, a launch's byte
    ranges) is kept: ``most``, or fewer when launches of ``t_home_s`` each would add up
    to more than ``budget_s`` of the home device's time (at least one).  Unknown
    launch times keep ``most``."""
    return launches_until(budget_s, t_home_s or 0.0, most)


def modelled(problem: partition.PartitionProblem, policy: str, min_split_us: float,
             home: str, split_fixed_s: float = 0.0) -> Decision:
    """The models' choice for a launch every device has a speed for."""
    single = partition.single(problem)
    alone = (single.cost, max(single.shares, key=single.shares.get))
    short = too_short(single.cost, min_split_us, split_fixed_s)
    if short is not None:
        return Decision(reason=short, alone=alone)
    plan = partition.choose(problem, policy)
    if sum(1 for v in plan.shares.values() if v) < 2:
        best = max(plan.shares, key=plan.shares.get)
        if best == home:
            return Decision(reason=f"{policy}: fastest alone "
                                   f"({plan.cost*1e3:.3f} ms predicted)",
                            plan=plan, alone=alone)
    return Decision(dict(plan.shares), plan=plan, alone=alone)
