"""Abstract values of the kernel walk: integers as polynomials, pointers as base+offset.

A pointer value maps each buffer it may point into to its byte offset from that
buffer's start (``None`` when unknown).  Bases are argument indices, or one of
``"local"``, ``"private"`` (memory that never leaves the work-group) and ``"?"``
(could be any buffer: every access through it is charged to every buffer).
"""
from __future__ import annotations

from typing import Dict, Union

from .poly import Poly

Base = Union[int, str]
PtrVal = Dict[Base, Union[Poly, None]]
Value = Union[Poly, PtrVal, None]

ID_FUNCS = {
    "get_global_id": "gid", "get_local_id": "lid", "get_group_id": "grp",
    "get_global_size": "gsz", "get_local_size": "lsz", "get_num_groups": "ngr",
    "get_global_offset": "off",
}
#: builtins whose values the offset launch mode must remap
REMAPPED = ("get_group_id", "get_global_id", "get_global_size", "get_num_groups",
            "get_global_offset", "get_global_linear_id")
SIZE_PREFIXES = ("gsz", "lsz", "ngr")


def ptr_add(p: PtrVal, delta: Poly | None) -> PtrVal:
    return {b: (o + delta if o is not None and delta is not None else None)
            for b, o in p.items()}


def widen(v: Value) -> Value:
    """Forget what is known about a value but keep the buffers a pointer may reach."""
    if isinstance(v, dict):
        return {b: None for b in v}
    return None


def join(a: Value, b: Value) -> Value:
    if a == b:  # (equal values: the wrap-around checks of both)
        if isinstance(a, Poly) and isinstance(b, Poly):
            return Poly(a.terms, a.wraps | b.wraps)
        if isinstance(a, dict) and isinstance(b, dict):
            return {k: join(o, b[k]) for k, o in a.items()}
        return a
    if isinstance(a, dict) or isinstance(b, dict):
        bases = set(a or {}) | set(b or {}) if isinstance(a, dict) and isinstance(b, dict) \
            else {"?"}
        return {x: None for x in bases}
    return None


def join_env(e1: dict, e2: dict) -> dict:
    return {k: join(e1[k], e2[k]) for k in e1.keys() & e2.keys()}


def is_positive(p: Poly) -> bool:
    """Certainly > 0: a positive constant, or positive multiples of launch sizes."""
    if p.is_const():
        return p.const_value() > 0
    return all(c > 0 for _, c in p.terms) and all(
        a.startswith(SIZE_PREFIXES) for a in p.atoms)
