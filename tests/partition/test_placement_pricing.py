"""Where bytes are, and what moving them from there costs: plain functions."""
import math

from hypothesis import given
from hypothesis import strategies as st

from skmd.decide import locations as pl
from skmd.decide.transfer import via_home

SPANS = st.lists(st.tuples(st.integers(0, 100), st.integers(0, 100))
                 .map(lambda t: (min(t), max(t))), max_size=6)


def covered(spans):
    return {b for lo, hi in spans for b in range(lo, hi)}


@given(SPANS, SPANS)
def test_gaps_are_exactly_what_is_missing(need, have):
    got = pl.gaps(need, have)
    assert covered(got) == covered(need) - covered(have)
    assert all(a < b for a, b in got)
    assert all(got[k][1] < got[k + 1][0] for k in range(len(got) - 1))


@given(st.integers(0, 50), st.integers(0, 50), SPANS)
def test_within_is_exactly_the_covered_part_of_a_span(lo, n, ranges):
    got = pl.within(lo, lo + n, ranges)
    assert covered(got) == set(range(lo, lo + n)) & covered(ranges)
    assert all(a < b for a, b in got)
    assert all(got[k][1] < got[k + 1][0] for k in range(len(got) - 1))


@given(st.integers(0, 50), st.integers(0, 50), SPANS, SPANS, SPANS)
def test_gather_plan_takes_each_byte_from_the_first_holder(lo, n, a, b, c):
    hi = lo + n
    holders = [("host", a), ("home", b), ("cpu1", c)]
    plan = pl.gather_plan(lo, hi, holders)
    want = set(range(lo, hi))
    if not want <= covered(a) | covered(b) | covered(c):
        assert plan is None
        return
    got = {}
    for name, x, y in plan:
        for byte in range(x, y):
            assert byte not in got, "a byte is read twice"
            got[byte] = name
    assert set(got) == want
    for byte, name in got.items():
        first = next(nm for nm, spans in holders if byte in covered(spans))
        assert name == first


def test_a_helper_takes_host_bytes_over_its_own_link_or_in_place():
    link, home = (10e9, 20e9), (25e9, 25e9)
    assert pl.helper_link(["host", "both"], link, home, zero_copy=False) == link
    assert pl.helper_link(["host"], link, home, zero_copy=True) == (math.inf, link[1])
    assert pl.helper_link(["host", "home"], link, home, zero_copy=True) == via_home(link, home)
    assert pl.helper_link([], link, home, zero_copy=False) == via_home(link, home)


def test_blend_keeps_the_seconds():
    parts = [(100.0, 2.0, 10.0), (50.0, 1.0, 5.0), (999.0, 9.0, math.inf)]
    fixed, per = pl.blend(parts, 10.0)
    assert fixed == 100 + 50 * 2 and per == 2 + 1 * 2


def test_uploads_wait_only_with_helpers_and_when_none_are_to_skip():
    assert not pl.stages_lazily(1, 0)
    assert pl.stages_lazily(2, 0)
    assert not pl.stages_lazily(2, 1)


def test_uploads_read_whole_are_staged_ever_more_rarely_up_to_a_cap():
    seen, x = [], 0
    for _ in range(8):
        x = pl.backoff(x, 16)
        seen.append(x)
    assert seen == [1, 2, 4, 8, 16, 16, 16, 16]


def test_location_classes():
    assert pl.location(True, False) == pl.HOME
    assert pl.location(True, True) == pl.BOTH
    assert pl.location(False, True) == pl.HOST
    assert pl.location(False, False) == pl.AWAY
    assert pl.on_host(pl.BOTH) and not pl.on_host(pl.AWAY)
