"""skmd bench: the runner over a few small SKMD programs, its JSON, plot and exit code."""
from __future__ import annotations

import argparse
import json
import math

import pytest

from skmd.bench import configs, results, run_stats, runner, tables
from skmd.bench.results import BenchReport
from skmd.bench.configs import plan_configs, simplex_grid
from skmd.bench.runner import run_bench
from skmd.testing import tuned

NAMES = ["vectoradd", "matrixtranspose", "reduction"]


@pytest.fixture(scope="module")
def report() -> BenchReport:
    return run_bench(NAMES, size="ci", repeat=1, oracle_steps=2, command="pytest")


def test_all_correct_and_fields_filled(report: BenchReport) -> None:
    assert report.all_ok, [(b.name, c.key, c.message) for b in report.benchmarks
                           for c in b.configs.values() if not c.ok]
    assert [b.name.lower() for b in report.benchmarks] == NAMES
    labels = [d["label"] for d in report.machine["devices"]]
    assert len(labels) >= 2 and report.machine["home"] in labels
    assert report.date and report.command == "pytest"
    for b in report.benchmarks:
        assert b.error is None
        for key in [f"single:{lb}" for lb in labels] + ["linear", "skmd", "even"]:
            assert key in b.configs, (b.name, key)
        assert b.fastest_single in {f"single:{lb}" for lb in labels}
        assert b.oracle is not None and b.column("oracle").fractions
        for c in b.configs.values():
            assert c.status == "ok"
            assert len(c.times_s) == 1 and c.runs == 2  # warm-up + one timed run
            assert c.min_s is not None and c.median_s is not None and c.min_s > 0
            assert c.speedup is not None and c.speedup > 0
            assert set(c.distribution) == set(labels)
            assert math.isclose(sum(c.distribution.values()), 1.0, rel_tol=1e-9)
            assert c.launches >= 1
        assert b.column("fastest").speedup == pytest.approx(1.0)
        # the single devices are oracle candidates: never slower than the best of them
        assert b.column("oracle").speedup >= 1.0
        assert b.skmd_of_oracle is not None and b.skmd_of_oracle > 0
        # a single device off home really runs there
        for lb in labels:
            if lb != report.machine["home"]:
                single = b.configs[f"single:{lb}"]
                assert single.distribution[lb] > 0 or single.whole_reasons
    assert report.geomean("skmd") is not None
    assert report.geomean("fastest") == pytest.approx(1.0)


def test_even_policy_really_splits(report: BenchReport) -> None:
    vec = report.benchmarks[0].configs["even"]
    assert vec.split_launches >= 1
    assert all(f > 0 for f in vec.distribution.values())


def test_json_and_plot_written(report: BenchReport, tmp_path) -> None:
    jpath, ppath = tmp_path / "out" / "bench.json", tmp_path / "bench.png"
    tables.write_json(report, str(jpath))
    tables.write_plot(report, str(ppath))
    data = json.loads(jpath.read_text())
    assert data["all_ok"] is True
    assert data["machine"]["devices"] and data["date"] and data["command"] == "pytest"
    assert [b["name"].lower() for b in data["benchmarks"]] == NAMES
    cfg = data["benchmarks"][0]["configs"]["skmd"]
    assert cfg["status"] == "ok" and cfg["min_s"] > 0 and cfg["distribution"]
    assert data["geomean"]["skmd"]["skmd"] is not None
    assert ppath.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert ppath.stat().st_size > 10_000


def test_table_renders(report: BenchReport) -> None:
    from rich.console import Console
    con = Console(record=True, width=200)
    tables.render_tables(report, con)
    text = con.export_text()
    assert "geomean" in text and "VectorAdd" in text and "✓" in text


def test_wrong_result_is_fail_and_exit_code_1(monkeypatch, tmp_path, capsys) -> None:
    from skmd.bench import programs
    bench = programs.REGISTRY["vectoradd"]
    monkeypatch.setattr(bench, "check", lambda out, ref: (False, "c: forced mismatch"))
    ns = argparse.Namespace(suite="skmd", size="ci", policy=["hill"], only=["vectoradd"],
                            repeat=1, json=str(tmp_path / "f.json"), plot=None,
                            oracle_steps=1, progress=False)
    assert runner.bench_main(ns) == 1
    data = json.loads((tmp_path / "f.json").read_text())
    assert data["all_ok"] is False
    for c in data["benchmarks"][0]["configs"].values():
        assert c["status"] == "FAIL" and c["min_s"] is None and c["times_s"] == []
        assert "forced mismatch" in c["message"]
    assert "FAIL" in capsys.readouterr().out


def test_one_failing_configuration_does_not_stop_the_rest(monkeypatch) -> None:
    from skmd import config
    from skmd.bench import programs
    bench = programs.REGISTRY["vectoradd"]
    real = bench.execute

    def execute(queue, inputs):
        if config.get().policy == "even":
            raise RuntimeError("boom")
        return real(queue, inputs)

    monkeypatch.setattr(bench, "execute", execute)
    rep = run_bench(["vectoradd"], policies=["hill", "even"], repeat=1, oracle_steps=1)
    b = rep.benchmarks[0]
    assert b.configs["even"].status == "FAIL" and "boom" in b.configs["even"].message
    assert b.configs["skmd"].status == "ok" and b.configs["skmd"].speedup
    assert not rep.all_ok


def test_time_limit_keeps_the_rounds_that_fit_and_starts_nothing_after(monkeypatch) -> None:
    """A fake clock moved 100 s by every run: rounds stop where the next would cross
    the limit, the rounds run are kept and said, later benchmarks are not started."""
    import time as real_time

    class Clock:
        offset = 0.0

        def __getattr__(self, name):
            return getattr(real_time, name)

        def perf_counter(self) -> float:
            return real_time.perf_counter() + self.offset

    clock = Clock()
    real_run = runner._run_one
    runs: list[str] = []

    def run_one(*args, **kw):
        took = real_run(*args, **kw)
        runs.append(args[4].key)
        clock.offset += 100.0
        return took

    monkeypatch.setattr(runner, "time", clock)
    monkeypatch.setattr(runner, "_run_one", run_one)
    rep = run_bench(["vectoradd", "reduction"], size="ci", repeat=10, policies=["hill"],
                    time_limit=1.0, command="pytest")
    assert [b.skipped for b in rep.benchmarks] == [
        "time limit reached before its first timed round", "not run: time limit reached"]
    n = len(rep.benchmarks[0].configs)
    assert len(runs) == n and rep.all_ok          # the warm-up round only
    runs.clear()
    # warm-up ends at 100n, round 1 at 200n, round 2 at 300n; a third would end at
    # 400n; the second benchmark starts (300n < 350n), its warm-up ends at 400n
    rep = run_bench(["vectoradd", "reduction"], size="ci", repeat=10, policies=["hill"],
                    time_limit=350.0 * n, command="pytest")
    first, second = rep.benchmarks
    assert first.rounds == 2 and first.skipped is None and len(runs) == 4 * n
    assert all(len(c.times_s) == 2 for c in first.configs.values())
    assert first.configs["skmd"].speedup is not None
    assert second.skipped == "time limit reached before its first timed round"
    assert rep.all_ok and any("VectorAdd 2" in note for note in rep.notes)
    from rich.console import Console
    con = Console(record=True, width=250)
    tables.render_tables(rep, con)
    assert "skipped: time limit reached" in con.export_text()


def test_simplex_grid() -> None:
    two = simplex_grid(2, 4)
    assert two[0] == (1.0, 0.0) and len(two) == 5 and (0.5, 0.5) in two
    for n in (3, 4, 5):
        pts = simplex_grid(n, 10)
        assert 1 < len(pts) <= configs.MAX_ORACLE_POINTS
        assert len(set(pts)) == len(pts)
        assert all(math.isclose(sum(p), 1.0) and min(p) >= 0 for p in pts)
        assert sum(1 for p in pts if max(p) == 1.0) == n  # every single device is there


def test_unavailable_mode_is_skipped(monkeypatch) -> None:
    monkeypatch.setattr(configs, "mode_support",
                        lambda m: None if m == "inorder" else f"no {m} here")
    cfgs = {c.key: c for c in plan_configs(["cpu0", "cpu1"], "cpu0", ["hill"], 2, "mkmd")}
    assert cfgs["inorder"].skipped is None
    assert cfgs["mkmd"].skipped == "no mkmd here" and cfgs["coarse"].skipped
    assert cfgs["single:cpu0"].settings == {"mode": "inorder", "pinned_copies": "never"}
    assert cfgs["single:cpu1"].settings["pinned_copies"] == "never"  # as without skmd
    assert cfgs["single:cpu1"].settings["static_fractions"] == {"cpu0": 0.0, "cpu1": 1.0}
    assert not any(k.startswith("split:") for k in cfgs)  # no oracle asked for


def test_bad_arguments_exit_2(capsys) -> None:
    ns = argparse.Namespace(suite="skmd", size="ci", policy=["nope"], only=None, repeat=1,
                            json=None, plot=None, oracle_steps=1, progress=False)
    assert runner.bench_main(ns) == 2
    ns.policy, ns.only = None, ["no-such-benchmark"]
    assert runner.bench_main(ns) == 2
    ns.only, ns.max_seconds = ["vectoradd"], -1.0
    assert runner.bench_main(ns) == 2
    assert "--max-seconds must be a positive" in capsys.readouterr().err


@pytest.mark.parametrize("change,says", [
    ({"size": "huge"}, "unknown size 'huge'; have ci, paper, "),
    ({"repeat": 0}, "--repeat must be 1 or more, not 0"),
    ({"repeat": -3}, "--repeat must be 1 or more, not -3"),
])
def test_a_size_or_repeat_count_that_cannot_be_run_exits_2(capsys, change, says) -> None:
    """An unknown size ran the suite and failed inside the table; --repeat 0 became 1."""
    ns = argparse.Namespace(suite="skmd", size="ci", policy=["hill"], only=["vectoradd"],
                            repeat=1, json=None, plot=None, oracle_steps=1, progress=False)
    for name, value in change.items():
        setattr(ns, name, value)
    assert runner.bench_main(ns) == 2
    err = capsys.readouterr().err
    assert says in err and "VectorAdd" not in err


def test_busy_ratio_counts_overlapping_kernels_once() -> None:
    from skmd.records import LaunchRecord, Piece
    a = LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=4, global_size=(4,),
                     local_size=(1,), policy="hill", mode="mkmd")
    a.pieces = [Piece("gpu0", "kernel", 0.0, 0.4, "k"), Piece("gpu0", "kernel", 0.2, 0.6, "k"),
                Piece("gpu1", "kernel", 0.5, 0.75, "k"), Piece("gpu1", "h2d", 0.0, 0.5, "k")]
    busy = run_stats.busy_of([a], 1.0)
    assert busy == pytest.approx({"gpu0": 0.6, "gpu1": 0.25})
    whole = LaunchRecord(run_id="r", seq=2, kernel="k", total_groups=0, global_size=(4,),
                         local_size=None, policy="hill", mode="inorder", reason="whole")
    assert run_stats.busy_of([whole], 1.0) == {}


def test_mkmd_table_has_busy_column(monkeypatch) -> None:
    from rich.console import Console

    from skmd.runtime import graph_mode
    # at CI size the batches are too short for a graph: schedule them anyway, and
    # launch none at once for what earlier runs in this process taught the runtime
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    tuned(monkeypatch, at_once_after=10**6)
    rep = run_bench(["commutator"], size="ci", repeat=1, oracle_steps=0, command="pytest",
                    policies=["hill"])
    assert rep.all_ok
    m = rep.benchmarks[0].configs["mkmd"]
    assert m.busy and all(0.0 < v <= 1.0 for v in m.busy.values())
    con = Console(record=True, width=250)
    tables.render_tables(rep, con)
    assert "mkmd busy" in con.export_text()


def test_reports_load_back_from_json(report: BenchReport, tmp_path) -> None:
    """Per-program JSON files (as the GPU measuring runs write them) become one report again."""
    paths = []
    for b in report.benchmarks:
        one = BenchReport(**{**{k: getattr(report, k) for k in (
            "machine", "date", "command", "size", "repeat", "oracle_steps", "policies")},
            "benchmarks": [b]})
        p = tmp_path / f"{b.name}.json"
        p.write_text(json.dumps(one.to_dict(), default=str))
        if len(paths) % 2:  # the results folder keeps larger files gzipped
            import gzip
            p = tmp_path / f"{b.name}.json.gz"
            with gzip.open(p, "wt") as fh:
                fh.write(json.dumps(one.to_dict(), default=str))
        paths.append(str(p))
    back = results.load_reports(paths)
    assert [b.name for b in back.benchmarks] == [b.name for b in report.benchmarks]
    assert back.geomean("skmd") == pytest.approx(report.geomean("skmd"))
    assert back.benchmarks[0].column("oracle").distribution == \
        report.benchmarks[0].column("oracle").distribution
    tables.write_plot(back, str(tmp_path / "p.png"))
    assert (tmp_path / "p.png").stat().st_size > 0


def test_full_run_estimate_scales_a_helper_share_up() -> None:
    from skmd.records import LaunchRecord, Piece
    rec = LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=8, global_size=(8,),
                       local_size=(1,), policy="static", mode="skmd")
    rec.shares = {"gpu0": 6, "cpu0": 2}
    rec.pieces = [Piece("gpu0", "kernel", 0.0, 0.05, "k"), Piece("cpu0", "kernel", 0.0, 0.5, "k")]

    assert run_stats.full_run_estimate([rec], "gpu0") == pytest.approx({"cpu0": 2.0})
    assert run_stats.full_run_estimate([rec], "cpu0") == pytest.approx({"gpu0": 0.05 * 8 / 6})
    # launch by launch: a helper that ran a whole element-wise kernel (many cheap
    # work-groups) and one work-group of eight of a matrix product (few costly ones)
    # needs its matrix product's time eight times over, not the run's groups' share
    cheap = LaunchRecord(run_id="r", seq=2, kernel="add", total_groups=1000,
                         global_size=(1000,), local_size=(1,), policy="hill", mode="mkmd")
    cheap.shares = {"cpu0": 1000}
    cheap.pieces = [Piece("cpu0", "kernel", 1.0, 1.01, "add")]
    whole = LaunchRecord(run_id="r", seq=3, kernel="k", total_groups=8, global_size=(8,),
                         local_size=(1,), policy="hill", mode="skmd", reason="whole")
    assert run_stats.full_run_estimate([rec, cheap, whole], "gpu0") == pytest.approx(
        {"cpu0": 2.0 + 0.01})


def _slow_helpers(monkeypatch) -> list[str]:
    """Every helper that runs a share is estimated at 100 s for a whole run; returns
    the list the keys of the configurations run are appended to."""
    runs: list[str] = []
    real_run = runner._run_one

    def run_one(bench, queue, inputs, reference, cfg, res, rt, timed, estimates=None):
        runs.append(cfg.key)
        return real_run(bench, queue, inputs, reference, cfg, res, rt, timed, estimates)

    def slow_helpers(records, home):
        return {d: 100.0 for r in records for d, g in r.shares.items() if g and d != home}

    monkeypatch.setattr(runner, "_run_one", run_one)
    monkeypatch.setattr(runner, "full_run_estimate", slow_helpers)
    return runs


def test_configurations_predicted_too_slow_never_run(monkeypatch) -> None:
    """A helper whose small share predicts a whole run far past --max-seconds: the
    larger shares and the helper alone are left out before their first run."""
    runs = _slow_helpers(monkeypatch)
    rep = run_bench(["vectoradd"], size="ci", repeat=1, oracle_steps=4, policies=["oracle"],
                    max_seconds=30.0, command="pytest")
    b = rep.benchmarks[0]
    assert rep.all_ok
    singles = [c for k, c in b.configs.items() if k.startswith("single:") and c.skipped]
    assert singles and all("predicted >= 100.0 s" in c.skipped for c in singles)
    assert all(c.key not in runs for c in singles)
    home = next(k.split(":")[1] for k, c in b.configs.items()
                if c.settings.get("mode") == "inorder")
    assert b.fastest_single == f"single:{home}"
    for c in b.configs.values():
        if c.kind == "split" and "probe of" not in (c.skipped or ""):
            # 100 s x share: 0.25 of a helper runs, 0.5 does not
            share = max(f for lb, f in c.fractions.items() if lb != home)
            assert (c.usable, c.skipped is None) == ((share <= 0.25,) * 2), c.key


def test_only_runs_with_fixed_shares_say_what_a_helper_would_take(monkeypatch) -> None:
    """A policy's run gives a helper some launches (a graph one cheap kernel: "1 ms for
    a whole run"); it must not let the helper run alone when a probe with a fixed share
    of every launch says 100 s."""
    def estimate(records, home):
        if all(r.policy == "static" for r in records):
            return {d: 100.0 for r in records for d, g in r.shares.items() if g and d != home}
        if any(r.mode != "inorder" for r in records):  # as if it gave helpers a bit
            return {lb: 0.001 for lb in ("cpu0", "cpu1", "cpu2") if lb != home}
        return {}

    monkeypatch.setattr(runner, "full_run_estimate", estimate)
    rep = run_bench(["vectoradd"], size="ci", repeat=1, policies=["hill"], max_seconds=30.0,
                    command="pytest")
    b = rep.benchmarks[0]
    helpers = [c for k, c in b.configs.items()
               if k.startswith("single:") and c.settings.get("mode") != "inorder"]
    assert helpers and all("predicted >= 100.0 s" in (c.skipped or "") for c in helpers)


def test_a_helper_nothing_measured_is_probed_before_it_runs_alone(monkeypatch) -> None:
    """skmd gives a slow helper nothing, and no oracle runs small shares: before the
    helper runs the whole program alone (minutes for a CPU beside a GPU), a probe
    with a small share on it measures it, and the single-device run is left out."""
    runs = _slow_helpers(monkeypatch)
    rep = run_bench(["matrixmultiplication"], size="ci", repeat=1, policies=["hill"],
                    max_seconds=30.0, command="pytest")
    b = rep.benchmarks[0]
    assert rep.all_ok
    probes = [c for c in b.configs.values() if c.skipped and "probe of" in c.skipped]
    helpers = [k.split(":")[1] for k, c in b.configs.items()
               if k.startswith("single:") and c.settings.get("mode") != "inorder"]
    assert helpers
    for h in helpers:
        # 1/32 of the work-groups, doubled while that is not one work-group at CI size
        shares = [c.fractions[h] for c in probes if c.fractions[h] > 0]
        assert shares == [runner.PROBE_SHARE * 2 ** k for k in range(len(shares))]
    for c in probes:
        assert c.kind == "split" and c.runs == 1 and c.ok and not c.times_s
        assert runs.count(c.key) == 1
    for h in helpers:
        single = b.configs[f"single:{h}"]
        assert "predicted >= 100.0 s" in single.skipped and single.key not in runs
    # without --max-seconds nothing is probed
    rep = run_bench(["matrixmultiplication"], size="ci", repeat=1, policies=["hill"],
                    command="pytest")
    assert not any(c.kind == "split" for c in rep.benchmarks[0].configs.values())


def test_per_round_speedups_pair_runs_of_the_same_round() -> None:
    """A drift that slows whole rounds cancels; the minima alone would hide a 10 % loss."""
    base = [0.10, 0.20, 0.10, 0.30, 0.10]          # rounds 2 and 4 slowed for everyone
    slower = [t * 1.1 for t in base]
    slower[2] = 0.09                               # one lucky run sets the minimum
    ratios = results.paired_speedups(base, slower)
    assert ratios[0] == pytest.approx(1 / 1.1) and ratios[2] == pytest.approx(0.10 / 0.09)
    med, iqr = results.paired_summary(ratios)
    assert med == pytest.approx(1 / 1.1)
    assert iqr is not None and iqr[0] <= med <= iqr[1] and iqr[1] < 1.0
    assert min(base) / min(slower) > 1.0           # what the minima would have said
    assert results.paired_summary([1.2, 0.8]) == (pytest.approx(1.0), None)
    assert results.paired_summary([]) == (None, None)


def test_timed_rounds_alternate_direction_and_warm_up_runs_small_shares_first() -> None:
    """No configuration always runs first or after the same one; warm-up goes by share."""
    cfgs = plan_configs(["gpu0", "cpu0"], "gpu0", ["hill", "oracle"], 4, "skmd")
    keys = sorted(c.key for c in cfgs)
    warm = configs.round_order(cfgs, 0, "gpu0")
    shares = [configs.helper_share(c, "gpu0") for c in warm]
    assert shares == sorted(shares) and sorted(c.key for c in warm) == keys
    stream = [c.key for r in range(1, 5) for c in configs.round_order(cfgs, r, "gpu0")]
    assert sorted(stream) == sorted(keys * 4)
    n = len(cfgs)
    for key in keys:   # mean place in the round is the middle for every configuration
        places = [configs.round_order(cfgs, r, "gpu0").index(
            next(c for c in cfgs if c.key == key)) for r in (1, 2)]
        assert sum(places) == n - 1
    before = {stream[i - 1] for i in range(1, len(stream)) if stream[i] == "skmd"}
    assert len(before) >= 2
    assert configs.round_order([], 3, "gpu0") == []


def test_median_confidence_interval_from_order_statistics() -> None:
    """The textbook order statistics (n=30: 10th and 21st), none below six values,
    and an interval that holds the true median about 95 % of the time."""
    import random
    assert results.median_ci(list(range(30, 0, -1))) == [10, 21]
    assert results.median_ci([3, 1, 2, 6, 5, 4]) == [1, 6]
    assert results.median_ci([1, 2, 3, 4, 5]) is None and results.median_ci([]) is None
    rng = random.Random(7)
    hits = 0
    for _ in range(400):
        lo, hi = results.median_ci([rng.gauss(1.0, 0.1) for _ in range(40)])
        hits += lo <= 1.0 <= hi
    assert 0.90 <= hits / 400 <= 0.995


def test_per_round_figures_in_report_table_and_old_json(tmp_path) -> None:
    from rich.console import Console
    from skmd.bench.results import BenchResult, ConfigResult
    b = BenchResult("Toy", "skmd", "ci", fastest_single="single:a")
    times = {"single:a": [1.0, 2.0, 1.0, 2.0], "single:b": [3.0] * 4,
             "skmd": [1.25, 2.5, 1.25, 2.5]}
    for key, ts in times.items():
        b.configs[key] = ConfigResult(key, "single" if ":" in key else "policy", {},
                                      times_s=ts, min_s=min(ts), median_s=sorted(ts)[2])
    results.set_speedups(b)
    s = b.configs["skmd"]
    assert s.speedup == pytest.approx(0.8) and s.paired_speedup == pytest.approx(0.8)
    assert s.paired_iqr == [pytest.approx(0.8), pytest.approx(0.8)]
    rep = BenchReport(machine={"devices": [{"label": "a", "name": "A"}], "home": "a"},
                      date="d", command="c", size="ci", repeat=4, oracle_steps=2,
                      policies=["hill"], benchmarks=[b])
    con = Console(record=True, width=200)
    tables.render_tables(rep, con)
    text = con.export_text()
    assert "0.80× (0.80–0.80)" in text
    assert "95 % CI" not in text                    # four rounds cannot give one
    # six rounds: the interval is shown (here: the extreme ratios, 0.5 and 1.0)
    b.configs["single:a"].times_s += [1.0, 1.0]
    b.configs["skmd"].times_s += [2.0, 1.0]
    results.set_speedups(b)
    assert s.paired_ci == [pytest.approx(0.5), pytest.approx(1.0)]
    con = Console(record=True, width=250)
    tables.render_tables(rep, con)
    text = con.export_text()
    assert "skmd median 95 % CI" in text and "0.50–1.00" in text
    # a file from before per-round figures were kept gets them on loading
    d = rep.to_dict()
    for c in d["benchmarks"][0]["configs"].values():
        c.pop("paired_speedup"), c.pop("paired_iqr"), c.pop("paired_ci")
    p = tmp_path / "old.json"
    p.write_text(json.dumps(d))
    back = results.load_reports([str(p)]).benchmarks[0].configs["skmd"]
    assert back.paired_speedup == pytest.approx(0.8)


def test_a_variant_runs_in_the_same_rounds_and_reports_its_gain(monkeypatch, tmp_path,
                                                               capsys) -> None:
    """``--variant offline:online=0``: skmd with online corrections off, run alongside,
    each round's time over skmd's in the same round; in the table and the JSON."""
    from rich.console import Console

    from skmd import config
    seen = []
    real = runner._run_one

    class Seen:
        """The benchmark, noting the settings in force while it runs."""
        def __init__(self, bench, key):
            self.bench, self.key = bench, key

        def __getattr__(self, name):
            return getattr(self.bench, name)

        def execute(self, queue, inputs):
            seen.append((self.key, config.get().online))
            return self.bench.execute(queue, inputs)

    def spy(bench, queue, inputs, reference, cfg, res, rt, timed, estimates=None):
        return real(Seen(bench, cfg.key), queue, inputs, reference, cfg, res, rt, timed,
                    estimates)
    monkeypatch.setattr(runner, "_run_one", lambda *a, **k: spy(*a, **k))
    rep = run_bench(["vectoradd"], size="ci", repeat=6, policies=["hill"], command="pytest",
                    variants=[runner.parse_variant("offline:online=0")])
    assert rep.all_ok
    b = rep.benchmarks[0]
    v, s = b.configs["offline"], b.configs["skmd"]
    assert v.kind == "variant" and v.base == "skmd"
    assert v.settings == {"policy": "hill", "online": False}
    assert {o for k, o in seen if k == "offline"} == {False}
    assert {o for k, o in seen if k == "skmd"} == {True}
    ratios = results.paired_speedups(v.times_s, s.times_s)
    assert len(ratios) == 6 and v.gain == pytest.approx(results.statistics.median(ratios))
    assert v.gain_ci is not None and v.gain_ci[0] <= v.gain <= v.gain_ci[1]
    assert rep.to_dict()["geomean"]["skmd"]["gain"] == {"offline": pytest.approx(v.gain)}
    con = Console(record=True, width=300)
    tables.render_tables(rep, con)
    assert "skmd over offline per round (95 % CI)" in con.export_text()
    # the markdown tables of the GPU measuring runs show the same figure from the JSON
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "bench_tables.py"
    spec = importlib.util.spec_from_file_location("bench_tables", path)
    md = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(md)
    tables.write_json(rep, str(tmp_path / "v.json"))
    md.main([str(tmp_path / "v.json")])
    out = capsys.readouterr().out
    assert "skmd over offline per round (95 % CI, rounds)" in out
    assert f"| {v.gain:.2f}× ({tables.format_ci(v.gain_ci)}, 6) |" in out
    cfgs = plan_configs(["cpu0", "cpu1"], "cpu0", ["hill"], 2, "mkmd",
                        [("noahead", {"send_ahead": False})])
    assert cfgs[-1].settings == {"policy": "hill", "mode": "mkmd", "send_ahead": False}
    with pytest.raises(ValueError, match="has that name already"):
        plan_configs(["cpu0"], "cpu0", ["hill"], 2, "skmd", [("skmd", {"online": False})])
