"""``skmd bench``'s output without running benchmarks: re-plotting, titles, footer."""
from __future__ import annotations

import argparse

import pytest
from rich.console import Console

from skmd.bench import run_stats, runner, tables
from skmd.bench.results import BenchReport, BenchResult, ConfigResult
from skmd.records import LaunchRecord


def _report(suite: str = "mkmd") -> BenchReport:
    def cfg(key: str, kind: str, t: float, busy: dict[str, float] | None = None):
        return ConfigResult(key=key, kind=kind, settings={}, times_s=[t], min_s=t,
                            median_s=t, runs=1, distribution={"cpu0": 1.0, "cpu1": 0.0},
                            busy=busy or {})
    b = BenchResult(name="ABE", suite=suite, size="ci", fastest_single="single:cpu0",
                    configs={"single:cpu0": cfg("single:cpu0", "single", 1e-3),
                             "mkmd": cfg("mkmd", "mode", 2e-3)})
    b.configs["mkmd"].speedup = 0.5
    return BenchReport(machine={"devices": [{"label": "cpu0", "name": "a"},
                                            {"label": "cpu1", "name": "b"}],
                                "home": "cpu0"},
                       date="today", command="pytest", size="ci", repeat=1,
                       oracle_steps=0, policies=["hill"], benchmarks=[b])


def _text(report: BenchReport) -> str:
    con = Console(record=True, width=250)
    tables.render_tables(report, con)
    return con.export_text()


def test_footer_explains_only_columns_shown_and_untimed_busy_says_so() -> None:
    text = _text(_report())
    assert "per round" not in text  # no table has a per-round column here
    assert "untimed" in text and "mkmd busy % = share of the run" in text
    rep = _report()
    rep.benchmarks[0].configs["mkmd"].busy = {"cpu0": 0.5, "cpu1": 0.25}
    assert "50/25" in _text(rep)


def test_plot_title_names_the_suite() -> None:
    assert tables.suite_names(_report("mkmd").benchmarks) == "MKMD suite"
    both = _report("skmd").benchmarks + _report("mkmd").benchmarks
    assert tables.suite_names(both) == "SKMD and MKMD suites"


def test_replot_from_saved_json(tmp_path, capsys) -> None:
    saved = tmp_path / "b.json"
    tables.write_json(_report(), str(saved))
    png = tmp_path / "again.png"
    ns = argparse.Namespace(from_json=str(saved), plot=str(png))
    assert runner.bench_main(ns) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "ABE" in capsys.readouterr().out
    ns = argparse.Namespace(from_json=str(tmp_path / "missing.json"), plot=None)
    assert runner.bench_main(ns) == 2
    assert "missing.json" in capsys.readouterr().err


def test_busy_counts_whole_kernels_timed_by_their_events() -> None:
    whole = LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=0, global_size=(4,),
                         local_size=None, policy="hill", mode="mkmd",
                         shares={"cpu0": 0}, start_s=0.0, host_s=0.1, wall_s=0.4,
                         device_s=0.4)
    assert run_stats.busy_of([whole], 1.0) == pytest.approx({"cpu0": 0.4})


def test_tables_in_a_pipe_keep_the_width_columns_says(capsys, monkeypatch) -> None:
    """Piped, the tables were 160 wide whatever COLUMNS said."""
    monkeypatch.setenv("COLUMNS", "60")
    tables.render_tables(_report())
    out = capsys.readouterr().out
    assert max(len(ln) for ln in out.splitlines()) <= 60
    monkeypatch.delenv("COLUMNS")
    tables.render_tables(_report())
    assert max(len(ln) for ln in capsys.readouterr().out.splitlines()) > 60
