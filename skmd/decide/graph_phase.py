"""Which scheduling phase a recurring graph batch runs with (``SKMD_MODE=mkmd``).

Plain data, no OpenCL: the graph-mode executor reports each batch's time and
asks which phase to run the next one with.
"""
from __future__ import annotations

from dataclasses import dataclass, field

#: the scheduling phases a recurring graph is measured under in ``mkmd`` mode
PHASES = ("mkmd", "coarse")


def phase_name(phase: str) -> str:
    """What notes call a phase: the ``mkmd`` scheduler's own phase is the fine one."""
    return "fine" if phase == "mkmd" else phase


@dataclass
class PhaseTuner:
    """Which scheduling phase a recurring graph runs with: both measured, the faster kept.

    The fine phase's splits pay merges and partial transfers the models only
    estimate, and on some graphs the coarse schedule alone is faster.  A batch
    signature runs fine first; that first run pays the one-time costs (builds on
    every device, device buffers) and is not counted.  Then coarse and fine are
    measured once each, and from then on the phase with the lower recent time
    runs; the other is measured again after ``recheck`` batches, so that a change
    in the machine's load cannot lock a wrong choice in.
    """
    recheck: int = 16
    keep: int = 3
    #: signature -> phase -> the last ``keep`` counted batch times (seconds)
    times_: dict[tuple, dict[str, list[float]]] = field(default_factory=dict)
    #: signatures run once (their one-time costs paid)
    seen_: set[tuple] = field(default_factory=set)
    #: signature -> batches run with the chosen phase since the other was measured
    since_: dict[tuple, int] = field(default_factory=dict)

    def best(self, sig: tuple) -> str | None:
        """The phase with the lower recent time, once both are measured."""
        times = self.times_.get(sig, {})
        if not all(times.get(p) for p in PHASES):
            return None
        return min(PHASES, key=lambda p: min(times[p]))

    def choose(self, sig: tuple) -> tuple[str, str]:
        """The phase to run this batch with, and why."""
        if sig not in self.seen_:
            return PHASES[0], "first run"
        times = self.times_.get(sig, {})
        for p in PHASES[::-1]:
            if not times.get(p):
                return p, "measuring"
        best = self.best(sig)
        other = next(p for p in PHASES if p != best)
        if self.since_.get(sig, 0) >= self.recheck:
            return other, "measuring again"
        return best, (f"measured {min(times[best]) * 1e3:.2f} ms < {phase_name(other)} "
                      f"{min(times[other]) * 1e3:.2f} ms")

    def record(self, sig: tuple, phase: str, took: float) -> bool:
        """One batch of ``sig`` run with ``phase`` took ``took`` seconds.

        Returns whether the batch shows how the graph runs at its best, for the
        guard rail against program order: not a signature's first run (one-time
        costs, not counted here either), nor a run of the slower phase, made only
        to compare."""
        if sig not in self.seen_:
            self.seen_.add(sig)
            return False
        chosen = self.best(sig)  # what this batch was measured against
        kept = self.times_.setdefault(sig, {}).setdefault(phase, [])
        kept.append(took)
        del kept[:-self.keep]
        # counting restarts whenever the other phase ran or the choice changed
        same = phase == chosen and self.best(sig) == chosen
        self.since_[sig] = self.since_.get(sig, 0) + 1 if same else 0
        return self.best(sig) in (None, phase)
