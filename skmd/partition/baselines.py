"""The policies kept beside Algorithm 1 to measure it against, and the dispatcher.

All of them are costed by :func:`skmd.partition.problem.cost`, so a baseline's
``Plan.cost`` says what the transfer-aware model thinks of it even when the
baseline itself ignored transfers (``linear``).
"""
from __future__ import annotations

import math
from typing import Callable, Mapping, Sequence

import numpy as np

from skmd.partition.hill import hill_climb
from skmd.partition.problem import PartitionProblem, Plan, cost, make_plan

__all__ = ["apportion", "linear", "single", "even", "static", "POLICIES", "choose"]


def apportion(total: int, weights: Sequence[float]) -> list[int]:
    """Integer shares of ``total`` proportional to ``weights`` (largest remainder).

    Ties go to the earlier device; shares sum to ``total`` exactly.
    """
    w = np.asarray(weights, dtype=float)
    w = np.where(np.isfinite(w) & (w > 0), w, 0.0)
    if total <= 0:
        return [0] * len(w)
    if w.sum() <= 0:
        w = np.ones_like(w)
    exact = total * w / w.sum()
    shares = np.floor(exact).astype(np.int64)
    left = int(total - shares.sum())
    order = sorted(range(len(w)), key=lambda i: (-(exact[i] - shares[i]), i))
    for i in order[:left]:
        shares[i] += 1
    return [int(s) for s in shares]


def linear(problem: PartitionProblem) -> Plan:
    """Shares proportional to each device's throughput on the whole launch.

    The split prior systems used: it ignores transfers and the loss of
    efficiency at small counts, which is what Algorithm 1 improves on.
    """
    total = int(problem.total_groups)
    rates = []
    for d in problem.devices:
        t = float(np.asarray(d.run_time(np.array([max(total, 1)])), dtype=float).ravel()[0])
        rates.append(max(total, 1) / t if t > 0 else math.inf)
    if any(math.isinf(x) for x in rates):
        rates = [1.0 if math.isinf(x) else 0.0 for x in rates]
    return make_plan(problem, apportion(total, rates), "linear")


def single(problem: PartitionProblem) -> Plan:
    """Everything on the one device with the lowest predicted cost."""
    n, total = len(problem.devices), int(problem.total_groups)
    best, best_cost = 0, math.inf
    for i in range(n):
        s = [0] * n
        s[i] = total
        c = cost(problem, s)
        if c < best_cost:
            best, best_cost = i, c
    s = [0] * n
    s[best] = total
    return make_plan(problem, s, "single")


def even_counts(total: int, n: int) -> list[int]:
    """``total`` work-groups in ``n`` equal shares; the remainder to the first ones
    (what ``SKMD_POLICY=even`` gives, with or without a cost model)."""
    q, r = divmod(int(total), n)
    return [q + (1 if i < r else 0) for i in range(n)]


def even(problem: PartitionProblem) -> Plan:
    """Equal shares; the remainder goes to the first devices."""
    return make_plan(problem, even_counts(problem.total_groups, len(problem.devices)), "even")


def static(problem: PartitionProblem, fractions: Mapping[str, float] | None = None) -> Plan:
    """Fixed fractions per device label (normalised; missing labels get none)."""
    if not fractions or sum(max(0.0, float(v)) for v in fractions.values()) <= 0:
        raise ValueError("static policy needs positive fractions per device label")
    unknown = set(fractions) - set(problem.labels)
    if unknown:
        raise ValueError(f"static fractions name unknown device(s): {', '.join(sorted(unknown))}")
    w = [max(0.0, float(fractions.get(lb, 0.0))) for lb in problem.labels]
    return make_plan(problem, apportion(int(problem.total_groups), w), "static")


POLICIES: dict[str, Callable[..., Plan]] = {
    "hill": hill_climb,
    "linear": linear,
    "single": single,
    "even": even,
    "static": static,
}


def choose(problem: PartitionProblem, policy: str, **kw: object) -> Plan:
    """Split with the named policy (``SKMD_POLICY``; ``static`` takes ``fractions=``)."""
    try:
        fn = POLICIES[policy]
    except KeyError:
        raise ValueError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}") from None
    return fn(problem, **kw)
