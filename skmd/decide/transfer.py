"""What moving a helper's rows costs, bounded before anything about it is measured."""
from __future__ import annotations

import math
from typing import Sequence

#: (in_fixed, in_per_group, out_fixed, out_per_group, merge_fixed) bytes of a helper
LaunchBytes = tuple[float, float, float, float, int]


def via_home(link: tuple[float, float], home_link: tuple[float, float]
             ) -> tuple[float, float]:
    """A helper's effective (h2d, d2h) bytes/s: its data goes home -> host -> helper
    and back the same way, so each direction crosses two links in series."""
    (h2d, d2h), (home_up, home_down) = link, home_link
    return 1.0 / (1.0 / h2d + 1.0 / home_down), 1.0 / (1.0 / d2h + 1.0 / home_up)


def best_saving(t_home: float, total: int, bytes_: LaunchBytes,
                helper_links: Sequence[tuple[float, float]],
                speeds: Sequence[float] | None = None) -> float:
    """The most any split could save of ``t_home`` (a fraction).

    Helpers are taken as ``speeds`` times as fast as home (default: infinitely
    fast) and their transfers as overlapping the home device's work completely.
    With home at ``p`` s per group and a helper at ``p / speed + c_i`` s per
    group (``c_i`` its rows' transfers), the balanced makespan is
    ``total / (1/p + sum 1/(p/speed + c_i))``.  A helper whose fixed bytes alone
    take longer than ``t_home`` cannot take part.  A bound, not a prediction:
    when even it is small, measuring the helpers (calibration) cannot pay.
    """
    if t_home <= 0 or total <= 0:
        return 0.0
    _, in_pg, _, out_pg, _ = bytes_
    p = t_home / total
    rate = 1.0 / p
    for k, (h2d, d2h) in enumerate(helper_links):
        speed = math.inf if speeds is None else speeds[k]
        if speed <= 0 or fixed_seconds(bytes_, (h2d, d2h)) >= t_home:
            continue
        c = in_pg / h2d + out_pg / d2h + (p / speed if math.isfinite(speed) else 0.0)
        if c <= 0:
            return 1.0
        rate += 1.0 / c
    return 1.0 - (1.0 / rate) / p


def fixed_seconds(bytes_: LaunchBytes, link: tuple[float, float]) -> float:
    """What a helper's share costs however few its groups: its fixed bytes in and
    out, and the merge of what it may have written (a diff crosses back once more)."""
    in_fixed, _, out_fixed, _, merge = bytes_
    return in_fixed / link[0] + (out_fixed + merge) / link[1]


def transfer_bound(t_home: float, total: int, bytes_: LaunchBytes,
                   helper_links: Sequence[tuple[float, float]],
                   gain_margin: float) -> str | None:
    """Why calibrating the helpers cannot pay even if they were infinitely fast,
    or None when it might (the saving bound must reach ``1 - 1/gain_margin``)."""
    saving = best_saving(t_home, total, bytes_, helper_links)
    if saving >= 1.0 - 1.0 / gain_margin:
        return None
    return (f"transfer-bound: moving helpers' rows would cost more than it saves "
            f"(at most {saving * 100:.1f} % of {t_home * 1e3:.3f} ms even with "
            "infinitely fast helpers); whole, helpers not calibrated")
