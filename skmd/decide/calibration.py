"""How big a slice a helper nothing is known about may take to be measured.

A kernel's speed on a helper is unknown until it has run there, but the device
itself was measured once (:class:`DevicePrior`: a compute and a bandwidth
micro-kernel).  The slower of the two ratios to the home device is taken as
the helper's speed for any kernel, so a slice sized by it finishes within the
home device's own share however the kernel behaves, and a helper whose prior
says it could never pay is not measured at all.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping

from skmd.decide.transfer import LaunchBytes, best_saving, fixed_seconds

#: a calibration slice never exceeds this fraction of the work-groups
MAX_FRACTION = 1.0 / 16
#: and its predicted time stays under this fraction of the home device's share
SLACK = 0.5


@dataclass(frozen=True)
class DevicePrior:
    """What a device does on micro-kernels, measured once per device fingerprint."""
    flops: float          # single-precision multiply-adds x 2 per second
    bytes_per_s: float    # global memory read + write per second

    def valid(self) -> bool:
        return all(math.isfinite(v) and v > 0 for v in (self.flops, self.bytes_per_s))


def helper_speed(home: DevicePrior | None, helper: DevicePrior | None) -> float | None:
    """The helper's speed as a multiple of home's, taken for any kernel: the lower
    of its compute and bandwidth ratios (a kernel may be bound by either).  None
    when either prior is missing."""
    if home is None or helper is None or not (home.valid() and helper.valid()):
        return None
    return min(helper.flops / home.flops, helper.bytes_per_s / home.bytes_per_s)


def never_pays(t_home: float, total: int, bytes_: LaunchBytes,
               link: tuple[float, float], speed: float, gain_margin: float) -> bool:
    """Whether a helper ``speed`` times as fast as home, behind ``link``, could not
    save the ``1 - 1/gain_margin`` a split must, even balanced perfectly."""
    return best_saving(t_home, total, bytes_, [link], [speed]) < 1.0 - 1.0 / gain_margin


def calibration_slices(total: int, t_home: float, bytes_: LaunchBytes,
                       helpers: Mapping[str, tuple[float, tuple[float, float]]],
                       max_fraction: float = MAX_FRACTION, slack: float = SLACK
                       ) -> dict[str, int]:
    """Work-groups for each helper (label -> (speed, effective link)) to be measured on.

    Every helper's slice is predicted to finish within ``slack`` of the time the
    home device spends on what is left to it (all slices taken at their most),
    counting the slice's own transfers; a helper for which not one group fits
    gets 0.  ``t_home`` is the home device's time for all ``total`` groups.
    """
    out = {lb: 0 for lb in helpers}
    n = len(helpers)
    if n == 0 or total < 2 * (n + 1) or t_home <= 0:
        return out
    cap = max(1, int(total * max_fraction))
    p = t_home / total
    budget = slack * p * (total - n * cap)
    _, in_pg, _, out_pg, _ = bytes_
    for lb, (speed, (h2d, d2h)) in helpers.items():
        if not speed > 0:
            continue
        fixed = fixed_seconds(bytes_, (h2d, d2h))
        per = p / speed + in_pg / h2d + out_pg / d2h
        g = math.floor((budget - fixed) / per) if per > 0 else cap
        out[lb] = max(0, min(cap, g))
    return out


def slice_note(slices: Mapping[str, int], speeds: Mapping[str, float]) -> str:
    """The run log's words for a calibration launch."""
    parts = ", ".join(f"{lb} {g} groups (prior {speeds[lb]:.2g}x home)"
                      for lb, g in slices.items() if g)
    return f"calibration: helpers measured on slices sized by their priors: {parts}"



def calibration_plan(total: int, t_home: float, bytes_: LaunchBytes,
                     unknown: Mapping[str, tuple[float | None, tuple[float, float]]],
                     gain_margin: float) -> tuple[dict[str, int], dict[str, str]]:
    """Slices for the helpers nothing is measured about (label -> (prior speed or
    None, effective link)), and why each left out is not calibrated this time.

    A helper without a prior waits for one; a helper that could not save the
    split's margin even balanced perfectly is never measured; one whose slice
    would not fit in the home device's share is not measured on this launch.
    """
    dropped: dict[str, str] = {}
    sizable: dict[str, tuple[float, tuple[float, float]]] = {}
    for lb, (speed, link) in unknown.items():
        if speed is None:
            dropped[lb] = "no speed prior yet"
        elif never_pays(t_home, total, bytes_, link, speed, gain_margin):
            dropped[lb] = f"prior {speed:.2g}x home: can never pay"
        else:
            sizable[lb] = (speed, link)
    slices = calibration_slices(total, t_home, bytes_, sizable)
    for lb, g in list(slices.items()):
        if g <= 0:
            del slices[lb]
            dropped[lb] = "no slice fits within home's share"
    return slices, dropped
