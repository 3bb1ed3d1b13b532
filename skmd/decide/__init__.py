"""Split and placement decisions as plain functions over plain data.

Nothing here touches OpenCL, threads or files: the runtime gathers what it
knows (times, device priors, link speeds, settings) and asks; tests ask the
same functions with made-up figures.

* :mod:`.policy`: a launch's shares under each policy, or why it runs whole;
* :mod:`.calibration`: how helpers nothing is measured about are measured;
* :mod:`.transfer`: what moving a helper's rows costs, bounded;
* :mod:`.feedback`: what a split's measurements change (overhead, guard rail).
* :mod:`.graph_guard`: when graph mode stops deferring (guard rail, launches at once);
* :mod:`.graph_phase`: which scheduling phase a recurring graph runs with;
* :mod:`.pinning`: when page-locked host memory starts paying for itself.
"""
from __future__ import annotations

from skmd.lazy_names import getter

#: each name and the module it lives in, imported on first use (PEP 562): the
#: runtime's start-up loads only the modules its first launches ask for
_HOMES = {
    "DevicePrior": "calibration", "calibration_plan": "calibration",
    "calibration_slices": "calibration", "helper_speed": "calibration",
    "never_pays": "calibration", "slice_note": "calibration",
    "gain_lost": "feedback", "overhead_step": "feedback", "PinRental": "pinning",
    "Decision": "policy", "best_saving": "transfer", "transfer_bound": "transfer",
    "via_home": "transfer",
}

__all__ = sorted(_HOMES)


__getattr__ = getter(__name__, _HOMES)
