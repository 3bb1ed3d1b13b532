"""Symbolic walk of one kernel: every buffer access, loop and synchronisation.

The walk is flow-sensitive along straight-line code and widens at joins (branches,
loop heads), so a value is only trusted where it cannot have changed.  Helper
functions are walked in place with their actual arguments bound, which follows
pointers through calls, casts and ``char*`` offset arithmetic alike.
"""
from __future__ import annotations

from dataclasses import replace

import clang.cindex as ci

from .cursors import (UNSIGNED, assigned_decls, children, has_kind, int_range, is_int, is_ptr,
                      only_returns)
from .exprs import Ctx, ExprWalker
from .frontend import address_space, binary_op, strip, unary_op
from .loops import for_parts, induction, trip_count
from .kernel_analysis import Access, Guard, LoopVar
from .kernel_types import WrapCheck
from .poly import Poly
from .values import Value, is_positive, join, join_env, widen

K = ci.CursorKind
#: a conjunction of guards, or None where a condition gives none that can be used
Guards = list[Guard] | None

__all__ = ["Ctx", "KernelWalker"]


class KernelWalker(ExprWalker):
    """Collects the facts of one kernel; see :func:`walk_kernel`."""

    def __init__(self, functions: dict[str, ci.Cursor], spaces: dict[int, str],
                 prototypes: frozenset[str] = frozenset()):
        self.functions = functions
        self.prototypes = prototypes  # declared in the program, defined nowhere
        self.spaces = spaces  # arg index -> space
        self.accesses: list[Access] = []
        self.loops: dict[str, LoopVar] = {}
        self.atomics: set[str] = set()
        self.global_atomics: list[str] = []
        #: buffer argument -> every global atomic on it is additive with its result unused
        self.atomic_args: dict[int, bool] = {}
        #: the call an expression statement consists of (its value is thrown away)
        self.discarded: int | None = None
        self.uses_barrier = False
        self.helper_remapped = False
        self.reasons: list[str] = []
        #: declarations whose address the program takes (no loop counts on them)
        self.escaped: set[int] = set()
        #: integers computed in types that wrap (see :meth:`ExprWalker.ev`)
        self.wrap_checks: set = set()
        self.cost_stack: list[list[Poly]] = [[]]
        self.quiet = 0
        self.depth = 0
        self._n = 0
        #: pointer variable -> every buffer assigned to it while a loop is walked quietly
        self.pointer_sets: dict[int, set] | None = None
        #: label -> the variables' values at each goto jumping forward to it
        self.jumps: dict[int, list[dict]] = {}

    # ------------------------------------------------------------ recording
    def _record(self, ptr: Value, kind: str, width: int | None, ctx: Ctx,
                atomic: bool = False, partial: bool = False, name: str = "",
                additive: bool = False) -> None:
        if self.quiet:
            return
        if not isinstance(ptr, dict):
            ptr = {"?": None}
        self.commit(ptr)
        for base, off in ptr.items():
            if atomic and base not in ("local", "private"):
                self.global_atomics.append(name)
                if isinstance(base, int):
                    self.atomic_args[base] = self.atomic_args.get(base, True) and additive
                else:  # an atomic through a pointer of unknown origin: no aggregation
                    self.reasons.append(f"{name} on a global pointer of unknown origin")
            if base == "?":
                targets = [(a, None) for a, s in self.spaces.items() if s in ("global", "constant")]
            elif isinstance(base, int) and self.spaces.get(base) in ("global", "constant"):
                targets = [(base, off)]
            else:
                targets = []
            for arg, o in targets:
                exact = ctx.exact and not partial and o is not None and width is not None
                self.accesses.append(Access(arg, kind, o if width else None, width,
                                            ctx.guards, exact, atomic))

    def _fresh(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}{self._n}"

    # ------------------------------------------------------------ statements
    def block(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Ctx:
        for s in children(c):
            ctx = self.stmt(s, env, ctx)
        return ctx

    def stmt(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Ctx:
        k = c.kind
        if k == K.COMPOUND_STMT:
            return self.block(c, env, ctx)
        if k == K.DECL_STMT:
            for v in children(c):
                if v.kind == K.VAR_DECL:
                    self.var_decl(v, env, ctx)
            return ctx
        if k == K.IF_STMT:
            return self.if_stmt(c, env, ctx)
        if k == K.FOR_STMT:
            self.for_stmt(c, env, ctx)
            return _after_leaving(c, ctx)
        if k in (K.WHILE_STMT, K.DO_STMT, K.SWITCH_STMT):
            self.opaque_loop(c, env, ctx)
            return _after_leaving(c, ctx)
        if k == K.RETURN_STMT:
            for e in children(c):
                self.ret = self.ev(e, env, ctx)
            return replace(ctx, exact=False)
        if k == K.GOTO_STMT:
            self.goto_stmt(c, env)
        if k == K.LABEL_STMT:
            self.label_stmt(c, env)
        if k in (K.BREAK_STMT, K.CONTINUE_STMT, K.GOTO_STMT):
            return replace(ctx, exact=False)
        if k in (K.NULL_STMT, K.LABEL_REF):
            return ctx
        if k.is_expression() or k == K.UNEXPOSED_EXPR:
            inner = strip(c)
            if inner.kind == K.CSTYLE_CAST_EXPR and children(inner):  # (void)atomic_inc(p)
                inner = strip(children(inner)[-1])
            saved, self.discarded = self.discarded, (
                inner.hash if inner.kind == K.CALL_EXPR else None)
            try:
                self.ev(c, env, ctx)
            finally:
                self.discarded = saved
            return ctx
        for s in children(c):  # labels, attributed statements, anything unusual
            ctx = self.stmt(s, env, replace(ctx, exact=False))
        return ctx

    def goto_stmt(self, c: ci.Cursor, env: dict) -> None:
        """A goto forward hands the label its values; one backward is a loop the walk,
        going through each statement once, does not follow."""
        label = next((x.referenced for x in children(c) if x.kind == K.LABEL_REF), None)
        if label is None or label.extent.start.offset < c.extent.start.offset:
            self.reasons.append("a loop made of a label and a goto back to it")
        else:
            self.jumps.setdefault(label.hash, []).append(dict(env))

    def label_stmt(self, c: ci.Cursor, env: dict) -> None:
        """What follows a label is reached from each goto to it too, with its values."""
        for seen in self.jumps.get(c.hash, []):
            for key, v in env.items():
                env[key] = join(v, seen[key]) if key in seen else \
                    ({"?": None} if isinstance(v, dict) else None)

    def var_decl(self, v: ci.Cursor, env: dict, ctx: Ctx) -> None:
        t = v.type
        key = v.hash
        init = [e for e in children(v) if e.kind.is_expression() or e.kind == K.UNEXPOSED_EXPR]
        val = self.ev(init[-1], env, ctx) if init else None
        if t.get_canonical().kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY):
            env[key] = {"local" if address_space(t) == "local" else "private": None}
        elif is_ptr(t):
            env[key] = val if isinstance(val, dict) else {"?": None}
        elif is_int(t):
            env[key] = val if isinstance(val, Poly) else None
        else:
            env[key] = None

    def if_stmt(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Ctx:
        kids = children(c)
        cond, then = kids[0], kids[1]
        other = kids[2] if len(kids) > 2 else None
        g, neg = self.guards(cond, dict(env))  # before the condition's own ++ or =
        self.ev(cond, env, ctx)
        t_ctx = Ctx(ctx.guards + tuple(g), ctx.exact) if g is not None else replace(ctx, exact=False)
        e_ctx = Ctx(ctx.guards + tuple(neg), ctx.exact) if neg is not None else replace(ctx, exact=False)
        env_t, env_e = dict(env), dict(env)
        self.stmt(then, env_t, t_ctx)
        if other is not None:
            self.stmt(other, env_e, e_ctx)
        merged = join_env(env_t, env_e)
        env.clear()
        env.update(merged)
        if other is None and only_returns(then):
            return e_ctx  # early exit: what follows runs only where the condition failed
        if has_kind(then, _EXITS) or (other is not None and has_kind(other, _EXITS)):
            return replace(ctx, exact=False)
        return ctx

    def guards(self, cond: ci.Cursor, env: dict) -> tuple[Guards, Guards]:
        """What holds where ``cond`` is true and where it is false, each a conjunction
        of guards or None: ``if (x >= w || y >= h) return;`` leaves ``x < w`` and
        ``y < h`` in force after it. Operands are walked once, in order, in ``env``."""
        c = strip(cond)
        self.quiet += 1
        try:
            if c.kind == K.UNARY_OPERATOR and unary_op(c) == "!":
                t, f = self.guards(children(c)[0], env)
                return f, t
            if c.kind != K.BINARY_OPERATOR:
                return None, None
            op = binary_op(c)
            a, b = children(c)
            if op in ("&&", "||"):
                (ta, fa), (tb, fb) = self.guards(a, env), self.guards(b, env)
                if op == "&&":
                    return _both(ta, tb), None
                return None, _both(fa, fb)
            if op in ("==", "!=", "<", "<=", ">", ">="):
                x, y = self.ev(a, env, Ctx()), self.ev(b, env, Ctx())
                if isinstance(x, Poly) and isinstance(y, Poly):
                    self.unsigned_sides(c, x, y)
                    self.commit(x, y)
                    if op in ("==", "!="):
                        eq = [Guard(x, y + 1), Guard(y, x + 1)]
                        return (eq, None) if op == "==" else (None, eq)
                    g = {"<": Guard(x, y), "<=": Guard(x, y + 1),
                         ">": Guard(y, x), ">=": Guard(y, x + 1)}[op]
                    return [g], [Guard(g.rhs, g.lhs + 1)]
            return None, None
        finally:
            self.quiet -= 1

    def unsigned_sides(self, cmp: ci.Cursor, *sides: Poly) -> None:
        """An unsigned comparison (``(uint)(i - lo) < len``) of the sides' math values
        holds on the device only while no side is below zero or past its type: each
        launch checks that before it trusts the guard or loop bound built on it."""
        t = children(cmp)[0].type
        if not is_int(t) or t.get_canonical().kind not in UNSIGNED:
            return
        hi = (int_range(t) or (0, 2 ** 64 - 1))[1]
        for v in sides:
            self.wrap_checks.add(WrapCheck(Poly(v.terms), 0, hi))

    def opaque_loop(self, c: ci.Cursor, env: dict, ctx: Ctx) -> None:
        """while/do/switch: nothing assigned inside is trusted, nothing inside is exact."""
        self._widen_assigned(c, env)
        self._loop_pointers(c, children(c), env, ctx)
        inner = dict(env)
        for s in children(c):
            self.stmt(s, inner, replace(ctx, exact=False))
        self._widen_assigned(c, env)

    def _loop_pointers(self, c: ci.Cursor, parts: list, env: dict, ctx: Ctx) -> None:
        """A pointer assigned in a loop, a switch's case or a while may hold, in a later
        pass or after it, what any assignment inside gave it (``t = src; src = dst;
        dst = t;``): walk it quietly until each such pointer's buffers include every
        buffer it can reach."""
        keys = [k for k in assigned_decls(c) if isinstance(env.get(k), dict)]
        for _ in range(8 if keys else 0):
            inner = dict(env)
            self.quiet += 1
            outer, self.pointer_sets = self.pointer_sets, {k: set() for k in keys}
            try:
                for s in parts:
                    self.stmt(s, inner, replace(ctx, exact=False))
                seen = self.pointer_sets
            finally:
                self.quiet -= 1
                self.pointer_sets = outer
            grown = False
            for k in keys:
                v = inner.get(k)
                new = (set(v) if isinstance(v, dict) else {"?"}) | seen[k]
                if not new <= set(env[k]):
                    env[k] = {b: None for b in set(env[k]) | new}
                    grown = True
            if not grown:
                return
        for k in keys:
            env[k] = {"?": None}

    def _widen_assigned(self, c: ci.Cursor, env: dict) -> None:
        for key in assigned_decls(c):
            if key in env:
                env[key] = widen(env[key])

    def for_stmt(self, c: ci.Cursor, env: dict, ctx: Ctx) -> None:
        parts = for_parts(c)
        if parts is None:
            self.opaque_loop(c, env, ctx)
            return
        init, cond, inc, body = parts
        if init is not None:
            self.stmt(init, env, ctx)
        entry = dict(env)
        self._widen_assigned(c, env)
        self._loop_pointers(c, [body] + ([inc] if inc is not None else []), env, ctx)
        var = induction(inc, body, cond)
        if var is not None and var[0] in self.escaped:
            var = None  # changed through a pointer too
        atom = None
        exact_loop = not has_kind(body, _EXITS)
        trip: Poly | None = None
        if var is not None:
            key, step_cur, up = var
            start = entry.get(key)
            self.quiet += 1
            step = self.ev(step_cur, env, Ctx()) if step_cur is not None else Poly.const(1)
            bound = self._loop_bound(cond, key, dict(env))
            self.quiet -= 1
            if isinstance(start, Poly) and isinstance(step, Poly) and bound is not None:
                op, limit = bound
                if not up:
                    step = -step
                ok = is_positive(step) and (op in ("<", "<=", "!=") if up else op in (">", ">="))
                if ok and op == "!=" and step != Poly.const(1):
                    ok = False
                if ok:
                    self.unsigned_sides(strip(cond), start, limit)
                    self.commit(start, limit, step)
                    if op == "!=":
                        # reaches its limit only from below; from above the counter
                        # wraps around its type first (``uchar c = 250; c != 4``)
                        self.wrap_checks.add(WrapCheck(Poly((limit - start).terms), 0,
                                                       2 ** 63 - 1, tuple(ctx.guards)))
                    atom = self._fresh("loop")
                    if up:
                        lo, hi = start, (limit if op == "<=" else limit - 1)
                    else:
                        lo, hi = (limit if op == ">=" else limit + 1), start
                    self.loops[atom] = LoopVar(atom, lo, hi,
                                               exact_loop and step == Poly.const(1))
                    env[key] = Poly.atom(atom)
                    trip = trip_count(lo, hi, step)
        body_ctx = ctx if atom is not None else replace(ctx, exact=False)
        if atom is not None and not exact_loop:
            body_ctx = replace(ctx, exact=False)
        if cond is not None:
            self.ev(cond, env, body_ctx)
        self.cost_stack.append([])
        inner = dict(env)
        self.stmt(body, inner, body_ctx)
        if inc is not None:
            self.ev(inc, inner, body_ctx)
        costs = self.cost_stack.pop()
        if not self.quiet:
            inner_cost = sum(costs, Poly.const(0)) if costs else Poly.const(1)
            self.cost_stack[-1].append((trip if trip is not None else Poly.const(1)) * inner_cost)
        self._widen_assigned(c, env)
        env.update({k: v for k, v in join_env(env, inner).items() if k in env})
        if var is not None and var[0] in env:
            env[var[0]] = None

    def _loop_bound(self, cond, key, env) -> tuple[str, Poly] | None:
        if cond is None:
            return None
        c = strip(cond)
        if c.kind != K.BINARY_OPERATOR:
            return None
        op = binary_op(c)
        a, b = (strip(x) for x in children(c))
        flip = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "!=": "!="}
        if op not in flip:
            return None
        if a.kind == K.DECL_REF_EXPR and a.referenced is not None and a.referenced.hash == key:
            other = b
        elif b.kind == K.DECL_REF_EXPR and b.referenced is not None and b.referenced.hash == key:
            other, op = a, flip[op]
        else:
            return None
        lim = self.ev(other, env, Ctx())
        if not isinstance(lim, Poly) or any(x.startswith("loop") and x not in self.loops
                                            for x in lim.atoms):
            return None
        return op, lim


_EXITS = (K.RETURN_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.GOTO_STMT)


def _after_leaving(c: ci.Cursor, ctx: Ctx) -> Ctx:
    """A loop or switch holding a ``return`` or ``goto`` may leave the function from
    inside, so what follows it runs only for some work-items: no write after it is
    known to cover its range."""
    if has_kind(c, (K.RETURN_STMT, K.GOTO_STMT)):
        return replace(ctx, exact=False)
    return ctx


def _both(a: Guards, b: Guards) -> Guards:
    return None if a is None or b is None else a + b
