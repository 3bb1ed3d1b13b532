"""A polynomial's bounds over a box are exact: the same as evaluating it, as a
polynomial, at every corner of the box."""
from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from skmd.transform.poly import Poly

ATOMS = ("gid0", "gid1", "lid0", "n", "k")
nums = st.fractions(min_value=-50, max_value=50, max_denominator=7)
ints = st.integers(-5000, 5000).map(Fraction)


@st.composite
def multilinear(draw, nums=nums):
    p = Poly.const(draw(nums))
    for _ in range(draw(st.integers(0, 6))):
        atoms = draw(st.lists(st.sampled_from(ATOMS), max_size=3, unique=True))
        term = Poly.const(draw(nums))
        for a in atoms:
            term = term * Poly.atom(a)
        p = p + term
    return p


@st.composite
def boxes(draw, nums=nums):
    box = {}
    for a in ATOMS:
        x, y = draw(nums), draw(nums)
        box[a] = (min(x, y), max(x, y))
    return box


def _by_corners(p, box):
    names = sorted(p.atoms)
    values = [p.subs(dict(zip(names, c))).const_value()
              for c in product(*(box[n] for n in names))]
    return (min(values), max(values)) if values else (p.const_value(),) * 2


@settings(max_examples=150, deadline=None)
@given(multilinear(), boxes())
def test_bounds_are_the_corners_extremes(p, box):
    got = p.bounds(box)
    assert got == _by_corners(p, box)
    assert all(type(x) is Fraction for x in got)


@settings(max_examples=150, deadline=None)
@given(multilinear(ints), boxes(ints))
def test_bounds_over_whole_numbers_are_the_corners_extremes(p, box):
    """(Whole numbers take a quicker path.)"""
    got = p.bounds(box)
    assert got == _by_corners(p, box)
    assert all(type(x) is Fraction for x in got)


def test_bounds_refuse_what_they_cannot_bound():
    x = Poly.atom("x")
    assert (x * x).bounds({"x": (Fraction(0), Fraction(1))}) is None  # not multilinear
    assert (x + Poly.atom("y")).bounds({"x": (Fraction(0), Fraction(1))}) is None
    assert (2 * x - 3).bounds({"x": (Fraction(1), Fraction(4))}) == (Fraction(-1), Fraction(5))
    assert Poly.const(3).bounds({}) == (Fraction(3), Fraction(3))
