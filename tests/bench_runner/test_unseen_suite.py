"""``skmd bench --suite unseen``: the figures from plain data, and one tiny real run."""
from __future__ import annotations

import io
import json
import pathlib

import pytest

from skmd.bench import unseen
from skmd.bench.unseen import processes as urunner
from skmd.bench.unseen.figures import ProgramResult, launch_ratio, worst_launch
from skmd.bench.unseen.table import render_unseen


def test_launch_ratio_is_one_at_the_allowance() -> None:
    assert launch_ratio(1.25 * 0.004 + 0.001, 0.004) == pytest.approx(1.0)
    assert launch_ratio(0.0005, 0.0) == pytest.approx(0.5)


def test_worst_launch_pairs_by_position_with_medians_over_rounds() -> None:
    labels = ["a", "b", "a"]
    plain = [[0.010, 0.001, 0.010], [0.012, 0.001, 0.010], [0.010, 0.001, 0.011]]
    skmd = [[0.010, 0.001, 0.100], [0.011, 0.009, 0.001], [0.012, 0.009, 0.100]]
    ratio, which = worst_launch(labels, plain, labels, skmd)
    assert which == "a #3"
    assert ratio == pytest.approx(0.100 / (1.25 * 0.010 + 0.001))


def test_worst_launch_stops_where_the_launches_part() -> None:
    ratio, which = worst_launch(["a", "b"], [[0.01, 0.01]], ["a", "c"], [[0.01, 9.0]])
    assert which == "a #1" and ratio < 1
    assert worst_launch([], [], [], []) == (None, None)


def test_plain_alternates_and_the_first_skmd_run_precedes_the_second() -> None:
    orders = [urunner.run_order(r) for r in range(1, 5)]
    assert [o.index("plain") for o in orders] == [0, 2, 0, 2]
    assert all(o.index("first") < o.index("second") for o in orders)


def test_speedup_is_plain_over_skmd_round_by_round() -> None:
    p = ProgramResult("x", "ci", times_s={"plain": [1.0] * 6, "first": [2.0] * 5 + [4.0],
                                          "second": [1.0] * 6})
    med, ci = p.speedup("first")
    assert med == pytest.approx(0.5) and ci is not None and ci[0] <= 0.5 <= ci[1]
    assert p.speedup("second")[0] == pytest.approx(1.0)


def test_a_program_that_fails_its_check_fails_the_suite(tmp_path, monkeypatch) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\nprint('wrong answer', file=sys.stderr)\nsys.exit(3)\n")
    monkeypatch.setattr(urunner, "program_path", lambda name: str(bad))
    report = urunner.run_unseen(["bad"], size="ci", repeat=1)
    assert not report.all_ok
    assert "exit status 3" in report.programs[0].message
    assert "wrong answer" in report.programs[0].message


def test_check_exits_non_zero_on_a_mismatch(monkeypatch) -> None:
    monkeypatch.syspath_prepend(unseen.PROGRAM_DIR)
    import launchlog
    launchlog.check("same", [1.0, 2.0], [1.0, 2.0])
    with pytest.raises(SystemExit) as exc:
        launchlog.check("off", [1.0, 2.5], [1.0, 2.0])
    assert exc.value.code == 1
    assert set(unseen.PROGRAMS) <= {p.stem for p in pathlib.Path(unseen.PROGRAM_DIR).glob("*.py")}


def test_one_tiny_program_one_round_end_to_end(tmp_path, capsys) -> None:
    from skmd.cli import main
    out = tmp_path / "unseen.json"
    rc = main(["bench", "--suite", "unseen", "--only", "one_launch", "--repeat", "1",
               "--json", str(out)])
    d = json.loads(out.read_text())
    assert rc == 0 and d["all_ok"], d["programs"][0]["message"]
    p = d["programs"][0]
    assert p["rounds"] == 1
    assert all(len(t) == 1 and t[0] > 0 for t in p["times_s"].values())
    assert p["launch_labels"] == {"plain": ["add"], "first": ["add"], "second": ["add"]}
    assert p["worst_launch"]["first"]["launch"] == "add #1"
    assert p["worst_launch"]["second"]["ratio"] > 0
    assert d["worst_launch"]["second"]["launch"] == "one_launch: add #1"
    for kind in ("plain", "first", "second"):  # the phases add up to the process
        phases = p["phases_s"][kind][0]
        assert phases["launches"] > 0 and phases["exit"] > 0
        assert sum(phases.values()) == pytest.approx(p["times_s"][kind][0], abs=0.05)
    assert set(p["phase_extra_s"]["first"]) >= {"start", "exit", "process"}
    printed = capsys.readouterr().out
    assert "one_launch" in printed and "UNSEEN suite" in printed
    assert "where the time goes" in printed


def test_table_names_a_failed_program() -> None:
    from rich.console import Console
    from skmd.bench.unseen.figures import UnseenReport
    report = UnseenReport(machine={"devices": [], "home": "cpu0"}, date="", command="",
                          size="ci", repeat=1,
                          programs=[ProgramResult("bad", "ci", ok=False,
                                                  message="plain warm-up run: exit status 1")])
    out = io.StringIO()
    render_unseen(report, Console(file=out, width=200))
    assert "FAIL" in out.getvalue() and "exit status 1" in out.getvalue()


def test_unknown_program_is_named() -> None:
    with pytest.raises(KeyError, match="nope"):
        urunner.run_unseen(["nope"], size="ci", repeat=1)


def test_cli_offers_the_suite() -> None:
    from skmd.cli import _parser
    ns = _parser().parse_args(["bench", "--suite", "unseen", "--only", "one_launch"])
    assert ns.suite == "unseen" and ns.only == ["one_launch"]


def test_plain_runs_get_the_home_device_whatever_platform_comes_first():
    """The plain baseline is skmd's home device, named as pyopencl's PYOPENCL_CTX."""
    import pyopencl as cl
    from skmd.bench.unseen.processes import ctx_of, machine_of
    machine, ctx = machine_of()
    assert ctx is not None
    pi, di = (int(x) for x in ctx.split(":"))
    dev = cl._cl.get_platforms()[pi].get_devices()[di]
    home = next(d for d in machine["devices"] if d["label"] == machine["home"])
    assert dev.name.strip() == home["name"].strip()
    assert ctx_of(object.__new__(type("NoDevice", (), {"int_ptr": -1}))) is None


def test_phases_split_a_process_at_its_stamps() -> None:
    from skmd.bench.unseen.figures import PHASES, phases_of
    stamps = {"imported": 10.5, "first": 10.75, "last": 11.0, "exit": 11.5}
    got = phases_of(10.0, 12.0, stamps)
    assert list(got) == list(PHASES)
    assert got == pytest.approx({"start": 0.5, "setup": 0.25, "launches": 0.25,
                                 "after": 0.5, "exit": 0.5})
    no_launch = phases_of(10.0, 12.0, {"imported": 10.5, "exit": 11.5})
    assert no_launch["setup"] == pytest.approx(1.0) and no_launch["launches"] == 0
    assert phases_of(10.0, 12.0, {}) == {}


def test_phase_extra_is_the_median_of_same_round_differences() -> None:
    plain = [{"start": 0.1, "exit": 0.2}, {"start": 0.2, "exit": 0.2}, {"start": 0.1, "exit": 0.3}]
    first = [{"start": 0.2, "exit": 0.2}, {"start": 0.25, "exit": 0.4}, {"start": 0.3, "exit": 0.3}]
    p = ProgramResult("x", "ci", times_s={"plain": [1.0, 1.0, 1.0], "first": [1.1, 1.3, 1.2]},
                      phases_s={"plain": plain, "first": first})
    extra = p.phase_extra("first")
    assert extra["start"] == pytest.approx(0.1) and extra["exit"] == pytest.approx(0.0)
    assert extra["process"] == pytest.approx(0.2)
    assert p.phase_extra("second") == {}


def _saved_report(path: pathlib.Path) -> None:
    from skmd.bench.tables import write_json
    from skmd.bench.unseen.figures import UnseenReport
    prog = ProgramResult("one_launch", "ci",
                         times_s={"plain": [1.0] * 6, "first": [1.25] * 6, "second": [2.0] * 6},
                         rounds=6)
    write_json(UnseenReport(machine={"devices": [], "home": "cpu0"}, date="", command="c",
                            size="ci", repeat=6, programs=[prog]), str(path))


@pytest.mark.parametrize("suite", [[], ["--suite", "unseen"]])
@pytest.mark.parametrize("name", ["unseen.json", "unseen.json.gz"])
def test_a_saved_unseen_report_is_shown_again_without_running(tmp_path, capsys, monkeypatch,
                                                              suite, name) -> None:
    from skmd.cli import main
    path = tmp_path / name
    if name.endswith(".gz"):
        import gzip
        _saved_report(tmp_path / "plain.json")
        with gzip.open(path, "wt") as fh:
            fh.write((tmp_path / "plain.json").read_text())
    else:
        _saved_report(path)

    def ran(*a, **k):
        raise AssertionError("the suite ran instead of reading the file")
    monkeypatch.setattr(urunner, "run_unseen", ran)
    assert main(["bench", *suite, "--from-json", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "UNSEEN suite" in printed and "one_launch" in printed
    assert "0.80×" in printed and "0.50×" in printed  # plain over skmd, computed again


def test_a_file_that_is_no_unseen_report_is_refused_by_name(tmp_path, capsys) -> None:
    from skmd.cli import main
    bad = tmp_path / "other.json"
    bad.write_text(json.dumps({"benchmarks": []}))
    assert main(["bench", "--suite", "unseen", "--from-json", str(bad)]) == 2
    assert "not an unseen suite report" in capsys.readouterr().err


def test_a_crashed_run_names_the_fault_and_where() -> None:
    """A run killed by a signal reports the fault and its innermost frames (what
    Python's fault handler printed), not the last lines, which are the outermost."""
    from skmd.bench.unseen.processes import failure
    dump = ("Fatal Python error: Segmentation fault\n\n"
            "Current thread 0x7f (most recent call first):\n"
            '  File "/x/pyopencl/__init__.py", line 9 in build\n'
            '  File "/x/skmd/runtime/background.py", line 5 in _analyse\n'
            '  File "/x/threading.py", line 1 in run\n'
            '  File "/x/threading.py", line 2 in _bootstrap\n')
    said = failure(-11, dump)
    assert said.startswith("exit status -11: Fatal Python error: Segmentation fault")
    assert "in build" in said and "in _analyse" in said and "_bootstrap" not in said
    # an ordinary failure: its last three lines
    assert failure(1, "a\nb\nc\nAssertionError: wrong") == (
        "exit status 1: b | c | AssertionError: wrong")
