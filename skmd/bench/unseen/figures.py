"""What the unseen suite measured, and the figures made from it.

Plain data: per program, the whole-process seconds of each kind of run per round
and the host seconds of each of its timed launches.  The figures are the ones a
user feels: how much slower a program is under ``skmd run`` (the first run with
an empty profile store, the second with what the first stored) and the worst
single launch against the allowance ``1.25 x plain + 1 ms``.
"""
from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

from skmd.bench.results import RunHeader, _geomean, _known, median_ci, paired_speedups

#: the kinds of run, in the order of the table: plain python, skmd with an empty
#: profile store, skmd again with the store the first run left
RUNS = ("plain", "first", "second")
#: a launch meets the criterion when skmd's time <= LAUNCH_FACTOR x plain + LAUNCH_ALLOW_S
LAUNCH_FACTOR = 1.25
LAUNCH_ALLOW_S = 1e-3
#: a process's phases, in order, between the stamps the programs' ``launchlog`` writes:
#: ``start`` from spawning to the program's own imports done (the interpreter, and
#: under ``skmd run`` skmd's imports and ``install()``, which starts the drivers);
#: ``setup`` to its first timed launch (plain: the drivers' start in
#: ``create_some_context``; both: context, buffers, builds); ``launches`` its timed
#: launches; ``after`` to the start of exit (read-backs, checks); ``exit`` the
#: interpreter's exit (``atexit`` hooks, skmd's among them, and the drivers' teardown)
PHASES = ("start", "setup", "launches", "after", "exit")


def phases_of(spawned: float, gone: float, stamps: dict[str, float]) -> dict[str, float]:
    """A process's seconds per phase (:data:`PHASES`) from the wall-clock times it
    was spawned and reaped and the stamps it wrote; {} without the stamps.  A
    program with no timed launch has ``launches`` 0 and its body in ``setup``."""
    try:
        imported, exited = stamps["imported"], stamps["exit"]
    except KeyError:
        return {}
    first = stamps.get("first", exited)
    last = stamps.get("last", first)
    edges = (spawned, imported, first, last, exited, gone)
    return {name: b - a for name, a, b in zip(PHASES, edges, edges[1:])}


@dataclass
class ProgramResult:
    """One program: its timed runs and launches, round by round."""
    name: str
    size: str
    #: run kind -> whole-process seconds, one per timed round
    times_s: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in RUNS})
    #: run kind -> the labels of the program's timed launches, in order
    launch_labels: dict[str, list[str]] = field(default_factory=dict)
    #: run kind -> per timed round, the seconds of each launch (same order as the labels)
    launch_s: dict[str, list[list[float]]] = field(default_factory=lambda: {k: [] for k in RUNS})
    #: run kind -> per timed round, seconds per phase (:func:`phases_of`)
    phases_s: dict[str, list[dict[str, float]]] = field(
        default_factory=lambda: {k: [] for k in RUNS})
    ok: bool = True
    message: str = ""
    rounds: int = 0
    skipped: str | None = None

    def median_s(self, kind: str) -> float | None:
        t = self.times_s.get(kind) or []
        return statistics.median(t) if t else None

    def speedup(self, kind: str) -> tuple[float | None, list[float] | None]:
        """Plain's time over ``kind``'s, round by round: the median and its 95 %
        confidence interval (None below six rounds)."""
        ratios = paired_speedups(self.times_s.get("plain", []), self.times_s.get(kind, []))
        if not ratios:
            return None, None
        return statistics.median(ratios), median_ci(ratios)

    def phase_extra(self, kind: str) -> dict[str, float]:
        """Per phase, ``kind``'s seconds minus plain's in the same round, the median
        over rounds: where a slower process loses its time; under ``process``, the
        same for the whole process."""
        rounds = list(zip(self.phases_s.get("plain", []), self.phases_s.get(kind, [])))
        out = {}
        for name in PHASES:
            diffs = [s[name] - p[name] for p, s in rounds if name in p and name in s]
            if diffs:
                out[name] = statistics.median(diffs)
        whole = [s - p for p, s in zip(self.times_s.get("plain", []), self.times_s.get(kind, []))]
        if out and whole:
            out["process"] = statistics.median(whole)
        return out

    def worst_launch(self, kind: str) -> tuple[float | None, str | None]:
        """The largest :func:`launch_ratio` over the program's launches and which one."""
        return worst_launch(self.launch_labels.get("plain", []), self.launch_s.get("plain", []),
                            self.launch_labels.get(kind, []), self.launch_s.get(kind, []))


def launch_ratio(skmd_s: float, plain_s: float) -> float:
    """skmd's launch time over its allowance: above 1, the launch misses the criterion."""
    return skmd_s / (LAUNCH_FACTOR * plain_s + LAUNCH_ALLOW_S)


def worst_launch(plain_labels: Sequence[str], plain_rounds: Sequence[Sequence[float]],
                 labels: Sequence[str], rounds: Sequence[Sequence[float]]
                 ) -> tuple[float | None, str | None]:
    """Launch by launch (the i-th of one run against the i-th of the other, medians
    over rounds), the worst :func:`launch_ratio`, named ``label #i``.

    The programs launch the same kernels in the same order every run, so position
    pairs them; where the labels part the pairing stops there.
    """
    n = 0
    for a, b in zip(plain_labels, labels):
        if a != b:
            break
        n += 1
    worst, name = None, None
    for i in range(n):
        p = [r[i] for r in plain_rounds if i < len(r)]
        s = [r[i] for r in rounds if i < len(r)]
        if not p or not s:
            continue
        ratio = launch_ratio(statistics.median(s), statistics.median(p))
        if worst is None or ratio > worst:
            worst, name = ratio, f"{labels[i]} #{i + 1}"
    return worst, name


@dataclass
class UnseenReport(RunHeader):
    """Everything one ``skmd bench --suite unseen`` run measured."""
    programs: list[ProgramResult] = field(default_factory=list)

    @property
    def all_ok(self) -> bool:
        return all(p.ok for p in self.programs)

    def geomean_speedup(self, kind: str) -> float | None:
        return _geomean([p.speedup(kind)[0] for p in self.programs if p.ok])

    def worst_launch(self, kind: str) -> tuple[float | None, str | None]:
        """The worst launch of all programs, named ``program: label #i``."""
        found = [(r, f"{p.name}: {lb}") for p in self.programs if p.ok
                 for r, lb in [p.worst_launch(kind)] if r is not None]
        return max(found) if found else (None, None)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["all_ok"] = self.all_ok
        for d, p in zip(out["programs"], self.programs):
            for kind in RUNS:
                d.setdefault("median_s", {})[kind] = p.median_s(kind)
            for kind in RUNS[1:]:
                med, ci = p.speedup(kind)
                worst, which = p.worst_launch(kind)
                d.setdefault("speedup", {})[kind] = {"median": med, "ci95": ci}
                d.setdefault("worst_launch", {})[kind] = {"ratio": worst, "launch": which}
                d.setdefault("phase_extra_s", {})[kind] = p.phase_extra(kind)
        out["geomean_speedup"] = {k: self.geomean_speedup(k) for k in RUNS[1:]}
        out["worst_launch"] = {k: dict(zip(("ratio", "launch"), self.worst_launch(k)))
                               for k in RUNS[1:]}
        out["criterion"] = (f"launch time under skmd <= {LAUNCH_FACTOR:g} x plain + "
                            f"{LAUNCH_ALLOW_S * 1e3:g} ms")
        return out


def is_unseen(d: dict[str, Any]) -> bool:
    """Whether a saved ``--json`` report is the unseen suite's (it has programs, the
    other suites have benchmarks)."""
    return "programs" in d and "benchmarks" not in d


def unseen_from(d: dict[str, Any]) -> UnseenReport:
    """An unseen suite's report as ``--json`` saved it; the figures derived from the
    rounds are computed again, not read."""
    if not is_unseen(d):
        raise ValueError("not an unseen suite report (it has no 'programs')")
    programs = [ProgramResult(**_known(ProgramResult, p)) for p in d["programs"]]
    return UnseenReport(**_known(UnseenReport, {**d, "programs": programs}))
