"""The shape of a ``for`` loop: its header's parts, induction variable and trip count."""
from __future__ import annotations

import clang.cindex as ci

from .cursors import assigned_decls, children
from .frontend import binary_op, strip, unary_op
from .poly import Poly

K = ci.CursorKind


def for_parts(c: ci.Cursor):
    """(init, cond, inc, body) of a for statement, located by the header's semicolons."""
    kids = children(c)
    if not kids:
        return None
    body = kids[-1]
    toks = list(c.get_tokens())
    depth, semis = 0, []
    start = None
    for t in toks:
        s = t.spelling
        if s == "(":
            depth += 1
            if depth == 1 and start is None:
                start = t.extent.start.offset
        elif s == ")":
            depth -= 1
            if depth == 0 and start is not None:
                break
        elif s == ";" and depth == 1:
            semis.append(t.extent.start.offset)
    if len(semis) != 2:
        return None
    parts: list = [None, None, None]
    for x in kids[:-1]:
        o = x.extent.start.offset
        parts[0 if o < semis[0] else 1 if o < semis[1] else 2] = x
    return parts[0], parts[1], parts[2], body


def induction(inc, body, cond):
    """(decl key, step expression or None for 1, counts up?) of ``i++``-like increments."""
    if inc is None:
        return None
    x = strip(inc)
    tgt, step, up = None, None, True
    if x.kind == K.UNARY_OPERATOR and unary_op(x) in ("++", "--"):
        tgt, up = strip(children(x)[0]), unary_op(x) == "++"
    elif x.kind == K.COMPOUND_ASSIGNMENT_OPERATOR and binary_op(x) in ("+=", "-="):
        a, b = children(x)
        tgt, step, up = strip(a), b, binary_op(x) == "+="
    elif x.kind == K.BINARY_OPERATOR and binary_op(x) == "=":
        a, b = children(x)
        bb = strip(b)
        if bb.kind == K.BINARY_OPERATOR and binary_op(bb) == "+":
            l, r = children(bb)
            ta = strip(a)
            if strip(l).kind == K.DECL_REF_EXPR and ta.kind == K.DECL_REF_EXPR and \
                    strip(l).referenced == ta.referenced:
                tgt, step = ta, r
    if tgt is None or tgt.kind != K.DECL_REF_EXPR or tgt.referenced is None:
        return None
    key = tgt.referenced.hash
    if key in assigned_decls(body) or (cond is not None and key in assigned_decls(cond)):
        return None
    return key, step, up


def trip_count(lo: Poly, hi: Poly, step: Poly) -> Poly:
    """Iterations of one run of the loop, ids taken at 0 (a static estimate, eq. 5.3)."""
    zero = {a: 0 for a in (lo.atoms | hi.atoms)
            if a[:3] in ("gid", "lid", "grp", "off") or a.startswith("loop")}
    span = (hi - lo + 1).subs(zero)
    if step.is_const():
        return span * (1 / step.const_value())
    if len(step.terms) == 1 and len(step.terms[0][0]) == 1:
        (m, c), = step.terms
        return span * Poly.atom("inv_" + m[0]) * (1 / c)
    return span
