"""When graph mode stops deferring: the guard rail and the launch-at-once rules.

Plain data, no OpenCL or threads: the graph-mode executor reports what each
batch did (how long, whether it ran whole on the home device in program order)
and asks whether the next batch of a shape is held back in program order,
whether a launch skips the graph, and whether staging uploads still pays.  The
caller holds its own lock around these calls.  The thresholds and spans are
:class:`skmd.tuning.Tuning`'s, handed in.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from skmd.tuning import Tuning

#: the run log's reason for a launch that skipped the graph (see :class:`AtOnce`)
AT_ONCE_REASON = ("its graph batches ran whole on the home device in program order: "
                  "launched at once")


def helpers_are_slow(home_speed: float, helper_speeds: list[float], slow_helper: float
                     ) -> bool:
    """Every helper is slow (``Tuning.slow_helper``); true with no helper at all."""
    return all(s <= slow_helper * home_speed for s in helper_speeds)


def too_small(home_s: float | None, graph_min_us: float) -> bool:
    """Kernels predicted to take less on the home device than a graph costs to run."""
    return home_s is not None and home_s * 1e6 < graph_min_us


@dataclass
class GuardRail:
    """A graph measured slower than program order runs in order for a while.

    The in-order time is kept per batch signature (kernels and sizes); the rest per
    key = (settings' run key, signature), so that a graph held back in one mode is
    not held back in another (the benchmarks switch settings in one process).
    """
    inorder_s: dict[tuple, float] = field(default_factory=dict)
    hold: dict[tuple, int] = field(default_factory=dict)
    hold_why: dict[tuple, str] = field(default_factory=dict)
    backoff: dict[tuple, int] = field(default_factory=dict)
    #: graphs measured slower than in order once, not yet held back for it
    struck: set[tuple] = field(default_factory=set)
    #: graphs run before: a first run pays one-time costs (partition-ready builds,
    #: device buffers, staging) and is not judged
    tried: set[tuple] = field(default_factory=set)

    def held(self, key: tuple) -> str | None:
        """Why a batch of ``key`` runs in program order this time (None: it does not);
        a hold is used up batch by batch."""
        if self.hold.get(key, 0) <= 0:
            return None
        self.hold[key] -= 1
        return self.hold_why[key]

    def judge(self, key: tuple, home_s: float | None, took: float, tuning: Tuning) -> None:
        """One batch of ``key`` ran as a graph in ``took`` seconds.

        The yardstick is the same batch measured in order when there is one, else
        the models' figure for the home device (``home_s``).  Each failure against
        a measured batch doubles how many batches run in order before the graph is
        tried again; a failure against the models' figure (kernel time only, no
        transfers) runs one batch in order, to measure the real yardstick.  One
        slow batch can be noise (runs of one batch spread by 14-49 % on a GPU
        machine): the first hold against a measured batch needs two in a row.
        Slower means more than ``tuning.gain_margin`` times; the longest hold is
        ``tuning.max_reuse`` batches.
        """
        measured = self.inorder_s.get(key[1])
        est = home_s if measured is None else measured
        if est is None or took <= tuning.gain_margin * est:
            self.backoff.pop(key, None)
            self.struck.discard(key)
            return
        if measured is None:
            span = 1
        else:
            if key not in self.backoff and key not in self.struck:
                self.struck.add(key)
                return
            self.struck.discard(key)
            span = min(2 * self.backoff.get(key, 4), tuning.max_reuse)
            self.backoff[key] = span
        self.hold[key] = span
        self.hold_why[key] = (f"graph batch measured {took * 1e3:.2f} ms > {est * 1e3:.2f} ms "
                              f"in order: program order for {span} batch{'es' if span > 1 else ''}")


@dataclass
class Span:
    """The launches of one shape left to run at once.  One object per shape for good,
    so that a launch that found its shape before reaches the count again without
    building the shape and looking it up (the caller holds its lock)."""
    left: int = 0

    def take(self) -> bool:
        """Whether a launch of this shape skips the graph (uses one launch of its span)."""
        if self.left <= 0:
            return False
        self.left -= 1
        return True


@dataclass
class AtOnce:
    """Launch shapes whose batches keep running whole on the home device in program
    order are launched at once for a span of launches; staging stops while the
    helpers stay idle.  A shape is (run key, kernel, global size)."""
    #: shape -> batches in a row it was in that ran whole on the home device in order
    home_runs: dict[tuple, int] = field(default_factory=dict)
    #: shape -> launches left to run at once
    spans: dict[tuple, Span] = field(default_factory=dict)
    #: shape -> its latest span of launches at once
    span: dict[tuple, int] = field(default_factory=dict)
    #: whether the latest graph batch ran whole on the home device
    latest_home_only: bool = False
    #: uploads staged since the latest batch that used a helper
    staged_since_helper: int = 0

    def span_of(self, shape: tuple) -> Span:
        """``shape``'s count of launches left at once (the same object every time)."""
        sp = self.spans.get(shape)
        if sp is None:
            sp = self.spans[shape] = Span()
        return sp

    def take(self, shape: tuple) -> bool:
        """Whether a launch of ``shape`` skips the graph (uses one launch of its span)."""
        sp = self.spans.get(shape)
        return sp is not None and sp.take()

    def helpers_idle(self, tuning: Tuning) -> bool:
        """Whether uploads were staged for helpers that the batches since left idle."""
        return self.latest_home_only and self.staged_since_helper >= tuning.stage_idle_after

    def count(self, shapes: set[tuple], in_order: bool, counts: bool, tuning: Tuning) -> None:
        """A batch of ``shapes`` ran (``in_order``: whole on home, in program order);
        ``counts``: whether its reason for that counts towards launching at once (see
        :class:`Tuning`: ``at_once_after``, ``at_once_launches``, ``at_once_max``)."""
        self.latest_home_only = in_order
        if not in_order:
            self.staged_since_helper = 0
        for k in shapes:
            if not (in_order and counts):
                self.home_runs.pop(k, None)
                self.span.pop(k, None)
                continue
            self.home_runs[k] = self.home_runs.get(k, 0) + 1
            if self.home_runs[k] >= tuning.at_once_after:
                span = self.span.get(k)
                span = (tuning.at_once_launches if span is None
                        else min(2 * span, tuning.at_once_max))
                self.span[k] = self.span_of(k).left = span
