from hypothesis import given, strategies as st

from skmd.runtime.intervals import IntervalSet


def test_add_merges_touching_and_overlapping():
    s = IntervalSet([(0, 4), (10, 12)])
    s.add(4, 6)
    s.add(11, 20)
    assert list(s) == [(0, 6), (10, 20)]
    assert s.total == 16


def test_covers_and_missing():
    s = IntervalSet([(0, 4), (8, 12)])
    assert s.covers(1, 3) and not s.covers(3, 9)
    assert s.missing(2, 14) == [(4, 8), (12, 14)]
    assert s.missing(0, 4) == []


@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), max_size=12),
       st.integers(0, 60), st.integers(0, 60))
def test_matches_a_set_of_bytes(pairs, lo, hi):
    s = IntervalSet()
    bytes_in = set()
    for a, b in pairs:
        s.add(a, b)
        bytes_in |= set(range(a, b))
    assert s.total == len(bytes_in)
    gaps = set()
    for a, b in s.missing(lo, hi):
        gaps |= set(range(a, b))
    assert gaps == set(range(lo, hi)) - bytes_in
    assert s.covers(lo, hi) == (not (set(range(lo, hi)) - bytes_in))
