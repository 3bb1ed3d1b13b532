"""What a split launch's measurements change in later decisions."""
from __future__ import annotations


def overhead_step(current: float, wall_s: float, busiest_s: float, merge_s: float,
                  extra_devices: int) -> float:
    """The split-overhead estimate (seconds per extra device, an EWMA) after one split.

    The sample is what the split took beyond its busiest device's transfers and
    run and its merge.  One stall (a page fault storm, another process) must not
    stop all splitting: a sample moves the estimate at most to a few times what
    it was.
    """
    extra = max(wall_s - busiest_s - merge_s, 0.0) / extra_devices
    extra = min(extra, 4.0 * current + 1e-3)
    return 0.7 * current + 0.3 * extra


def gain_lost(wall_s: float, alone_s: float | None, gain_margin: float) -> str | None:
    """Why a split measured ``wall_s`` runs whole from now on, or None while it pays.

    The cost model can underestimate what a split really costs (transfers,
    allocations, synchronisation): a split measured slower than ``gain_margin``
    times the model's own figure for the best device alone (``alone_s``; None or
    0: no figure) stops.
    """
    if not alone_s or wall_s <= gain_margin * alone_s:
        return None
    return (f"split measured {wall_s * 1e3:.2f} ms > {alone_s * 1e3:.2f} ms predicted "
            "for the best device alone")
