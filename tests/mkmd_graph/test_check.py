"""The plan checker catches broken plans (so the property tests can fail)."""
import copy

from skmd.mkmd_graph import build_graph, check_schedule, schedule
from skmd.mkmd_graph.examples import commutator, thesis_platform


def plan():
    wl = commutator(512)
    p = thesis_platform(wl)
    g = build_graph(wl.commands, wl.buffer_bytes)
    s = schedule(wl.commands, wl.buffer_bytes, p, "mkmd")
    assert check_schedule(g, p, s) == []
    return g, p, s


def test_detects_early_start():
    g, p, s = plan()
    bad = copy.deepcopy(s)
    last = max(bad.slots, key=lambda x: x.start)
    last.end -= last.start
    last.start = 0.0
    assert any("before predecessor" in m for m in check_schedule(g, p, bad))


def test_detects_missing_transfer():
    g, p, s = plan()
    bad = copy.deepcopy(s)
    bad.transfers = [t for t in bad.transfers if t.node is not None or t.dst == "host"]
    assert any("reads buffer" in m for m in check_schedule(g, p, bad))


def test_detects_lost_work_groups_and_overlap():
    g, p, s = plan()
    bad = copy.deepcopy(s)
    run = next(x for x in bad.slots if x.kind == "run" and x.groups[1] > 1)
    run.groups = (run.groups[0], run.groups[1] - 1)
    assert any("tile" in m or "cover" in m for m in check_schedule(g, p, bad))
    bad = copy.deepcopy(s)
    a, b = [x for x in bad.slots if x.device == "gpu0"][:2]
    b.start, b.end = a.start, a.end
    assert any("overlaps" in m for m in check_schedule(g, p, bad))
