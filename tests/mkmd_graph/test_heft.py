"""Coarse phase without link contention reproduces the HEFT paper's example."""
import pytest

from heft_example import COST, EDGES, heft_graph, heft_platform
from skmd.mkmd_graph import coarse_schedule, upward_rank, check_schedule


def test_upward_ranks_match_paper():
    rank = upward_rank(heft_graph(), heft_platform())
    paper = {1: 108.0, 2: 77.0, 3: 80.0, 4: 80.0, 5: 69.0, 6: 63.333,
             7: 42.667, 8: 35.667, 9: 44.333, 10: 14.667}
    for task, value in paper.items():
        assert rank[task] == pytest.approx(value, abs=1e-3)


def test_makespan_80_and_placement():
    g, p = heft_graph(), heft_platform()
    s = coarse_schedule(g, p, contention=False)
    assert s.makespan == pytest.approx(80.0)
    placed = {sl.node: (sl.device, sl.start, sl.end) for sl in s.slots}
    # the schedule printed in the paper (Fig. 3 / Table of HEFT)
    assert placed == {
        1: ("P3", 0, 9), 3: ("P3", 9, 28), 4: ("P2", 18, 26), 2: ("P1", 27, 40),
        5: ("P3", 28, 38), 6: ("P2", 26, 42), 9: ("P2", 56, 68), 7: ("P3", 38, 49),
        8: ("P1", 57, 62), 10: ("P2", 73, 80),
    }
    assert check_schedule(g, p, s) == []


def test_fixed_edge_costs_only_across_devices():
    g, p = heft_graph(), heft_platform()
    s = coarse_schedule(g, p, contention=False)
    where = s.device_of
    for t in s.transfers:
        u = t.buffer                      # task u's output is buffer u
        assert where[u] == t.src != t.dst
        consumers = [v for (a, v) in EDGES if a == u and where[v] == t.dst]
        assert t.end - t.start in [EDGES[u, v] for v in consumers]
    moved = [(t.buffer, t.dst) for t in s.transfers]
    assert len(moved) == len(set(moved))          # each copy made once
    assert len(COST) == 10
