"""The run log's room on its own: no devices, no OpenCL queue."""
from __future__ import annotations

from types import SimpleNamespace

from skmd.records import LaunchRecord
from skmd.runtime import recording
from skmd.runtime.recording import Recorder

ENTRY = SimpleNamespace(key="0123456789abcdef:saxpy")


def _split_record(rec: Recorder) -> LaunchRecord:
    return LaunchRecord(run_id=rec.run_id, seq=rec.next_seq(), kernel="mm",
                        total_groups=4, global_size=(4,), local_size=(1,),
                        policy="hill", mode="skmd")


def test_whole_launches_become_records_in_launch_order() -> None:
    rec = Recorder("run", t0=10.0, home_label="gpu0", log=True)
    rec.note_whole(ENTRY, (256,), (64,), "too short", t_call=10.5)
    split = _split_record(rec)
    rec.keep_record(split)
    rec.note_whole(ENTRY, (128,), None, "single device chosen")
    got = rec.records
    assert [r.seq for r in got] == [1, 2, 3]
    first = got[0]
    assert (first.kernel, first.program, first.reason) == ("saxpy", "01234567", "too short")
    assert first.shares == {"gpu0": 0} and first.global_size == (256,)
    assert first.local_size == (64,) and first.start_s == 0.5
    assert got[1] is split and got[2].local_size is None


def test_last_record_is_the_newest_after_a_sequence_number() -> None:
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True)
    rec.note_whole(ENTRY, (8,), None, "a")
    before = rec.seq
    assert rec.last_record(before) is None
    rec.note_whole(ENTRY, (8,), None, "b")
    last = rec.last_record(before)
    assert last is not None and last.reason == "b" and last.seq == before + 1
    last.notes.append("kept")  # the record returned is the one the log keeps
    assert [r.reason for r in rec.records] == ["a", "b"]
    assert rec.records[-1].notes == ["kept"]


def test_nothing_is_kept_without_the_log_and_past_the_cap(monkeypatch) -> None:
    off = Recorder("run", t0=0.0, home_label="gpu0", log=False)
    off.note_whole(ENTRY, (8,), None, "x")
    off.keep_record(_split_record(off))
    assert off.records == []
    monkeypatch.setattr(recording, "MAX_RECORDS", 2)
    on = Recorder("run", t0=0.0, home_label="gpu0", log=True)
    for _ in range(3):
        on.note_whole(ENTRY, (8,), None, "x")
    on.keep_record(_split_record(on))
    # the third whole launch is past the cap, folded into the log's summary; the split
    # one is only counted
    assert len(on.records) == 2 and on.unrecorded == 1


def test_records_can_be_replaced_after_a_flush() -> None:
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True)
    rec.note_whole(ENTRY, (8,), None, "x")
    rec.records = []
    assert rec.records == [] and rec.last_record(0) is None


def test_log_rows_read_back_as_the_records_they_stand_for(monkeypatch) -> None:
    """The run log's rows (whole launches written straight from their tuples, the
    others in compact form) read back field for field as the records themselves."""
    import json
    monkeypatch.setattr(recording.time, "perf_counter", lambda: 12.25)

    def make() -> Recorder:
        rec = Recorder("run", t0=10.0, home_label="gpu0", log=True)
        rec.note_whole(ENTRY, (256,), (64,), 'too "short"', t_call=10.5)
        split = _split_record(rec)
        split.shares, split.ranges = {"gpu0": 3, "cpu0": 1}, {"gpu0": (0, 3), "cpu0": (3, 4)}
        split.notes.append("n")
        rec.keep_record(split)
        rec.note_whole(ENTRY, (128, 2), None, None)
        return rec

    want = {r.seq: r for r in make().records}
    rec = make()
    rows = rec.log_rows()
    assert sorted(seq for _, seq, _ in rows) == [1, 2, 3] and rec.records == []
    for run_id, seq, text in rows:
        got = LaunchRecord.from_dict(json.loads(text))
        assert run_id == "run" and got == want[seq]
    compact = json.loads(next(t for _, s, t in rows if s == 1))
    assert "pieces" not in compact and "merge_s" not in compact  # defaults left out


def test_a_loops_many_whole_launches_are_logged_as_their_first_ones_and_one_more(
        monkeypatch) -> None:
    """Past ``Tuning.log_whole_per_kind`` whole launches of one kind, the run log gets
    one record for the rest: it counts them, names their first and last sequence
    numbers and sums their host time; other kinds and split launches are kept."""
    import json

    from skmd import config
    from skmd.report.stats import kernel_stats, run_summary
    from skmd.tuning import Tuning
    now = [0.0]
    monkeypatch.setattr(recording.time, "perf_counter", lambda: now[0])
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True,
                   settings=config.Settings(tuning=Tuning(log_whole_per_kind=3)))
    other = SimpleNamespace(key="fedcba9876543210:scale")
    for i in range(8):
        now[0] = 10.0 + i + 0.25  # each launch call took 0.25 s
        rec.note_whole(ENTRY, (64,), None, "short", t_call=10.0 + i)
        if i == 4:
            rec.keep_record(_split_record(rec))
            rec.note_whole(other, (64,), None, "short", t_call=now[0])
    rows = rec.log_rows()
    records = [LaunchRecord.from_dict(json.loads(text)) for _, _, text in sorted(rows)]
    saxpy = [r for r in records if r.kernel == "saxpy"]
    assert [r.seq for r in saxpy] == [1, 2, 3, 4] and [r.repeats for r in saxpy] == [1, 1, 1, 5]
    rest = saxpy[-1]
    assert rest.host_s == 5 * 0.25 and rest.start_s == 13.0 and rest.shares == {"gpu0": 0}
    assert rest.span_s == 17.25 - 13.0  # to the end of the last of them (#10)
    assert "5 launches" in rest.notes[0] and "#4 to #10" in rest.notes[0]
    assert [r.kernel for r in records].count("scale") == 1
    assert [r.kernel for r in records].count("mm") == 1
    assert run_summary(records).launches == 10
    assert {s.kernel: s.launches for s in kernel_stats(records)}["saxpy"] == 8


def test_a_summary_records_launches_are_laid_over_its_span_in_a_breakdown() -> None:
    """explain's breakdown spreads the launches a summary record stands for over its
    span: their calls take their summed host time, the rest of the span stays the
    program's, and the run's wall is the span."""
    from skmd.report.breakdown import CALLS, breakdown
    rest = LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=0, global_size=(8,),
                        local_size=None, policy="hill", shares={"gpu0": 0}, repeats=4,
                        start_s=1.0, span_s=2.0, host_s=0.4, wall_s=0.4)
    b = breakdown([rest])
    assert abs(b.wall_s - 2.0) < 1e-12  # the first call at 1 s, the last ending at 3 s
    assert abs(b.parts[CALLS] - 0.4) < 1e-12


def test_explains_counts_and_pictures_count_every_launch_a_record_stands_for() -> None:
    from skmd.report.stats import run_summary
    from skmd.report.timeline_pictures import _title
    recs = [LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=0, global_size=(8,),
                         local_size=None, policy="hill", shares={"gpu0": 0}),
            LaunchRecord(run_id="r", seq=2, kernel="k", total_groups=0, global_size=(8,),
                         local_size=None, policy="hill", shares={"gpu0": 0}, repeats=99,
                         start_s=0.0, span_s=1.0, host_s=0.1)]
    assert run_summary(recs).launches == 100
    assert "100 launches" in _title(recs)


def test_a_graph_modes_whole_launches_are_all_kept() -> None:
    """Graph mode's replay finds a batch's launches by their sequence numbers: none of
    them is folded into a summary record."""
    import json

    from skmd import config
    from skmd.tuning import Tuning
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True,
                   settings=config.Settings(mode="mkmd", tuning=Tuning(log_whole_per_kind=2)))
    for _ in range(6):
        rec.note_whole(ENTRY, (64,), None, "in order")
    rows = rec.log_rows()
    assert len(rows) == 6
    assert all(json.loads(text).get("repeats", 1) == 1 for _, _, text in rows)


def test_whole_launches_past_the_cap_are_still_counted_in_the_run_log(monkeypatch) -> None:
    """A run longer than ``MAX_RECORDS`` launches keeps no more of them in memory, but
    its run log still counts every whole launch (in the summary record of its kind)."""
    import json

    from skmd import config
    from skmd.report.stats import run_summary
    from skmd.tuning import Tuning
    monkeypatch.setattr(recording, "MAX_RECORDS", 3)
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True,
                   settings=config.Settings(tuning=Tuning(log_whole_per_kind=2)))
    for _ in range(6):
        rec.note_whole(ENTRY, (64,), None, "short")
    assert rec.unrecorded == 0
    records = [LaunchRecord.from_dict(json.loads(t)) for _, _, t in sorted(rec.log_rows())]
    assert [(r.seq, r.repeats) for r in records] == [(1, 1), (2, 1), (3, 4)]
    assert "#3 to #6" in records[-1].notes[0]
    assert run_summary(records).launches == 6


def test_whole_launches_leave_the_garbage_collector_nothing_to_trace() -> None:
    """A plain program's launch leaves no object behind; skmd's record of a whole
    launch must not either (each one would lengthen every collection after it)."""
    import gc
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True)
    rec.note_whole(ENTRY, (8,), None, "a")  # the list itself, once
    gc.collect()
    gc.disable()
    try:
        before = len(gc.get_objects())
        for _ in range(1000):
            rec.note_whole(ENTRY, (8,), None, "a")
        grew = len(gc.get_objects()) - before
    finally:
        gc.enable()
    assert grew < 10
    assert [r.seq for r in rec.records] == list(range(1, 1002))


def test_launches_past_the_cap_count_as_the_general_fold_would(monkeypatch) -> None:
    """Past the cap a launch is counted in place (the fast path of a long loop); the
    counts and times are those :func:`recording._fold` gives, a list's global size
    the same kind as the tuple's."""
    monkeypatch.setattr(recording, "MAX_RECORDS", 1)
    monkeypatch.setattr(recording.time, "perf_counter", lambda: 100.0)
    rec = Recorder("run", t0=0.0, home_label="gpu0", log=True)
    rec.note_whole(ENTRY, (64,), None, "short")  # kept whole: the cap
    want: dict = {}
    for i, gsize in enumerate([(64,), [64], (64,), (128,), [64], (64,)]):
        rec.note_whole(ENTRY, gsize, None, "short", t_call=10.0 + i)
        recording._fold(want, recording._kind(ENTRY.key, gsize, None, "short", "hill",
                                              "skmd"),
                        i + 2, 10.0 + i, 100.0, None)
    assert rec._past == want
    assert want[(ENTRY.key, (64,), None, "short", "hill", "skmd")][:3] == [2, 7, 5]


def test_whether_a_queue_profiles_is_asked_of_that_queue_not_of_its_handle() -> None:
    import pyopencl as cl

    from skmd.runtime import raw

    class Queue:  # (no attribute can be kept on it, as on some wrappers)
        __slots__ = ("int_ptr", "properties")

        def __init__(self, ptr: int, props: int) -> None:
            self.int_ptr, self.properties = ptr, props

    profiling = cl.command_queue_properties.PROFILING_ENABLE
    assert raw.profiles(Queue(1234, profiling))
    assert not raw.profiles(Queue(1234, 0))  # a later queue at the same handle
