from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from skmd.report.breakdown import breakdown
from skmd.report.explain import (explain_table, render_text, summary_line, summary_table,
                                 to_json)
from skmd.report.fmt import error_pct, human_bytes, human_time
from skmd.records import LaunchRecord, Piece
from skmd.report.stats import busy_pct, is_split, kernel_stats, run_summary

from report_fixtures import matmul, reduce_whole, vadd


def text_of(renderable, width: int = 220) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(renderable)
    return buf.getvalue()


def test_units() -> None:
    assert human_bytes(512) == "512 B"
    assert human_bytes(1536) == "1.5 KiB"
    assert human_bytes(4 * 1024 ** 3) == "4.0 GiB"
    assert human_time(2.5e-3) == "2.50 ms"
    assert human_time(4e-5) == "40 µs"
    assert human_time(1.5) == "1.50 s"
    assert human_time(None) == "—"
    assert error_pct(1.1, 1.0) == pytest.approx(10.0)
    assert error_pct(1.0, 0.0) is None and error_pct(None, 1.0) is None


def test_table_shows_the_figures(records: list[LaunchRecord]) -> None:
    out = text_of(explain_table(records))
    # ranges and shares per device
    assert "gpu0 [0, 450) 45.0%" in out
    assert "gpu1 [450, 900) 45.0%" in out
    assert "cpu [900, 1000) 10.0%" in out
    # predicted vs measured with signed error
    assert "gpu0: 1.20 ms / 1.25 ms -4.0%" in out
    assert "gpu1: 1.20 ms / 1.00 ms +20.0%" in out
    # bytes per link in human units, arrows made readable
    assert "host→gpu0 4.0 MiB" in out and "gpu1→gpu0 256.0 KiB" in out
    # merge, wall, fastest single device and what the split gained over it
    assert "300 µs" in out and "1.60 ms" in out
    assert "gpu0 2.40 ms" in out and "×1.50" in out
    # the unsplit launch points at its reason in the footnotes
    assert "[1] global atomics: runs whole on the fastest device" in out
    assert "[2] merge kernel used for discontiguous output c" in out
    reduce_line = next(line for line in out.splitlines() if "reduce" in line)
    assert "[1]" in reduce_line


def test_same_reason_gets_one_footnote() -> None:
    rs = [reduce_whole(seq=i) for i in range(3)]
    out = text_of(explain_table(rs))
    assert out.count("global atomics") == 1
    assert "[2]" not in out


def test_run_summary(records: list[LaunchRecord]) -> None:
    s = run_summary(records)
    assert (s.launches, s.split) == (3, 2)
    assert s.bytes_moved == 10 * 1024 * 1024 + 256 * 1024
    assert s.merge_s == pytest.approx(0.5e-3)
    assert s.wall_s == pytest.approx(5.65e-3)
    # host merges are not device busy time
    assert set(s.busy_pct) == {"gpu0", "gpu1", "cpu"}
    # cpu: one 1.1 ms kernel in the run's span (first call to last piece)
    span = breakdown(records).wall_s
    assert 5.7e-3 <= span and s.busy_pct["cpu"] == pytest.approx(100 * 1.1e-3 / span)
    line = summary_line(s)
    assert "3 launches, 2 split" in line and "10.2 MiB moved" in line
    assert "merge 500 µs" in line and "devices busy" in line


def test_busy_counts_overlap_once() -> None:
    r = reduce_whole()
    r.pieces = [Piece("gpu0", "kernel", 0.0, 1.0), Piece("gpu0", "h2d", 0.5, 1.5),
                Piece("gpu1", "kernel", 0.0, 2.0)]
    assert busy_pct([r]) == {"gpu0": pytest.approx(75.0), "gpu1": pytest.approx(100.0)}


def test_busy_without_pieces_uses_measured() -> None:
    r = vadd()
    r.pieces = []
    b = busy_pct([r])
    assert b["gpu0"] == pytest.approx(100 * 1.25 / 1.6)


def test_is_split() -> None:
    assert is_split(vadd()) and not is_split(reduce_whole())
    r = vadd()
    r.shares = {"gpu0": 1000, "gpu1": 0}
    assert not is_split(r)


def test_kernel_stats_and_grouped_view() -> None:
    rs = [vadd(seq=i) for i in range(4)] + [reduce_whole(seq=10 + i) for i in range(6)]
    rs[0].shares = {"gpu0": 1000}
    stats = {s.kernel: s for s in kernel_stats(rs)}
    v = stats["vadd"]
    assert (v.launches, v.split) == (4, 3)
    assert v.mean_share_pct["gpu0"] == pytest.approx((100 + 45 * 3) / 4)
    assert v.mean_share_pct["cpu"] == pytest.approx(30 / 4)
    assert stats["reduce"].mean_abs_error_pct == pytest.approx(25.0)
    assert stats["reduce"].reasons == {"global atomics: runs whole on the fastest device": 6}
    out = text_of(summary_table(rs))
    assert "vadd" in out and "3 (75%)" in out and "0 (0%)" in out
    assert "R1×6" in out and "R1  global atomics" in out and "25.0%" in out


def test_render_text_limits_and_groups(records: list[LaunchRecord]) -> None:
    buf = io.StringIO()
    c = Console(file=buf, width=220, color_system=None)
    render_text(records, c, limit=1)
    out = buf.getvalue()
    assert "2 more launches not shown" in out
    assert "matmul" not in out.split("more launches")[0]
    assert "3 launches, 2 split" in out  # the summary still counts them all
    buf.truncate(0)
    render_text(records + [vadd("r2", 0)], c, by_kernel=True)
    out = buf.getvalue()
    assert "run r1 by kernel" in out and "run r2 by kernel" in out


def test_json_round_trips(records: list[LaunchRecord]) -> None:
    data = json.loads(to_json(records))
    assert isinstance(data, list) and len(data) == 3
    first = data[0]
    assert first["kernel"] == "vadd"
    assert first["shares"] == {"gpu0": 450, "gpu1": 450, "cpu": 100}
    assert first["pieces"][1] == {"device": "gpu0", "kind": "kernel", "start": 0.0002,
                                  "end": 0.00145, "label": "vadd", "bytes": 0}
    assert first["split"] is True and data[1]["split"] is False
    assert first["error_pct"]["gpu1"] == pytest.approx(20.0)
    assert data[1]["reason"].startswith("global atomics")
    for d, r in zip(data, records):
        assert LaunchRecord.from_dict(d) == r
        assert set(LaunchRecord.__dataclass_fields__) <= set(d)


def test_bytes_cell_says_how_long_each_link_was_busy():
    from skmd.report.explain import _bytes_cell
    cell = _bytes_cell(vadd())
    lines = cell.splitlines()
    assert any(ln.startswith("host→gpu0 ") and human_time(0.2e-3) in ln for ln in lines), cell
    assert any(ln.startswith("host→gpu1 ") and human_time(0.25e-3) in ln for ln in lines), cell
    assert any(ln.startswith("gpu0→host ") and human_time(0.1e-3) in ln for ln in lines), cell


def test_to_dict_is_a_copy(records: list[LaunchRecord]) -> None:
    """What to_dict hands out can be changed without changing the record."""
    r = records[0]
    d = r.to_dict()
    d["shares"]["gpu0"] = -1
    d["pieces"][0]["device"] = "elsewhere"
    d["notes"].append("more")
    assert r.shares["gpu0"] == 450 and r.pieces[0].device != "elsewhere"
    assert "more" not in r.notes


def test_a_launch_run_whole_is_all_on_its_device_with_its_groups() -> None:
    """The run log keeps whole launches without counting their work-groups; the report
    said ``cpu0 0%`` and ``total_groups: 0``."""
    from skmd.report.blocks import render_blocks

    def whole(seq: int, local: tuple[int, ...] | None) -> LaunchRecord:
        return LaunchRecord(run_id="r", seq=seq, kernel="k", total_groups=0,
                            global_size=(1000,), local_size=local, policy="hill",
                            shares={"cpu0": 0}, reason="too short", wall_s=1e-4)

    recs = [whole(1, (64,)), whole(2, None)]
    data = json.loads(to_json(recs))
    assert data[0]["total_groups"] == 16 and data[0]["shares"] == {"cpu0": 16}
    assert data[1]["total_groups"] is None and data[1]["shares"] == {"cpu0": None}
    assert [d["share_pct"] for d in data] == [{"cpu0": 100.0}] * 2
    assert kernel_stats(recs)[0].mean_share_pct == {"cpu0": 100.0}
    lines: list[str] = []
    render_blocks(recs, lines.append, by_kernel=True)
    assert any("cpu0 100%" in ln for ln in lines) and not any("0%" in ln.replace("100%", "")
                                                            for ln in lines if "shares" in ln)


def test_counts_agree_with_their_nouns() -> None:
    from skmd.words import plural
    assert [plural(1, "launch"), plural(2, "launch"), plural(1, "device"),
            plural(0, "kernel"), plural(3, "launch shape")] == [
        "1 launch", "2 launches", "1 device", "0 kernels", "3 launch shapes"]
    rec = LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=4, global_size=(4,),
                       local_size=(1,), policy="hill", shares={"cpu0": 4}, wall_s=1e-3)
    assert "r: 1 launch, 0 split" in text_of(summary_line(run_summary([rec]),
                                                          breakdown([rec])))


def test_busy_is_unknown_where_no_device_time_was_measured() -> None:
    """Whole launches on a queue that does not profile carry no device time: the run's
    devices were not idle, their time is unknown, and the summary says nothing of it."""
    r = reduce_whole()
    r.pieces, r.measured = [], {}
    assert busy_pct([r]) == {}
    assert "devices busy" not in summary_line(run_summary([r]))
