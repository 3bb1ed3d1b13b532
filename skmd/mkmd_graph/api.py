"""One call from a deferred command list to an executable plan."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .coarse import coarse_schedule, inorder_schedule
from .fine import fine_schedule
from .graph import Command, build_graph
from .plan import Platform, Schedule

MODES = ("mkmd", "coarse", "inorder")


def schedule(commands: Sequence[Command], buffer_bytes: Mapping[int, int],
             platform: Platform, mode: str = "mkmd", *,
             initial: Mapping[int, Iterable[str] | str] | None = None,
             step: float = 0.01, merge_bps: float = 10e9,
             min_gain: float = 0.0, min_rel_gain: float = 0.0) -> Schedule:
    """Plan ``commands``: "mkmd" (coarse + fine split), "coarse" (whole
    commands, list scheduled) or "inorder" (enqueue order on the fastest
    device, the baseline).  The fine phase keeps a split only when it brings
    its kernel forward by ``min_gain`` seconds or more.  A plan of either other
    mode is kept only where it promises to end ``min_rel_gain`` (a fraction)
    sooner than in-order, else in-order stands in for it: a plan spread over
    devices pays waits and hand-overs between them that the costs do not hold."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    graph = build_graph(commands, buffer_bytes, initial)
    if mode == "inorder":
        return inorder_schedule(graph, platform)
    coarse = coarse_schedule(graph, platform)
    if mode == "coarse":
        if min_rel_gain > 0:
            return _paying(coarse, inorder_schedule(graph, platform), min_rel_gain, mode)
        return coarse
    fine = fine_schedule(graph, platform, coarse, step=step, merge_bps=merge_bps,
                         min_gain=min_gain)
    # greedy list scheduling can lose to the baseline (an early command taken
    # by the device holding its data strands its successors); then refine the
    # baseline instead, so the plan never promises less than in-order
    base = inorder_schedule(graph, platform)
    if fine.makespan > base.makespan:
        alt = fine_schedule(graph, platform, base, step=step, merge_bps=merge_bps,
                            min_gain=min_gain)
        fine = alt if alt.makespan < base.makespan else base
        fine.mode = "mkmd"
    return _paying(fine, base, min_rel_gain, "mkmd") if min_rel_gain > 0 else fine


def _paying(plan: Schedule, base: Schedule, min_rel_gain: float, mode: str) -> Schedule:
    """``plan``, or ``base`` (in-order, named ``mode``) where ``plan`` does not end
    ``min_rel_gain`` sooner."""
    if plan is base or plan.makespan <= base.makespan * (1.0 - min_rel_gain):
        return plan
    base.mode = mode
    return base
