"""Undoing a trial booking removes exactly what it booked, and plans stay as they were."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import platforms, workloads
from skmd.mkmd_graph import Slot, schedule
from skmd.mkmd_graph import placer


def test_drop_removes_that_object_not_an_equal_one():
    a, b, c = (Slot(0, "d", 0.0, 1.0, (0, 1)) for _ in range(3))
    items = [a, b, c]
    placer._drop(items, b)
    assert items == [a, c] and items[0] is a and items[1] is c
    placer._drop(items, c)
    assert len(items) == 1 and items[0] is a
    with pytest.raises(ValueError, match="not booked"):
        placer._drop(items, b)


@st.composite
def cases(draw):
    cmds, sizes = draw(workloads(max_commands=12))
    return cmds, sizes, draw(platforms(cmds))


def _plan(s):
    return ([(x.node, x.device, x.start, x.end, x.groups, x.kind, x.seq) for x in s.slots],
            s.transfers, s.makespan, s.final_location)


@settings(max_examples=int(os.environ.get("MKMD_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_plans_are_those_of_undoing_by_equality(case):
    cmds, sizes, plat = case
    new = _plan(schedule(cmds, sizes, plat, "mkmd", merge_bps=1e9))
    keep = placer._drop
    placer._drop = lambda items, item: items.remove(item)
    try:
        old = _plan(schedule(cmds, sizes, plat, "mkmd", merge_bps=1e9))
    finally:
        placer._drop = keep
    assert new == old
