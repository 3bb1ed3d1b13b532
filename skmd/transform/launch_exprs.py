"""Integer expressions of launch constants that a polynomial cannot hold.

``n / 2``, ``n % 4``, ``w >> 1`` or ``n & ~7`` of scalar arguments and sizes is one
number for the whole launch: the walk keeps each as one atom (its name encodes the
operation, the operands' polynomials and the C type), and a launch's values give it
its value with C's integer semantics (division truncates toward zero; unsigned types
wrap around; a signed operand out of its type, a shift of a negative value or by the
width, or a division by zero leaves the atom unknown, which every caller treats as a
bound it cannot give).  So ``in[i + n / 2]`` is an access whose range a launch fixes.
"""
from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Callable
from .poly import Poly

PREFIX = "@"
OPS = frozenset(("/", "%", ">>", "&", "|", "^"))
#: atoms a launch fixes (scalar arguments and sizes) besides these expressions
_FIXED = re.compile(r"(arg\d+|gsz\d|lsz\d|ngr\d|wdim)$")


def fixed(p: Poly) -> bool:
    """Whether ``p`` is made of constants, scalars and sizes only (a launch fixes it)."""
    return all(a.startswith(PREFIX) or _FIXED.match(a) for a in p.atoms)


def atom(op: str, x: Poly, y: Poly, bits: int, unsigned: bool) -> Poly:
    """``x op y`` of a C integer type of ``bits`` bits, as one atom."""
    name = PREFIX + json.dumps([op, bits, unsigned, _enc(x), _enc(y)], separators=(",", ":"))
    return Poly(Poly.atom(name).terms, x.wraps | y.wraps)


def _enc(p: Poly) -> list:
    return [[list(m), c.numerator, c.denominator] for m, c in p.terms]


def _dec(t: list) -> Poly:
    return Poly(tuple((tuple(m), Fraction(n, d)) for m, n, d in t))


def describe(name: str, pretty: Callable[[str], str]) -> str:
    """The expression an atom stands for, as C would write it, ``pretty`` naming the
    atoms of its operands (``(n / 2)``)."""
    op, _, _, xs, ys = json.loads(name[len(PREFIX):])
    sides = []
    for t in (xs, ys):
        q = _dec(t)
        sides.append(str(q.subs({a: Poly.atom(pretty(a)) for a in q.atoms})))
    return f"({sides[0]} {op} {sides[1]})"


def resolve(p: Poly, values: dict) -> dict:
    """``values`` with the value of every expression atom of ``p`` a launch's
    ``values`` fix added (kept there for the next call); returns ``values``."""
    for a in p.atoms:
        if a.startswith(PREFIX) and a not in values:
            v = _value(a, values)
            if v is not None:
                values[a] = v
    return values


def _value(name: str, values: dict) -> int | None:
    op, bits, unsigned, xs, ys = json.loads(name[len(PREFIX):])
    sides = []
    for t in (xs, ys):
        q = _dec(t)
        q = q.subs(resolve(q, values))
        if not q.is_const() or q.const_value().denominator != 1:
            return None
        sides.append(int(q.const_value()))
    return evaluate(op, sides[0], sides[1], bits, unsigned)


def evaluate(op: str, x: int, y: int, bits: int, unsigned: bool) -> int | None:
    """``x op y`` as C computes it on operands of a ``bits``-bit type."""
    if unsigned:
        x, y = x % 2 ** bits, y % 2 ** bits
    elif not all(-2 ** (bits - 1) <= v < 2 ** (bits - 1) for v in (x, y)):
        return None  # (a signed operand past its type: undefined, so unknown)
    if op in ("/", "%"):
        if y == 0 or (not unsigned and x == -2 ** (bits - 1) and y == -1):
            return None
        q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)  # toward zero
        r = q if op == "/" else x - q * y
    elif op == ">>":
        if not 0 <= y < bits or x < 0:
            return None
        r = x >> y
    else:
        r = {"&": x & y, "|": x | y, "^": x ^ y}[op]
    return r % 2 ** bits if unsigned else r

