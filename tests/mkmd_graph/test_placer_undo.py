"""Undoing a trial booking removes exactly what it booked, and plans stay as they were."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import platforms, workloads
from skmd.mkmd_graph import Slot, build_graph, schedule
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



def _legs_by_the_rule(plat, a, b, n):
    """Moves as the platform's docstring states them, written out apart."""
    if a == b:
        return []
    if (a, b) in plat.d2d_bps:
        return [(a, b, f"{a}->{b}", n / plat.d2d_bps[a, b])]
    if a == "host":
        return [(a, b, plat.links.get(b, b) + (":h2d" if plat.duplex else ""),
                 n / plat.h2d_bps[b])]
    if b == "host":
        return [(a, b, plat.links.get(a, a) + (":d2h" if plat.duplex else ""),
                 n / plat.d2h_bps[a])]
    return _legs_by_the_rule(plat, a, "host", n) + _legs_by_the_rule(plat, "host", b, n)


@settings(max_examples=int(os.environ.get("MKMD_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.integers(1, 1 << 33))
def test_a_placers_kept_legs_price_moves_as_the_platform_does(case, nbytes):
    """The placer keeps each pair's legs and prices them itself: to the bit what
    the platform's rule says, or plans would change with the cache."""
    cmds, sizes, plat = case
    pl = placer.Placer(build_graph(cmds, sizes), plat, contention=False)
    locs = ("host",) + plat.devices
    for _ in range(2):  # the second pass meets the kept legs
        for a in locs:
            for b in locs:
                want = _legs_by_the_rule(plat, a, b, nbytes)
                assert plat.hops(a, b, nbytes) == want
                t, hops = pl.route(0, a, b, 1.0, nbytes, {})
                assert [(h.src, h.dst, h.link) for h in hops] == [w[:3] for w in want]
                at = 1.0
                for h, w in zip(hops, want):
                    assert h.start == at and h.end == at + w[3]
                    at = h.end
                assert t == at
