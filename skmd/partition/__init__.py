"""Work-group splits of one launch over several devices (thesis §3.2.4).

Plain data in (:class:`PartitionProblem`), a :class:`Plan` out. ``hill_climb`` is
Algorithm 1; ``linear``, ``single``, ``even`` and ``static`` are the baselines it
is measured against, all costed by the same :func:`cost`.
"""
from __future__ import annotations

from skmd.lazy_names import getter

#: each name and the module it lives in, imported on first use (PEP 562): a
#: program whose launches all run whole never loads the partitioners
_HOMES = {
    "POLICIES": "baselines", "apportion": "baselines", "choose": "baselines",
    "even": "baselines", "even_counts": "baselines", "linear": "baselines",
    "single": "baselines", "static": "baselines", "hill_climb": "hill",
    "DeviceCost": "problem", "PartitionProblem": "problem", "Plan": "problem",
    "cost": "problem",
}

__all__ = sorted(_HOMES)


__getattr__ = getter(__name__, _HOMES)
