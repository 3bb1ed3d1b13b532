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
from skmd.decide.calibration import (DevicePrior, calibration_plan, calibration_slices,
                                     helper_speed, never_pays, slice_note)
from skmd.decide.feedback import gain_lost, overhead_step
from skmd.decide.pinning import PinRental
from skmd.decide.policy import Decision
from skmd.decide.transfer import best_saving, transfer_bound, via_home

__all__ = ["Decision", "DevicePrior", "best_saving", "calibration_plan", "calibration_slices",
           "PinRental", "gain_lost", "helper_speed", "never_pays", "overhead_step", "slice_note",
           "transfer_bound", "via_home"]
