"""Byte ranges of a work-group row range, from the symbolic accesses (thesis §3.2.2).

A launch fixes every size and scalar; what is left of an access offset is a
polynomial in work-item ids and loop counters.  Each of those ranges over an
interval (the ids over the box of the chosen rows, loop counters over their
bounds, both tightened by simple ``x < n`` guards), and a multilinear polynomial
takes its extremes at the corners of that box.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

from . import launch_exprs
from .kernel_types import Access, Launch, WrapCheck
from .poly import Poly

if TYPE_CHECKING:
    from .kernel_analysis import KernelAnalysis

Box = dict[str, tuple[Fraction, Fraction]]


def launch_values(launch: Launch) -> dict[str, int | float]:
    """Numbers for every atom a launch fixes (sizes, scalar args, ids of absent dims)."""
    dims = len(launch.global_size)
    vals: dict[str, int | float] = {"wdim": dims}
    for d in range(3):
        if d < dims:
            g, l = launch.global_size[d], launch.local_size[d]
            vals.update({f"gsz{d}": g, f"lsz{d}": l, f"ngr{d}": -(-g // l), f"off{d}": 0})
        else:
            vals.update({f"gsz{d}": 1, f"lsz{d}": 1, f"ngr{d}": 1, f"off{d}": 0,
                         f"gid{d}": 0, f"lid{d}": 0, f"grp{d}": 0})
    for i, v in launch.scalars.items():
        if isinstance(v, (int, float)) and float(v) == int(v):
            vals[f"arg{i}"] = int(v)
    return vals


def id_box(launch: Launch, groups: tuple[int, int]) -> Box:
    box: Box = {}
    sd = launch.split_dim
    for d in range(len(launch.global_size)):
        l = launch.local_size[d]
        n = -(-launch.global_size[d] // l)
        a, b = (groups if d == sd else (0, n))
        box[f"grp{d}"] = (Fraction(a), Fraction(b - 1))
        box[f"lid{d}"] = (Fraction(0), Fraction(l - 1))
        box[f"gid{d}"] = (Fraction(a * l), Fraction(min(b * l, launch.global_size[d]) - 1))
    return box


class _Evaluator:
    """Intervals of ids and loop counters for one (launch, rows) pair."""

    def __init__(self, ka: "KernelAnalysis", launch: Launch, groups: tuple[int, int]):
        self.ka = ka
        self.launch = launch
        self.values = launch_values(launch)
        self.box = id_box(launch, groups)
        self.loop_box: dict[str, tuple[Fraction, Fraction] | None] = {}
        self.loop_exact: dict[str, bool] = {}

    def subs(self, p: Poly) -> Poly:
        return p.subs(launch_exprs.resolve(p, self.values))

    def loop_interval(self, atom: str) -> tuple[Fraction, Fraction] | None:
        if atom not in self.loop_box:
            self.loop_box[atom] = None  # breaks cycles
            lv = self.ka.loops.get(atom)
            res = None
            if lv is not None:
                lo, hi = self.subs(lv.lo), self.subs(lv.hi)
                bl, bh = self.bounds(lo), self.bounds(hi)
                if bl is not None and bh is not None:
                    res = (bl[0], bh[1])
                self.loop_exact[atom] = lv.exact and lo.is_const() and hi.is_const()
            self.loop_box[atom] = res
        return self.loop_box[atom]

    def bounds(self, p: Poly) -> tuple[Fraction, Fraction] | None:
        box = self.full_box(p)
        return None if box is None else p.bounds(box)

    def full_box(self, p: Poly, extra: Box | None = None) -> Box | None:
        box: Box = {}
        for a in p.atoms:
            if extra and a in extra:
                box[a] = extra[a]
            elif a in self.box:
                box[a] = self.box[a]
            elif a.startswith(("loop", "copy")):
                iv = self.loop_interval(a)
                if iv is None:
                    return None
                box[a] = iv
            else:
                return None  # a scalar the launch did not give, a float, ...
        return box


def _decompose(p: Poly, atoms: set[str], launch: Launch) -> Poly:
    """Write gid as grp*lsz+lid where an expression mixes it with either."""
    subs = {}
    for d in range(len(launch.global_size)):
        if f"gid{d}" in atoms and (f"grp{d}" in atoms or f"lid{d}" in atoms):
            subs[f"gid{d}"] = Poly.atom(f"grp{d}") * launch.local_size[d] + Poly.atom(f"lid{d}")
    return p.subs(subs) if subs else p


def access_interval(ev: _Evaluator, acc: Access):
    """(lo, hi_exclusive, dense) in bytes; "empty" if it cannot run; None if unbounded."""
    if acc.offset is None or acc.width is None:
        return None
    off = ev.subs(acc.offset)
    conds = [ev.subs(g.rhs - g.lhs) for g in acc.guards]  # each must be >= 1
    atoms = set(off.atoms)
    for c in conds:
        atoms |= c.atoms
    off = _decompose(off, atoms, ev.launch)
    conds = [_decompose(c, atoms, ev.launch) for c in conds]
    box = ev.full_box(off)
    if box is None:
        return None
    all_applied = True
    for c in conds:
        if c.is_const():
            if c.const_value() < 1:
                return "empty"
            continue
        if not c.is_affine() or len(c.atoms) != 1:
            all_applied = False
            continue
        (a,) = c.atoms
        k, c0 = c.coeff(a), c.const_value()
        if a in box:
            lo, hi = box[a]
        else:
            fb = ev.full_box(Poly.atom(a))
            if fb is None:
                all_applied = False
                continue
            lo, hi = fb[a]
        if k > 0:
            lo = max(lo, Fraction(math.ceil((1 - c0) / k)))
        else:
            hi = min(hi, Fraction(math.floor((1 - c0) / k)))
        if lo > hi:
            return "empty"
        if a in box:
            box[a] = (lo, hi)
    if any(lo > hi for lo, hi in box.values()):
        return "empty"
    b = off.bounds(box)
    if b is None:
        return None
    lo, hi = b[0], b[1] + acc.width
    dense = acc.exact and all_applied and off.is_affine() and _mixed_radix(off, box, acc.width, ev)
    return lo, hi, dense


def _mixed_radix(off: Poly, box: Box, width: int, ev: _Evaluator) -> bool:
    """Offsets sweep an interval without holes: strides nest like digits of a number."""
    for a in off.atoms:
        if a.startswith(("loop", "copy")) and not ev.loop_exact.get(a, False):
            return False
    digits = []
    for a in off.atoms:
        lo, hi = box[a]
        if hi > lo:
            digits.append((off.coeff(a), hi - lo + 1))
    digits.sort()
    need = Fraction(width)
    for coef, extent in digits:
        if coef != need:
            return False
        need = coef * extent
    return True


def _intervals(ka, arg, mode, launch, groups):
    ev = _Evaluator(ka, launch, groups)
    out = []
    for acc in ka.accesses:
        if acc.arg != arg or acc.kind != mode:
            continue
        r = access_interval(ev, acc)
        if r is None:
            return None
        if r != "empty":
            out.append(r)
    return out


def _clip(lo, hi, arg, launch) -> tuple[int, int]:
    size = launch.buffer_sizes.get(arg)
    lo_i, hi_i = max(0, math.floor(lo)), math.ceil(hi)
    if size is not None:
        hi_i = min(hi_i, size)
        lo_i = min(lo_i, hi_i)
    return lo_i, max(lo_i, hi_i)


def byte_range(ka: "KernelAnalysis", arg: int, mode: str, launch: Launch,
               groups: tuple[int, int]) -> tuple[int, int] | None:
    if mode not in ("read", "write"):
        raise ValueError(f"mode must be 'read' or 'write', not {mode!r}")
    if groups[0] >= groups[1]:
        return (0, 0)
    iv = _intervals(ka, arg, mode, launch, groups)
    if iv is None:
        return None
    if not iv:
        return (0, 0)
    return _clip(min(r[0] for r in iv), max(r[1] for r in iv), arg, launch)


def read_spread(ka: "KernelAnalysis", arg: int, launch: Launch,
                groups: tuple[int, int]) -> tuple[int, int] | None:
    """(bytes of the read range's hull, bytes its accesses' own ranges cover) for rows
    ``groups``: far apart when the first is many times the second (``a[i] + a[i + n/2]``
    reads two narrow ranges; a window over their hull moves every byte between)."""
    iv = _intervals(ka, arg, "read", launch, groups)
    if not iv:
        return None
    spans = sorted(_clip(lo, hi, arg, launch) for lo, hi, _ in iv)
    covered, end = 0, spans[0][0]
    for lo, hi in spans:
        if hi > end:
            covered += hi - max(lo, end)
            end = hi
    return end - spans[0][0], covered


def write_dense(ka: "KernelAnalysis", arg: int, launch: Launch, groups: tuple[int, int]) -> bool:
    rng = byte_range(ka, arg, "write", launch, groups)
    if rng is None:
        return False
    if rng[0] == rng[1]:
        return True
    iv = _intervals(ka, arg, "write", launch, groups) or []
    return any(d and _clip(lo, hi, arg, launch) == rng for lo, hi, d in iv)


def wrap_reason(ka: "KernelAnalysis", launch: Launch) -> str | None:
    """Why a value of ``ka.wrap_checks`` may leave its type over the whole launch (the
    accesses built on it would then be elsewhere than their polynomials say)."""
    checks: tuple[WrapCheck, ...] = getattr(ka, "wrap_checks", ())
    if not checks:
        return None
    sd = launch.split_dim
    ev = _Evaluator(ka, launch, (0, -(-launch.global_size[sd] // launch.local_size[sd])))
    for w in checks:
        r = access_interval(ev, Access(-1, "value", w.value, 0, w.guards))
        # unbounded: every access built on it is unbounded too, and judged so
        if r is not None and r != "empty" and (r[0] < w.lo or r[1] > w.hi):
            shown = w.value.subs({a: Poly.atom(launch_exprs.describe(a, str))
                                  for a in w.value.atoms if a.startswith(launch_exprs.PREFIX)})
            return f"an integer may wrap around its type: {shown} outside [{w.lo}, {w.hi}]"
    return None
