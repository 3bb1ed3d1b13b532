"""Work-group splits of one launch over several devices (thesis §3.2.4).

Plain data in (:class:`PartitionProblem`), a :class:`Plan` out. ``hill_climb`` is
Algorithm 1; ``linear``, ``single``, ``even`` and ``static`` are the baselines it
is measured against, all costed by the same :func:`cost`.
"""
from skmd.partition.baselines import (POLICIES, apportion, choose, even, even_counts, linear,
                                      single, static)
from skmd.partition.hill import hill_climb
from skmd.partition.problem import DeviceCost, PartitionProblem, Plan, cost

__all__ = ["DeviceCost", "PartitionProblem", "Plan", "cost", "hill_climb", "linear",
           "single", "even", "even_counts", "static", "apportion", "POLICIES", "choose"]
