from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from report_fixtures import vadd
from skmd.report.explain_cmd import explain_main, resolve_run
from skmd.records import LaunchRecord
from skmd.report.runlog import MemoryRunLog


def run(log, **kw) -> tuple[int, str]:
    buf = io.StringIO()
    console = Console(file=buf, width=220, color_system=None)
    defaults = dict(run=None, as_json=False, png=None, html=None, list_runs=False,
                    by_kernel=False)
    defaults.update(kw)
    rc = explain_main(log, console=console, **defaults)
    return rc, buf.getvalue()


def test_latest_run_by_default(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog)
    assert rc == 0
    assert "run r1" in out and "app.py --n 4" in out
    assert "reduce" in out and "3 launches, 2 split" in out


def test_named_run_and_prefix(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, run="r0")
    assert rc == 0 and "1 launch, 1 split" in out and "old.py" in out
    log = MemoryRunLog()
    log.add_run("20240101-abcdef", created_at=1.0)
    log.add_launch(vadd("20240101-abcdef"))
    rc, out = run(log, run="20240101")
    assert rc == 0 and "vadd" in out


def test_unknown_run_is_an_error(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, run="nope")
    assert rc != 0
    assert out.strip().count("\n") == 0  # one line
    assert "unknown run 'nope'" in out


def test_ambiguous_prefix_is_an_error(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, run="r")
    assert rc != 0 and "ambiguous" in out


def test_no_runs_yet() -> None:
    rc, out = run(MemoryRunLog())
    assert rc != 0 and "no runs recorded yet" in out
    rc, out = run(MemoryRunLog(), list_runs=True)
    assert rc != 0 and "no runs recorded yet" in out


def test_unreadable_log() -> None:
    class Broken:
        def runs(self):
            raise OSError("database is locked")

        def launches(self, run_id=None):
            return []

    rc, out = run(Broken())
    assert rc != 0 and "database is locked" in out


def test_list_runs(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, list_runs=True)
    assert rc == 0 and "r0" in out and "r1" in out and "old.py" in out


def test_latest_is_newest_not_last_listed() -> None:
    log = MemoryRunLog()
    log.add_run("new", created_at=5.0)
    log.add_launch(vadd("new"))
    log.add_run("old", created_at=1.0)
    assert resolve_run(log.runs(), None)[0] == "new"


def test_json_output_is_only_json(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, as_json=True)
    assert rc == 0
    data = json.loads(out)
    assert [d["kernel"] for d in data["launches"]] == ["vadd", "reduce", "matmul"]
    assert all(LaunchRecord.from_dict(d).run_id == "r1" for d in data["launches"])


def test_by_kernel(runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, by_kernel=True)
    assert rc == 0 and "by kernel" in out and "mean shares" in out


def test_empty_run(runlog: MemoryRunLog) -> None:
    runlog.add_run("r9", created_at=9.0)
    rc, out = run(runlog)
    assert rc == 0 and "no kernel launches" in out
    rc, out = run(runlog, as_json=True)
    assert rc == 0 and json.loads(out)["launches"] == []


def test_pictures_written(tmp_path: Path, runlog: MemoryRunLog) -> None:
    png, html = tmp_path / "t.png", tmp_path / "t.html"
    rc, out = run(runlog, png=str(png), html=str(html))
    assert rc == 0 and f"wrote {png}" in out
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert "<svg" in html.read_text(encoding="utf-8")


def test_unwritable_picture_path(tmp_path: Path, runlog: MemoryRunLog) -> None:
    rc, out = run(runlog, png=str(tmp_path / "no" / "such" / "dir.png"))
    assert rc != 0 and "cannot write" in out


def test_latest_follows_the_log(runlog: MemoryRunLog) -> None:
    runlog.add_run("older-but-added-last", created_at=0.5)
    runlog.add_launch(vadd("older-but-added-last"))
    rc, out = run(runlog)
    assert rc == 0 and "run r1" in out and "older-but-added-last" not in out


def test_run_entries_as_objects() -> None:
    class Info:
        def __init__(self, run_id: str, created_at: float, n: int) -> None:
            self.run_id, self.created_at, self.argv, self.launches = run_id, created_at, ["x.py"], n

    class Log:
        def runs(self):
            return [Info("b", 2.0, 1), Info("a", 1.0, 1)]

        def launches(self, run_id=None):
            return [vadd(run_id or "b")]

    rc, out = run(Log(), list_runs=True)
    assert rc == 0 and "x.py" in out
    rc, out = run(Log(), run="a")
    assert rc == 0 and "run a" in out and "vadd" in out


def test_with_the_profile_store(tmp_path: Path) -> None:
    store_mod = pytest.importorskip("skmd.predict.store")
    store = store_mod.ProfileStore(tmp_path / "profiles.sqlite")
    store.run_log.add_run("first", ["a.py"])
    store.run_log.add_launch(vadd("first"))
    store.run_log.add_run("second", ["b.py"])
    for r in (vadd("second", 0), vadd("second", 1)):
        store.run_log.add_launch(r)
    rc, out = run(store.run_log, list_runs=True)
    assert rc == 0 and "first" in out and "b.py" in out
    rc, out = run(store.run_log)
    assert rc == 0 and "run second" in out and "2 launches, 2 split" in out
    rc, out = run(store.run_log, run="fir", as_json=True)
    assert rc == 0 and len(json.loads(out)["launches"]) == 1
    rc, out = run(store.run_log, run="third")
    assert rc != 0


def test_devices_shows_which_helpers_read_host_memory_directly(capsys) -> None:
    """PoCL's CPU devices share host memory: every helper is zero copy, home is not."""
    from skmd import config
    from skmd.report.devices_table import devices_main
    from skmd.runtime import core, device_survey
    found = device_survey.survey(core.start(config.get()))
    assert devices_main(found, as_json=True) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) >= 2
    assert [r["zero_copy"] for r in rows] == [not r["home"] for r in rows]
    buf = io.StringIO()
    assert devices_main(found, console=Console(file=buf, width=220, color_system=None),
                        plain=False) == 0
    out = buf.getvalue()
    assert "zero copy" in out and "yes" in out and "straight from skmd's host copy" in out


def test_devices_in_a_pipe_are_blocks_that_cut_no_name() -> None:
    """Written to a pipe (or a narrow terminal) `skmd devices` prints one block of lines
    per device: the table squeezed to 80 columns cut every name to a letter or two."""
    from skmd import config
    from skmd.report.devices_table import devices_main
    from skmd.runtime import core, device_survey
    found = device_survey.survey(core.start(config.get()))
    buf = io.StringIO()
    assert devices_main(found, console=Console(file=buf, width=80, color_system=None)) == 0
    out = buf.getvalue()
    assert "┃" not in out and "…" not in out
    for r in found.rows:
        assert f"{r['index']}  {r['label']}  {r['name']}" in out
        assert r["platform"] in out
    blocks = out.split("Virtual device:")[0].splitlines()  # the notes after are prose
    assert "(home)" in out and max(len(ln) for ln in blocks) <= 100


@pytest.mark.parametrize("option,name", [("png", "t.txt"), ("png", "t.jpg"),
                                         ("html", "t.png")])
def test_a_picture_file_of_another_kind_is_refused(tmp_path: Path, runlog: MemoryRunLog,
                                                   option: str, name: str) -> None:
    """``--png t.jpg`` wrote a JPEG and ``--png t.txt`` ended in matplotlib's traceback."""
    rc, out = run(runlog, **{option: str(tmp_path / name)})
    assert rc == 1 and f"cannot write {tmp_path / name}: --{option} writes" in out
    assert not (tmp_path / name).exists()


def test_the_latest_run_is_the_latest_listed_bench_runs_left_out(runlog: MemoryRunLog) -> None:
    """``--list`` hides ``skmd bench``'s runs; the default run must not be one of them."""
    runlog.add_run("b9", ["/x/skmd/__main__.py", "bench", "--only", "vectoradd"],
                   created_at=9.0)
    runlog.add_launch(vadd("b9"))
    rc, out = run(runlog)
    assert rc == 0 and "run r1" in out and "b9" not in out
    rc, out = run(runlog, all_runs=True)
    assert rc == 0 and "run b9" in out
    only_bench = MemoryRunLog()
    only_bench.add_run("b1", ["skmd", "bench"], created_at=1.0)
    rc, out = run(only_bench)
    assert rc == 1 and "only `skmd bench`'s runs are recorded" in out


def test_list_and_by_kernel_give_json_when_asked(runlog: MemoryRunLog) -> None:
    """``--list --json`` printed the text list; ``--by-kernel --json`` the launches."""
    rc, out = run(runlog, list_runs=True, as_json=True)
    runs = json.loads(out)
    assert rc == 0 and [r["run_id"] for r in runs] == ["r0", "r1"]
    assert runs[1]["program"] == "app.py --n 4" and runs[1]["launches"] == 3
    rc, out = run(runlog, by_kernel=True, as_json=True)
    data = json.loads(out)
    assert rc == 0 and data["run_id"] == "r1"
    assert {k["kernel"] for k in data["kernels"]} == {"vadd", "reduce", "matmul"}


@pytest.mark.parametrize("options,says", [
    (dict(list_runs=True, run="r0"), "--list lists the runs; it does not take RUN"),
    (dict(list_runs=True, by_kernel=True), "does not take --by-kernel"),
    (dict(all_runs=True, run="r0"), "--all is for --list"),
    (dict(graphs="g.json"), "--graphs goes with --replay"),
    (dict(replay=True, by_kernel=True), "--replay shows the graph batches"),
    (dict(by_kernel=True, png="t.png"), "--by-kernel is a view"),
])
def test_options_that_do_not_go_together_are_refused(runlog: MemoryRunLog, options: dict,
                                                     says: str) -> None:
    rc, out = run(runlog, **options)
    assert rc == 2 and says in out


def test_devices_in_colour_style_only_what_skmd_styles(capsys, monkeypatch) -> None:
    """rich's guessing styled parts of names and notes ("(no transfer)", "(R)") bold."""
    from skmd import config
    from skmd.report.devices_table import devices_main
    from skmd.runtime import core, device_survey
    found = device_survey.survey(core.start(config.get()))
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    assert devices_main(found) == 0
    out = capsys.readouterr().out
    assert "\x1b[1m(" not in out and "\x1b[1;" not in out.split("Not used")[0]
    assert "(no transfer)" in out


def test_one_device_says_nothing_is_split(monkeypatch) -> None:
    """With one device `skmd devices` did not say that nothing would be split, nor how
    PoCL makes more devices of the CPU."""
    from dataclasses import replace

    from skmd import config
    from skmd.report.devices_table import devices_main
    from skmd.runtime import core, device_survey
    found = device_survey.survey(core.start(config.get()))
    one = replace(found, rows=[dict(found.rows[0], platform="Portable Computing Language")])
    monkeypatch.delenv("SKMD_DEVICES", raising=False)
    for plain in (True, False):
        buf = io.StringIO()
        assert devices_main(one, console=Console(file=buf, width=220, color_system=None),
                            plain=plain) == 0
        out = buf.getvalue()
        assert "Only one device: every kernel runs whole on it, nothing is split." in out
        assert 'POCL_DEVICES="pthread pthread"' in out
    buf = io.StringIO()  # (the SKMD_DEVICES in force, as the command hands it in)
    devices_main(one, console=Console(file=buf, width=80, color_system=None),
                 selected="cpu1")
    assert "SKMD_DEVICES=cpu1 selects it" in buf.getvalue()
    assert "POCL_DEVICES" not in buf.getvalue()
    buf = io.StringIO()
    devices_main(found, console=Console(file=buf, width=80, color_system=None))
    assert "Only one device" not in buf.getvalue()


def test_plain_list_has_a_header_and_aligned_columns(runlog: MemoryRunLog) -> None:
    """In a pipe the list's columns were bare cells with nothing saying what they are."""
    rc, out = run(runlog, list_runs=True, plain=True)
    lines = out.splitlines()
    assert rc == 0 and lines[0].split() == ["run", "program", "mode", "policy", "devices",
                                            "launches", "wall"]
    assert len(lines) == 3 and max(len(ln) for ln in lines) <= 80
    col = lines[0].index("program")
    assert all(ln[col:].split()[0] in ("program", "old.py", "app.py") for ln in lines)


def test_table_mode_names_the_run_once(runlog: MemoryRunLog) -> None:
    """The run line was printed above the table and again as its title."""
    for by_kernel in (False, True):
        rc, out = run(runlog, plain=False, by_kernel=by_kernel)
        assert rc == 0 and out.count("r1") == 2  # the run line and the summary line
        assert out.splitlines()[0].startswith("run r1 ") and "app.py --n 4" in out


def test_a_run_is_found_by_any_unique_part_of_its_id() -> None:
    """Only prefixes were taken: the random tail of an id was an unknown run."""
    log = MemoryRunLog()
    for i, rid in enumerate(("20261128-065436-c8d865", "20261128-065500-a1b2c3")):
        log.add_run(rid, [f"p{i}.py"], created_at=float(i))
        log.add_launch(vadd(rid))
    rc, out = run(log, run="c8d865")
    assert rc == 0 and "run 20261128-065436-c8d865" in out
    rc, out = run(log, run="0655")
    assert rc == 0 and "p1.py" in out
    rc, out = run(log, run="065")
    assert rc == 1 and "run id '065' is ambiguous: 20261128-065436-c8d865, " in out
    rc, out = run(log, run="zz9")
    assert rc == 1 and "unknown run 'zz9'" in out
