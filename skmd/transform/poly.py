"""Small exact polynomials over named atoms.

Index expressions of OpenCL kernels are mostly sums of products of work-item ids,
sizes and scalar arguments (``row * n + col``).  Keeping them as polynomials with
rational coefficients lets one symbolic result serve every launch: the launch's
numbers are substituted late, and the remaining id/loop atoms are bounded over a box.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Iterable, Mapping

Monomial = tuple[str, ...]  # sorted atom names, repeated for powers


_NONE: frozenset = frozenset()


@dataclass(frozen=True)
class Poly:
    terms: tuple[tuple[Monomial, Fraction], ...]  # sorted, no zero coefficients
    #: the analysis's wrap-around checks of the integers this value was computed
    #: from (not part of its value: equal polynomials compare equal whatever they carry)
    wraps: frozenset = field(default=_NONE, compare=False, repr=False)

    # construction -----------------------------------------------------------
    @staticmethod
    def _make(d: Mapping[Monomial, Fraction], wraps: frozenset = _NONE) -> "Poly":
        return Poly(tuple(sorted((m, c) for m, c in d.items() if c != 0)), wraps)

    @staticmethod
    def const(value: int | Fraction) -> "Poly":
        return Poly._make({(): Fraction(value)})

    @staticmethod
    def atom(name: str) -> "Poly":
        return Poly(((((name,), Fraction(1))),))

    def _dict(self) -> dict[Monomial, Fraction]:
        return dict(self.terms)

    # arithmetic -------------------------------------------------------------
    def __add__(self, other: "Poly | int") -> "Poly":
        other = _lift(other)
        d = self._dict()
        for m, c in other.terms:
            d[m] = d.get(m, Fraction(0)) + c
        return Poly._make(d, self.wraps | other.wraps if other.wraps else self.wraps)

    __radd__ = __add__

    def __neg__(self) -> "Poly":
        return Poly(tuple((m, -c) for m, c in self.terms), self.wraps)

    def __sub__(self, other: "Poly | int") -> "Poly":
        return self + (-_lift(other))

    def __rsub__(self, other: "Poly | int") -> "Poly":
        return _lift(other) - self

    def __mul__(self, other: "Poly | int") -> "Poly":
        other = _lift(other)
        d: dict[Monomial, Fraction] = {}
        for m1, c1 in self.terms:
            for m2, c2 in other.terms:
                m = tuple(sorted(m1 + m2))
                d[m] = d.get(m, Fraction(0)) + c1 * c2
        return Poly._make(d, self.wraps | other.wraps if other.wraps else self.wraps)

    __rmul__ = __mul__

    # inspection -------------------------------------------------------------
    @property
    def atoms(self) -> frozenset[str]:
        return frozenset(a for m, _ in self.terms for a in m)

    def is_const(self) -> bool:
        return all(m == () for m, _ in self.terms)

    def const_value(self) -> Fraction:
        return dict(self.terms).get((), Fraction(0))

    def coeff(self, atom: str) -> Fraction:
        """Coefficient of the degree-1 monomial ``atom``."""
        return dict(self.terms).get((atom,), Fraction(0))

    def is_multilinear(self) -> bool:
        return all(len(set(m)) == len(m) for m, _ in self.terms)

    def is_affine(self) -> bool:
        return all(len(m) <= 1 for m, _ in self.terms)

    # evaluation -------------------------------------------------------------
    def subs(self, values: Mapping[str, "Poly | int | Fraction"]) -> "Poly":
        out = Poly.const(0)
        for m, c in self.terms:
            t = Poly.const(c)
            for a in m:
                v = values.get(a)
                t = t * (Poly.atom(a) if v is None else _lift(v))
            out = out + t
        return Poly(out.terms, self.wraps | out.wraps) if self.wraps else out

    def bounds(self, box: Mapping[str, tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction] | None:
        """Exact min/max over a box of a multilinear polynomial (extremes lie at corners).

        An affine one is bounded term by term; another is evaluated at each corner
        with plain fractions, not rebuilt as polynomials (a launch's pricing bounds
        dozens of them: 60 % of its time went to that on the CI machine)."""
        if not self.is_multilinear():
            return None
        names = sorted(self.atoms)
        if any(n not in box for n in names) or len(names) > 14:
            return None
        if self.is_affine():
            lo = hi = self.const_value()
            for m, c in self.terms:
                if m:
                    a, b = box[m[0]]
                    x, y = c * a, c * b
                    lo, hi = (lo + x, hi + y) if x <= y else (lo + y, hi + x)
            return lo, hi
        at = {n: i for i, n in enumerate(names)}
        sides = [box[n] for n in names]
        whole = all(Fraction(c).denominator == 1 for _, c in self.terms) and all(
            Fraction(x).denominator == 1 for side in sides for x in side)
        if whole:  # (integers: exact, and several times quicker than fractions)
            sides = [(int(a), int(b)) for a, b in sides]
        terms = [(int(c) if whole else c, tuple(at[a] for a in m)) for m, c in self.terms]
        lo = hi = None
        for corner in product(*sides):
            v = 0
            for c, idx in terms:
                for i in idx:
                    c = c * corner[i]
                v += c
            lo = v if lo is None or v < lo else lo
            hi = v if hi is None or v > hi else hi
        return Fraction(lo), Fraction(hi)

    def __str__(self) -> str:
        if not self.terms:
            return "0"
        parts = []
        for m, c in sorted(self.terms, key=lambda t: (-len(t[0]), t[0])):
            mono = "*".join(m)
            if not mono:
                s = _num(abs(c))
            elif abs(c) == 1:
                s = mono
            else:
                s = f"{_num(abs(c))}*{mono}"
            parts.append(("- " if c < 0 else "+ ") + s)
        text = " ".join(parts)
        return text[2:] if text.startswith("+ ") else "-" + text[2:]


def _num(c: Fraction) -> str:
    return str(c.numerator) if c.denominator == 1 else f"({c.numerator}/{c.denominator})"


def _lift(v: "Poly | int | Fraction") -> Poly:
    return v if isinstance(v, Poly) else Poly.const(v)


def poly_sum(items: Iterable[Poly]) -> Poly:
    out = Poly.const(0)
    for p in items:
        out = out + p
    return out
