"""Every plan respects dependencies, data validity, device and link exclusivity."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import initial_maps, platforms, workloads
from skmd.mkmd_graph import (HOST, build_graph, check_schedule, coarse_schedule,
                             fine_schedule, inorder_schedule)

SETTINGS = settings(max_examples=int(os.environ.get("MKMD_EXAMPLES", "120")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def cases(draw):
    cmds, sizes = draw(workloads())
    plat = draw(platforms(cmds))
    init = draw(initial_maps(sizes, plat.devices))
    return cmds, sizes, plat, init


@SETTINGS
@given(cases(), st.sampled_from([0.01, 0.05, 0.25]))
def test_coarse_and_fine_plans_are_valid(case, step):
    cmds, sizes, plat, init = case
    g = build_graph(cmds, sizes, init)
    coarse = coarse_schedule(g, plat)
    assert check_schedule(g, plat, coarse) == []
    fine = fine_schedule(g, plat, coarse, step=step, merge_bps=1e9)
    assert check_schedule(g, plat, fine) == []
    assert fine.makespan <= coarse.makespan * (1 + 1e-9)
    for c in cmds:                                   # only splittable kernels split
        runs = [s for s in fine.slots if s.node == c.id and s.kind == "run"]
        assert len(runs) == 1 or c.can_split
        if c.on_host:
            assert runs[0].device == HOST


@SETTINGS
@given(cases())
def test_coarse_without_contention_is_valid_except_links(case):
    cmds, sizes, plat, init = case
    g = build_graph(cmds, sizes, init)
    s = coarse_schedule(g, plat, contention=False)
    assert check_schedule(g, plat, s, links=False) == []


@SETTINGS
@given(cases())
def test_inorder_is_sequential_execution(case):
    cmds, sizes, plat, init = case
    g = build_graph(cmds, sizes, init)
    s = inorder_schedule(g, plat)
    assert check_schedule(g, plat, s) == []
    items = sorted(s.slots + s.transfers, key=lambda x: (x.start, x.end))
    for a, b in zip(items, items[1:]):
        assert b.start >= a.end - 1e-12
    busy = sum(x.end - x.start for x in items)
    assert s.makespan == pytest.approx(busy, rel=1e-9, abs=1e-15)
    assert [sl.node for sl in sorted(s.slots, key=lambda x: (x.start, x.end))] \
        == [c.id for c in cmds]
    devices = {sl.device for sl in s.slots} - {HOST}
    assert len(devices) <= 1
