"""What ``skmd bench`` measured: per configuration, per benchmark, per run.

Plain data and the figures derived from it (speedups, per-round speedups and their
spread); written to and read back from JSON, so tables can be made again later.
"""
from __future__ import annotations

import json
import math
import statistics
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Iterable, Sequence

MKMD_MODES = ("inorder", "coarse", "mkmd")


@dataclass
class ConfigResult:
    """One configuration of one benchmark: its timed runs and what they did."""
    key: str
    kind: str  # "single" | "split" | "policy" | "mode" | "variant"
    settings: dict[str, Any]
    fractions: dict[str, float] | None = None
    times_s: list[float] = field(default_factory=list)
    min_s: float | None = None
    median_s: float | None = None
    ok: bool = True
    runs: int = 0
    failures: int = 0
    message: str = ""
    skipped: str | None = None
    #: device label -> fraction of the work-groups it ran (last timed run)
    distribution: dict[str, float] = field(default_factory=dict)
    #: device label -> work-groups it ran (last timed run)
    groups: dict[str, int] = field(default_factory=dict)
    launches: int = 0
    split_launches: int = 0
    #: why launches ran whole (reason -> count, last timed run)
    whole_reasons: dict[str, int] = field(default_factory=dict)
    #: device label -> fraction of the last timed run it spent running kernels
    #: (from the run log's kernel pieces; empty when no launch was timed per device)
    busy: dict[str, float] = field(default_factory=dict)
    speedup: float | None = None
    #: median and quartiles of the per-round speedups (see :func:`paired_speedups`)
    paired_speedup: float | None = None
    paired_iqr: list[float] | None = None
    #: 95 % confidence interval of that median (:func:`median_ci`)
    paired_ci: list[float] | None = None
    #: a variant's base configuration (``skmd`` or ``mkmd``: the same with default settings)
    base: str | None = None
    #: a variant's time over its base's, round by round: median and its 95 %
    #: confidence interval (above 1: the settings the variant turns off gain that much)
    gain: float | None = None
    gain_ci: list[float] | None = None

    @property
    def usable(self) -> bool:
        """Measured, correct and not skipped: may take part in speedups."""
        return self.skipped is None and self.ok and self.min_s is not None

    @property
    def status(self) -> str:
        if self.skipped is not None:
            return "skipped"
        return "ok" if self.ok else "FAIL"


@dataclass
class BenchResult:
    """One benchmark: all its configurations and the derived figures."""
    name: str
    suite: str
    size: str
    configs: dict[str, ConfigResult] = field(default_factory=dict)
    error: str | None = None
    fastest_single: str | None = None   # config key, e.g. "single:cpu0"
    oracle: str | None = None           # config key of the best split point
    prepare_s: float = 0.0
    #: timed rounds run (fewer than the report's ``repeat`` when the time limit came)
    rounds: int = 0
    #: why nothing was timed although nothing failed (the time limit)
    skipped: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and all(c.ok for c in self.configs.values()
                                          if c.skipped is None)

    def column(self, key: str) -> ConfigResult | None:
        """The configuration behind a table column ("fastest", "oracle" or a key)."""
        if key == "fastest":
            return self.configs.get(self.fastest_single) if self.fastest_single else None
        if key == "oracle":
            return self.configs.get(self.oracle) if self.oracle else None
        return self.configs.get(key)

    def oracle_ok(self) -> bool:
        """Every point of the sweep (corners included) gave the right result."""
        return all(c.ok for c in self.configs.values() if c.kind in ("single", "split"))

    @property
    def skmd_of_oracle(self) -> float | None:
        """skmd's time as a fraction of the oracle's (1.0 = as fast as the best split)."""
        s, o = self.configs.get("skmd"), self.column("oracle")
        if s is None or o is None or not s.usable or not o.usable:
            return None
        return o.min_s / s.min_s


@dataclass
class RunHeader:
    """What every ``skmd bench`` report says of its run (the SKMD/MKMD suites' and
    the unseen suite's alike): the machine, when, the command, the size, the rounds."""
    machine: dict[str, Any]
    date: str
    command: str
    size: str
    repeat: int
    notes: list[str] = field(default_factory=list, kw_only=True)
    elapsed_s: float = field(default=0.0, kw_only=True)


@dataclass
class BenchReport(RunHeader):
    """Everything one ``skmd bench`` run measured."""
    oracle_steps: int
    policies: list[str]
    benchmarks: list[BenchResult] = field(default_factory=list)

    @property
    def all_ok(self) -> bool:
        return all(b.ok for b in self.benchmarks)

    def geomean(self, column: str, suite: str | None = None) -> float | None:
        vals = []
        for b in self.benchmarks:
            if suite is not None and b.suite != suite:
                continue
            c = b.column(column)
            if c is not None and c.usable and c.speedup:
                vals.append(c.speedup)
        return _geomean(vals)

    def variants(self, suite: str | None = None) -> list[str]:
        """The variants' keys, in the order they were run."""
        keys: dict[str, None] = {}
        for b in self.benchmarks:
            if suite is None or b.suite == suite:
                keys.update((k, None) for k, c in b.configs.items() if c.kind == "variant")
        return list(keys)

    def geomean_gain(self, key: str, suite: str | None = None) -> float | None:
        """Geometric mean over benchmarks of a variant's :attr:`ConfigResult.gain`."""
        return _geomean([b.configs[key].gain for b in self.benchmarks
                         if (suite is None or b.suite == suite) and key in b.configs])

    def geomean_of_oracle(self, suite: str | None = None) -> float | None:
        return _geomean([b.skmd_of_oracle for b in self.benchmarks
                         if (suite is None or b.suite == suite) and b.skmd_of_oracle])

    def to_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k != "benchmarks"}
        out["all_ok"] = self.all_ok
        out["benchmarks"] = []
        for b in self.benchmarks:
            d = asdict(b)
            d["ok"] = b.ok
            d["skmd_of_oracle"] = b.skmd_of_oracle
            for key, c in b.configs.items():
                d["configs"][key]["status"] = c.status
            out["benchmarks"].append(d)
        suites = sorted({b.suite for b in self.benchmarks})
        out["geomean"] = {
            s: {col: self.geomean(col, s) for col in
                ("fastest", "linear", "skmd", "oracle", "even", "single", *MKMD_MODES)}
            | {"skmd_of_oracle": self.geomean_of_oracle(s)}
            | {"gain": {v: self.geomean_gain(v, s) for v in self.variants(s)}}
            for s in suites}
        return out


def paired_speedups(base_times: Sequence[float], times: Sequence[float]) -> list[float]:
    """Per-round speedups: the baseline's i-th timed run over this configuration's.

    The configurations take turns within each round, so drift that slows a whole
    round (another tenant, clocks) cancels in the ratio; the spread of these ratios
    says how far apart two configurations really are, where the minima alone
    cannot when single runs spread by tens of per cent.
    """
    return [b / t for b, t in zip(base_times, times) if t > 0]


def paired_summary(ratios: Sequence[float]) -> tuple[float | None, list[float] | None]:
    """Median of the per-round speedups, and their quartiles once there are four."""
    if not ratios:
        return None, None
    med = statistics.median(ratios)
    if len(ratios) < 4:
        return med, None
    q = statistics.quantiles(ratios, n=4, method="inclusive")
    return med, [q[0], q[2]]


def median_ci(values: Sequence[float], level: float = 0.95) -> list[float] | None:
    """A distribution-free confidence interval for the median: the order statistics
    ``x(j) <= median <= x(n+1-j)`` hold it with probability ``1 - 2 P(B <= j-1)``,
    B ~ Binomial(n, 1/2); ``j`` is the largest that keeps that at ``level`` or more.
    None below six values (no pair of order statistics reaches 95 %).

    It says whether a median speedup is known to lie within a few per cent of 1.0,
    which neither the median nor the quartiles say on their own.
    """
    xs = sorted(values)
    n = len(xs)
    tail, cdf, j = (1.0 - level) / 2.0, 0.0, 0
    for k in range(n):
        cdf += math.comb(n, k) / 2.0 ** n          # P(B <= k)
        if cdf > tail:
            break
        j = k + 1
    if j < 1:
        return None
    return [xs[j - 1], xs[n - j]]


def set_speedups(result: BenchResult) -> None:
    """Every usable configuration's speedups over the fastest single device, and each
    variant's time over its base's."""
    base = result.column("fastest")
    for res in result.configs.values():
        if base is not None and res.usable:
            res.speedup = base.min_s / res.min_s
            ratios = paired_speedups(base.times_s, res.times_s)
            res.paired_speedup, res.paired_iqr = paired_summary(ratios)
            res.paired_ci = median_ci(ratios)
    for res in result.configs.values():
        other = result.configs.get(res.base) if res.base else None
        if other is not None and other.usable and res.usable:
            ratios = paired_speedups(res.times_s, other.times_s)
            res.gain, _ = paired_summary(ratios)
            res.gain_ci = median_ci(ratios)


def _known(cls: type, d: dict[str, Any]) -> dict[str, Any]:
    """The items of ``d`` that are fields of dataclass ``cls`` (derived ones dropped)."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in d.items() if k in names}


def read_json(path: str) -> Any:
    """A ``--json`` file as saved, or gzipped (``*.gz``: the results folder keeps its
    larger files so)."""
    import gzip
    with (gzip.open(path, "rt") if str(path).endswith(".gz") else open(path)) as fh:
        return json.load(fh)


def load_reports(paths: Sequence[str]) -> BenchReport:
    """One report from ``skmd bench --json`` files, gzipped or not (e.g. one per
    program, as the GPU measuring runs write them): machine, size and settings from
    the first file, the benchmarks of all, in order."""
    report = None
    for path in paths:
        one = report_from(read_json(path))
        if report is None:
            report = one
        else:
            report.benchmarks.extend(one.benchmarks)
    if report is None:
        raise ValueError("no report files given")
    return report


def report_from(d: dict[str, Any]) -> BenchReport:
    """A report as one ``--json`` file holds it."""
    benches = []
    for b in d.get("benchmarks", []):
        res = BenchResult(**_known(BenchResult, {**b, "configs": {}}))
        res.configs = {k: ConfigResult(**_known(ConfigResult, c))
                       for k, c in b.get("configs", {}).items()}
        if any(c.usable and c.paired_ci is None for c in res.configs.values()):
            set_speedups(res)  # written before per-round figures were kept
        benches.append(res)
    return BenchReport(**_known(BenchReport, {**d, "benchmarks": benches}))


def _geomean(vals: Iterable[float | None]) -> float | None:
    v = [float(x) for x in vals if x is not None and x > 0 and math.isfinite(x)]
    if not v:
        return None
    return math.exp(sum(math.log(x) for x in v) / len(v))
