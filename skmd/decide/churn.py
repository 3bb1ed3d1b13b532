"""Kernels whose every launch brings a decision key never seen before.

A decision is kept per launch key (:func:`skmd.runtime.launches.signature`), and a
key holds the launch's scalar arguments, since they may move what a share reads.
A kernel passed the time step, or a source's position, at every launch therefore
meets no kept decision: each launch is priced afresh (tens to hundreds of
microseconds of Python) and each leaves its verdict behind, for a launch of
microseconds that runs whole every time.  :class:`KeyChurn` notices the run of
new keys decided whole, and :func:`kept` then runs the launches after it whole
at once, deciding one new key in ``every`` (a verdict that changes, e.g. once a
loop bound grows large enough to split, is still found); :func:`keep` lets the
oldest kept keys go, so that what a kernel keeps stays bounded.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: why a launch with a key never seen runs whole undecided
REASON = ("a new decision key at each launch (scalar arguments that change), each "
          "decided whole: whole, decided again now and then")
#: what :func:`kept` answers for a churning kernel's new key: one object for every
#: such launch (it is only read)
_WHOLE = (None, None, REASON, 0, 0)
#: decisions a churning kernel keeps (and what led to them): beyond this many, the
#: oldest half goes
KEPT_PER_KERNEL = 4096


@dataclass
class KeyChurn:
    """One kernel's run of new keys decided whole (``after``, ``every``: the settings'
    :attr:`~skmd.tuning.Tuning.churn_after` and ``churn_every``)."""
    streak: int = 0
    next_decided: int = 0

    def skips(self, launches: int, after: int) -> bool:
        """Whether the launch numbered ``launches``, its key new, runs whole undecided."""
        return self.streak >= after and launches < self.next_decided

    def decided(self, launches: int, whole: bool, after: int, every: int) -> None:
        """A new key's verdict, at the launch numbered ``launches``."""
        if not whole:
            self.streak = 0
            return
        self.streak += 1
        if self.streak >= after:
            self.next_decided = launches + every


def kept(decisions: dict[tuple, Any], churn: KeyChurn, key: tuple, launches: int,
         after: int) -> list | tuple | None:
    """The decision kept for ``key`` while it has reuses left (one counted down), a
    verdict to run whole for a new key of a kernel whose keys churn, or None (decide).
    A kept decision is ``[launch, shares, reason, reuses left, span]``."""
    hit = decisions.get(key)
    if hit is not None:
        if hit[3] > 0:
            hit[3] -= 1  # (a list: counted in place, not keyed again)
            return hit
        return None
    if churn.skips(launches, after):
        return _WHOLE
    return None


def keep(decisions: dict[tuple, Any], churn: KeyChurn, key: tuple, value: list,
         whole: bool, launches: int, after: int, every: int) -> None:
    """Keep ``value`` for ``key``; a key not kept before tells ``churn`` whether it
    ran ``whole``.  Keys of one word (flags) are never let go."""
    if key not in decisions:
        churn.decided(launches, whole, after, every)
        if churn.streak >= after and len(decisions) > KEPT_PER_KERNEL:
            per_key = [k for k in decisions if len(k) > 1]
            for k in per_key[:max(0, len(per_key) - KEPT_PER_KERNEL // 2)]:
                del decisions[k]
    decisions[key] = value
