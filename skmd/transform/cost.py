"""Static cost function f(x1..xn) of thesis §5.3: loop trip counts, multiplied when nested.

The model of eq. 5.3 (``y = b1*T*f(x) + b2*T``) needs only relative work per
work-item, so ids are taken at zero and unknown trip counts count as one.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from . import launch_exprs
from .kernel_types import Launch
from .poly import Poly
from .ranges import launch_values

if TYPE_CHECKING:
    from .kernel_types import ArgInfo
    from .kernel_analysis import KernelAnalysis

_SIZE_NAMES = {"gsz": "global_size", "lsz": "local_size", "ngr": "num_groups"}


def cost_poly(loop_costs: Sequence[Poly]) -> Poly:
    """Sequential loops add up; a kernel without loops costs one."""
    total = Poly.const(0)
    for p in loop_costs:
        total = total + p
    return total if loop_costs else Poly.const(1)


def _pretty_atom(atom: str, args: Sequence["ArgInfo"]) -> str:
    if atom.startswith("inv_"):
        return "1/" + _pretty_atom(atom[4:], args)
    if atom.startswith("arg") and atom[3:].isdigit():
        i = int(atom[3:])
        return args[i].name if i < len(args) and args[i].name.isidentifier() else atom
    if atom[:3] in _SIZE_NAMES:
        return f"{_SIZE_NAMES[atom[:3]]}{atom[3:]}"
    if atom.startswith(launch_exprs.PREFIX):
        return launch_exprs.describe(atom, lambda a: _pretty_atom(a, args))
    return atom


def format_cost(p: Poly, args: Sequence["ArgInfo"]) -> str:
    names = {a: Poly.atom(_pretty_atom(a, args)) for a in p.atoms}
    return str(p.subs(names))


def evaluate_cost(ka: "KernelAnalysis", launch: Launch) -> float:
    p = ka.cost_poly if isinstance(ka.cost_poly, Poly) else Poly.const(1)
    vals: dict[str, Fraction | int] = dict(launch_values(launch))
    for a in p.atoms:
        if a.startswith("inv_") and vals.get(a[4:]):
            vals[a] = Fraction(1, int(vals[a[4:]]))
    for i, v in launch.scalars.items():  # float scalars may bound loops too
        vals.setdefault(f"arg{i}", Fraction(v).limit_denominator(1 << 20))
    q = p.subs(launch_exprs.resolve(p, vals))
    q = q.subs({a: 1 for a in q.atoms})
    return max(float(q.const_value()), 0.0)
