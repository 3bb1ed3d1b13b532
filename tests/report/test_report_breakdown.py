"""Where a run's wall time went, kernels told apart by program, blocks for pipes."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from report_fixtures import matmul, reduce_whole, vadd
from skmd.report.blocks import render_blocks
from skmd.report.breakdown import breakdown
from skmd.report.explain_cmd import explain_main, is_bench
from skmd.records import LaunchRecord, settle_records, whole_record
from skmd.report.runlog import MemoryRunLog
from skmd.report.stats import kernel_labels, kernel_stats


def whole(seq: int, start: float, host: float, device: float | None = None,
          kernel: str = "axpbyz", program: str = "aaaa1111") -> LaunchRecord:
    r = LaunchRecord(run_id="w", seq=seq, kernel=kernel, program=program, total_groups=0,
                     global_size=(64,), local_size=None, policy="hill",
                     shares={"cpu0": 0}, reason="too short to split", start_s=start,
                     host_s=host, wall_s=device if device is not None else host,
                     device_s=device)
    return r


def test_parts_partition_the_span() -> None:
    # calls at 0 and 10 ms; the first kernel runs 2 ms after its call on cpu0
    rs = [whole(1, 0.0, 1e-3, 2e-3), whole(2, 10e-3, 1e-3)]
    b = breakdown(rs)
    assert b.wall_s == pytest.approx(11e-3)
    assert b.parts["kernel:cpu0"] == pytest.approx(2e-3)
    assert b.parts["calls"] == pytest.approx(2e-3)  # both calls
    assert b.parts["program"] == pytest.approx(7e-3)  # 3..10 ms: the program's own
    assert sum(b.parts.values()) == pytest.approx(b.wall_s)


def test_whole_kernels_queue_behind_each_other() -> None:
    rs = [whole(1, 0.0, 1e-4, 5e-3), whole(2, 2e-4, 1e-4, 5e-3)]
    b = breakdown(rs)
    # in-order queue: the second starts when the first ends
    assert b.wall_s == pytest.approx(1e-4 + 10e-3)
    assert b.kernels() == {"cpu0": pytest.approx(10e-3)}


def test_split_launches_overlapping_devices_share_the_instant() -> None:
    rs = [vadd(), reduce_whole(), matmul()]
    b = breakdown(rs)
    assert sum(b.parts.values()) == pytest.approx(b.wall_s)
    assert b.parts["merge"] == pytest.approx(0.5e-3)  # merges rank first
    k = b.kernels()
    assert set(k) == {"gpu0", "gpu1", "cpu"}
    assert sum(k.values()) < sum(p.end - p.start for r in rs for p in r.pieces
                                 if p.kind == "kernel")


def test_names_get_their_program_only_when_they_collide() -> None:
    rs = [whole(1, 0.0, 1e-4), whole(2, 1e-3, 1e-4, program="bbbb2222"),
          whole(3, 2e-3, 1e-4, kernel="other")]
    labels = kernel_labels(rs)
    assert labels["axpbyz", "aaaa1111"] == "axpbyz@aaaa1111"
    assert labels["axpbyz", "bbbb2222"] == "axpbyz@bbbb2222"
    assert labels["other", "aaaa1111"] == "other"
    assert sorted(s.kernel for s in kernel_stats(rs)) == [
        "axpbyz@aaaa1111", "axpbyz@bbbb2222", "other"]


class FakeEvent:
    """An event whose kernel finishes when asked to wait."""

    def __init__(self, profiled: bool = True) -> None:
        self.command_execution_status = 1  # CL_RUNNING
        self.profiled = profiled
        self.waited = False

    def wait(self) -> None:
        self.waited = True
        self.command_execution_status = 0

    @property
    def profile(self):
        if not self.profiled:
            raise RuntimeError("PROFILING_INFO_NOT_AVAILABLE")
        return type("P", (), {"start": 1_000, "end": 3_001_000})()


def test_whole_records_read_their_events_lazily() -> None:
    evt = FakeEvent()
    r = whole_record(whole(1, 0.0, 0.0), evt, 0.5, 0.5 + 20e-6)
    assert r.host_s == pytest.approx(20e-6) and r.wall_s == pytest.approx(20e-6)
    assert r.device_s is None and not evt.waited  # never waits when made
    settle_records([r])
    assert evt.waited and r.device_s == pytest.approx(3e-3) and r.wall_s == r.device_s
    assert r.measured == {"cpu0": pytest.approx(3e-3)}
    assert "_event" not in r.to_dict()
    plain = whole_record(whole(2, 0.0, 0.0), FakeEvent(profiled=False), 1.0, 1.0 + 5e-6)
    settle_records([plain])
    assert plain.device_s is None and plain.wall_s == pytest.approx(5e-6)


def test_blocks_never_wrap_and_use_codes() -> None:
    long_reason = "waits on events not complete yet (runs whole, in queue order) " * 2
    rs = [vadd("w", 0), whole(1, 2e-3, 1e-4, kernel="k" * 90)]
    rs[1].reason = long_reason
    lines: list[str] = []
    render_blocks(rs, lines.append)
    text = "\n".join(lines)
    assert "#1 " + "k" * 90 + "  whole" in text
    assert "why: R1" in text and f"R1  {long_reason}" in text
    assert "wall time went to:" in text
    lines.clear()
    render_blocks(rs, lines.append, by_kernel=True)
    assert any(ln.startswith("k" * 90 + "  1 launch,") for ln in "\n".join(lines).split("\n"))


def test_plain_output_and_pictures_print_one_line(tmp_path) -> None:
    log = MemoryRunLog()
    log.extend([vadd("r1", 0), reduce_whole("r1", 1)])
    buf = io.StringIO()
    console = Console(file=buf, width=80, color_system=None)
    assert explain_main(log, console=console, plain=True) == 0
    assert "#0 vadd  split" in buf.getvalue() and "┃" not in buf.getvalue()
    buf.truncate(0)
    buf.seek(0)
    assert explain_main(log, console=console, png=str(tmp_path / "t.png")) == 0
    assert buf.getvalue().strip().count("\n") == 0 and "wrote" in buf.getvalue()


def test_list_hides_bench_runs_unless_asked() -> None:
    log = MemoryRunLog()
    log.add_run("mine", ["/x/skmd/__main__.py", "run", "app.py"], created_at=1.0)
    log.add_launch(vadd("mine", 0))
    log.add_run("bench1", ["skmd", "bench", "--size", "ci"], created_at=2.0)
    log.add_launch(vadd("bench1", 0))
    assert is_bench(["skmd", "bench"]) and not is_bench(["app.py", "x", "bench"])
    buf = io.StringIO()
    console = Console(file=buf, width=200, color_system=None)
    assert explain_main(log, console=console, list_runs=True, plain=True) == 0
    out = buf.getvalue()
    assert "mine" in out and "bench1" not in out and "__main__" not in out and "1 run of `skmd bench`" in out
    assert "skmd" in out and "hill" in out and "gpu0,gpu1,cpu" in out
    buf.truncate(0)
    buf.seek(0)
    assert explain_main(log, console=console, list_runs=True, all_runs=True) == 0
    assert "bench1" in buf.getvalue() and "policy" in buf.getvalue()
