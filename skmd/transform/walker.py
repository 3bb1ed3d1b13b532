"""Symbolic walk of one kernel: every buffer access, loop and synchronisation.

The walk is flow-sensitive along straight-line code and widens at joins (branches,
loop heads), so a value is only trusted where it cannot have changed.  Helper
functions are walked in place with their actual arguments bound, which follows
pointers through calls, casts and ``char*`` offset arithmetic alike.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import clang.cindex as ci

from .frontend import address_space, binary_op, int_value, strip, unary_op
from .model import Access, Guard, LoopVar
from .poly import Poly
from .values import (ID_FUNCS, REMAPPED, PtrVal, Value, is_positive, join_env, ptr_add,
                     widen)

K = ci.CursorKind
_INT_KINDS = {ci.TypeKind.BOOL, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.USHORT,
              ci.TypeKind.UINT, ci.TypeKind.ULONG, ci.TypeKind.ULONGLONG, ci.TypeKind.CHAR_S,
              ci.TypeKind.SCHAR, ci.TypeKind.SHORT, ci.TypeKind.INT, ci.TypeKind.LONG,
              ci.TypeKind.LONGLONG, ci.TypeKind.ENUM}
_ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
_OUT_PTR_MATH = {"sincos", "fract", "modf", "frexp", "lgamma_r", "remquo"}


def _is_int(t: ci.Type) -> bool:
    return t.get_canonical().kind in _INT_KINDS


def _is_ptr(t: ci.Type) -> bool:
    return t.get_canonical().kind in (ci.TypeKind.POINTER, ci.TypeKind.CONSTANTARRAY,
                                      ci.TypeKind.INCOMPLETEARRAY)


def _size(t: ci.Type) -> int | None:
    s = t.get_canonical().get_size()
    return s if s and s > 0 else None


def _elem_size(t: ci.Type) -> int:
    t = t.get_canonical()
    inner = t.get_pointee() if t.kind == ci.TypeKind.POINTER else t.element_type
    return _size(inner) or 1


def _kids(c: ci.Cursor) -> list[ci.Cursor]:
    return list(c.get_children())


@dataclass(frozen=True)
class Ctx:
    guards: tuple[Guard, ...] = ()
    exact: bool = True


class KernelWalker:
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
        self.uses_barrier = False
        self.helper_remapped = False
        self.reasons: list[str] = []
        self.cost_stack: list[list[Poly]] = [[]]
        self.quiet = 0
        self.depth = 0
        self._n = 0

    # ------------------------------------------------------------ recording
    def _record(self, ptr: Value, kind: str, width: int | None, ctx: Ctx,
                atomic: bool = False, partial: bool = False, name: str = "") -> None:
        if self.quiet:
            return
        if not isinstance(ptr, dict):
            ptr = {"?": None}
        for base, off in ptr.items():
            if atomic and base not in ("local", "private"):
                self.global_atomics.append(name)
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
        for s in _kids(c):
            ctx = self.stmt(s, env, ctx)
        return ctx

    def stmt(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Ctx:
        k = c.kind
        if k == K.COMPOUND_STMT:
            return self.block(c, env, ctx)
        if k == K.DECL_STMT:
            for v in _kids(c):
                if v.kind == K.VAR_DECL:
                    self.var_decl(v, env, ctx)
            return ctx
        if k == K.IF_STMT:
            return self.if_stmt(c, env, ctx)
        if k == K.FOR_STMT:
            self.for_stmt(c, env, ctx)
            return ctx
        if k in (K.WHILE_STMT, K.DO_STMT, K.SWITCH_STMT):
            self.opaque_loop(c, env, ctx)
            return ctx
        if k == K.RETURN_STMT:
            for e in _kids(c):
                self.ret = self.ev(e, env, ctx)
            return replace(ctx, exact=False)
        if k in (K.BREAK_STMT, K.CONTINUE_STMT, K.GOTO_STMT):
            return replace(ctx, exact=False)
        if k in (K.NULL_STMT, K.LABEL_REF):
            return ctx
        if k.is_expression() or k == K.UNEXPOSED_EXPR:
            self.ev(c, env, ctx)
            return ctx
        for s in _kids(c):  # labels, attributed statements, anything unusual
            ctx = self.stmt(s, env, replace(ctx, exact=False))
        return ctx

    def var_decl(self, v: ci.Cursor, env: dict, ctx: Ctx) -> None:
        t = v.type
        key = v.hash
        init = [e for e in _kids(v) if e.kind.is_expression() or e.kind == K.UNEXPOSED_EXPR]
        val = self.ev(init[-1], env, ctx) if init else None
        if t.get_canonical().kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY):
            env[key] = {"local" if address_space(t) == "local" else "private": None}
        elif _is_ptr(t):
            env[key] = val if isinstance(val, dict) else {"?": None}
        elif _is_int(t):
            env[key] = val if isinstance(val, Poly) else None
        else:
            env[key] = None

    def if_stmt(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Ctx:
        kids = _kids(c)
        cond, then = kids[0], kids[1]
        other = kids[2] if len(kids) > 2 else None
        self.ev(cond, env, ctx)
        g = self.guards(cond, env)
        neg = _negate(g)
        t_ctx = Ctx(ctx.guards + tuple(g), ctx.exact) if g is not None else replace(ctx, exact=False)
        e_ctx = Ctx(ctx.guards + tuple(neg), ctx.exact) if neg is not None else replace(ctx, exact=False)
        env_t, env_e = dict(env), dict(env)
        self.stmt(then, env_t, t_ctx)
        if other is not None:
            self.stmt(other, env_e, e_ctx)
        merged = join_env(env_t, env_e)
        env.clear()
        env.update(merged)
        if other is None and _only_returns(then):
            return e_ctx  # early exit: what follows runs only where the condition failed
        if _has(then, _EXITS) or (other is not None and _has(other, _EXITS)):
            return replace(ctx, exact=False)
        return ctx

    def guards(self, cond: ci.Cursor, env: dict) -> list[Guard] | None:
        c = strip(cond)
        self.quiet += 1
        try:
            if c.kind == K.BINARY_OPERATOR:
                op = binary_op(c)
                a, b = _kids(c)
                if op == "&&":
                    ga, gb = self.guards(a, env), self.guards(b, env)
                    return None if ga is None or gb is None else ga + gb
                if op == "==":
                    x, y = self.ev(a, env, Ctx()), self.ev(b, env, Ctx())
                    if isinstance(x, Poly) and isinstance(y, Poly):
                        return [Guard(x, y + 1), Guard(y, x + 1)]
                if op in ("<", "<=", ">", ">="):
                    x, y = self.ev(a, env, Ctx()), self.ev(b, env, Ctx())
                    if isinstance(x, Poly) and isinstance(y, Poly):
                        return [{"<": Guard(x, y), "<=": Guard(x, y + 1),
                                 ">": Guard(y, x), ">=": Guard(y, x + 1)}[op]]
            return None
        finally:
            self.quiet -= 1

    def opaque_loop(self, c: ci.Cursor, env: dict, ctx: Ctx) -> None:
        """while/do/switch: nothing assigned inside is trusted, nothing inside is exact."""
        self._widen_assigned(c, env)
        inner = dict(env)
        for s in _kids(c):
            self.stmt(s, inner, replace(ctx, exact=False))
        self._widen_assigned(c, env)

    def _widen_assigned(self, c: ci.Cursor, env: dict) -> None:
        for key in _assigned(c):
            if key in env:
                env[key] = widen(env[key])

    def for_stmt(self, c: ci.Cursor, env: dict, ctx: Ctx) -> None:
        parts = _for_parts(c)
        if parts is None:
            self.opaque_loop(c, env, ctx)
            return
        init, cond, inc, body = parts
        if init is not None:
            self.stmt(init, env, ctx)
        entry = dict(env)
        self._widen_assigned(c, env)
        var = _induction(inc, body, cond)
        atom = None
        exact_loop = not _has(body, _EXITS)
        trip: Poly | None = None
        if var is not None:
            key, step_cur, up = var
            start = entry.get(key)
            self.quiet += 1
            step = self.ev(step_cur, env, Ctx()) if step_cur is not None else Poly.const(1)
            bound = self._loop_bound(cond, key, env)
            self.quiet -= 1
            if isinstance(start, Poly) and isinstance(step, Poly) and bound is not None:
                op, limit = bound
                if not up:
                    step = -step
                ok = is_positive(step) and (op in ("<", "<=", "!=") if up else op in (">", ">="))
                if ok and op == "!=" and step != Poly.const(1):
                    ok = False
                if ok:
                    atom = self._fresh("loop")
                    if up:
                        lo, hi = start, (limit if op == "<=" else limit - 1)
                    else:
                        lo, hi = (limit if op == ">=" else limit + 1), start
                    self.loops[atom] = LoopVar(atom, lo, hi,
                                               exact_loop and step == Poly.const(1))
                    env[key] = Poly.atom(atom)
                    trip = _trip(lo, hi, step)
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
        a, b = (strip(x) for x in _kids(c))
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

    # ------------------------------------------------------------ expressions
    def ev(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        """Value of an rvalue expression; records the loads it makes."""
        k = c.kind
        if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = _kids(c)
            if len(kids) == 1:
                v = self.ev(kids[0], env, ctx)
                if isinstance(v, Poly) and not _is_int(c.type):
                    return None if not _is_ptr(c.type) else None
                return v
            for x in kids:
                self.ev(x, env, ctx)
            return None
        if k in (K.INTEGER_LITERAL, K.CHARACTER_LITERAL):
            v = int_value(c)
            return Poly.const(v) if v is not None else None
        if k == K.DECL_REF_EXPR:
            return self._decl_ref(c, env)
        if k == K.CALL_EXPR:
            return self.call(c, env, ctx)
        if k == K.CSTYLE_CAST_EXPR:
            kids = [x for x in _kids(c) if x.kind != K.TYPE_REF]
            v = self.ev(kids[-1], env, ctx) if kids else None
            for x in kids[:-1]:
                self.ev(x, env, ctx)
            if _is_ptr(c.type):
                return v if isinstance(v, dict) else {"?": None}
            return v if _is_int(c.type) and isinstance(v, Poly) else None
        if k == K.BINARY_OPERATOR:
            op = binary_op(c)
            if op in _ASSIGN_OPS:
                return self.assign(c, op, env, ctx)
            return self.binop(c, op, env, ctx)
        if k == K.COMPOUND_ASSIGNMENT_OPERATOR:
            return self.assign(c, binary_op(c), env, ctx)
        if k == K.UNARY_OPERATOR:
            return self.unop(c, env, ctx)
        if k in (K.ARRAY_SUBSCRIPT_EXPR, K.MEMBER_REF_EXPR):
            lv = self.lvalue(c, env, ctx)
            if c.type.get_canonical().kind in (ci.TypeKind.CONSTANTARRAY,
                                                ci.TypeKind.INCOMPLETEARRAY):
                return lv[1] if lv and lv[0] == "mem" else {"?": None}
            if lv and lv[0] == "mem":
                self._record(lv[1], "read", lv[2], ctx, partial=lv[3])
                return None
            if lv and lv[0] == "var":
                return None
            return None
        if k == K.CONDITIONAL_OPERATOR:
            kids = _kids(c)
            self.ev(kids[0], env, ctx)
            vals = [self.ev(x, env, replace(ctx, exact=False)) for x in kids[1:]]
            if _is_ptr(c.type):
                bases = set()
                for v in vals:
                    bases |= set(v) if isinstance(v, dict) else {"?"}
                return {b: None for b in bases}
            return vals[0] if len(vals) == 2 and vals[0] == vals[1] else None
        for x in _kids(c):
            if x.kind.is_expression() or x.kind == K.UNEXPOSED_EXPR:
                self.ev(x, env, ctx)
        return {"?": None} if _is_ptr(c.type) else None

    def _decl_ref(self, c: ci.Cursor, env: dict) -> Value:
        ref = c.referenced
        if ref is None:
            return None
        if ref.hash in env:
            return env[ref.hash]
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return Poly.const(ref.enum_value)
        if ref.kind == K.VAR_DECL and _is_ptr(ref.type):  # program-scope constant data
            return {"private": None}
        if ref.kind == K.VAR_DECL and _is_int(ref.type):
            v = int_value(c)
            return Poly.const(v) if v is not None else None
        return None

    def binop(self, c: ci.Cursor, op: str, env: dict, ctx: Ctx) -> Value:
        a, b = _kids(c)
        if op in ("&&", "||"):
            self.ev(a, env, ctx)
            self.ev(b, env, replace(ctx, exact=False))
            return None
        x, y = self.ev(a, env, ctx), self.ev(b, env, ctx)
        if op == ",":
            return y
        if _is_ptr(c.type):
            if isinstance(x, dict) and op in ("+", "-"):
                d = y if isinstance(y, Poly) else None
                d = d * _elem_size(a.type) if d is not None else None
                return ptr_add(x, -d if (op == "-" and d is not None) else d)
            if isinstance(y, dict) and op == "+":
                return ptr_add(y, x * _elem_size(b.type) if isinstance(x, Poly) else None)
            return {"?": None}
        if not (isinstance(x, Poly) and isinstance(y, Poly)) or not _is_int(c.type):
            return None
        if op == "+":
            return x + y
        if op == "-":
            return x - y
        if op == "*":
            return x * y
        if op == "<<" and y.is_const() and 0 <= y.const_value() < 63:
            return x * (2 ** int(y.const_value()))
        if x.is_const() and y.is_const():
            p, q = int(x.const_value()), int(y.const_value())
            try:
                r = {"/": lambda: int(p / q) if q else None,
                     "%": lambda: (p - q * int(p / q)) if q else None,
                     ">>": lambda: p >> q, "&": lambda: p & q, "|": lambda: p | q,
                     "^": lambda: p ^ q}.get(op, lambda: None)()
            except (ValueError, OverflowError):
                r = None
            return Poly.const(r) if r is not None else None
        return None

    def unop(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        op = unary_op(c)
        (a,) = _kids(c)
        if op in ("++", "--"):
            return self.assign(c, "+=" if op == "++" else "-=", env, ctx, step_one=True)
        if op == "&":
            lv = self.lvalue(a, env, ctx)
            if lv and lv[0] == "mem":
                return lv[1]
            if lv and lv[0] == "var" and lv[1] in env:
                env[lv[1]] = widen(env[lv[1]])  # may now change behind our back
            return {"private": None}
        if op == "*":
            lv = self.lvalue(c, env, ctx)
            if lv and lv[0] == "mem":
                self._record(lv[1], "read", lv[2], ctx, partial=lv[3])
            return None
        v = self.ev(a, env, ctx)
        if op == "-" and isinstance(v, Poly) and _is_int(c.type):
            return -v
        if op == "+" and isinstance(v, Poly):
            return v
        return None

    def lvalue(self, c: ci.Cursor, env: dict, ctx: Ctx):
        """("mem", ptr, width, partial) | ("var", key) | None; records loads in sub-expressions."""
        k = c.kind
        if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = _kids(c)
            if len(kids) != 1:
                return None
            lv = self.lvalue(kids[0], env, ctx)
            if lv and lv[0] == "mem" and _size(c.type) != _size(kids[0].type):
                return ("mem", lv[1], lv[2], True)  # vector component of an element
            return lv
        if k == K.DECL_REF_EXPR:
            ref = c.referenced
            return ("var", ref.hash) if ref is not None else None
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            base, idx = _kids(c)
            if not _is_ptr(base.type) and _is_ptr(idx.type):
                base, idx = idx, base
            p = self.ev(base, env, ctx)
            i = self.ev(idx, env, ctx)
            w = _size(c.type)
            if not isinstance(p, dict):
                p = {"?": None}
            return ("mem", ptr_add(p, i * w if isinstance(i, Poly) and w else None), w,
                    _partial_type(c.type))
        if k == K.UNARY_OPERATOR and unary_op(c) == "*":
            (a,) = _kids(c)
            p = self.ev(a, env, ctx)
            return ("mem", p if isinstance(p, dict) else {"?": None}, _size(c.type),
                    _partial_type(c.type))
        if k == K.MEMBER_REF_EXPR:
            kids = _kids(c)
            if not kids:
                return None
            base = kids[0]
            field = c.referenced
            rec_t = base.type.get_canonical()
            if rec_t.kind == ci.TypeKind.POINTER:
                rec_t = rec_t.get_pointee()
                p = self.ev(base, env, ctx)
                inner = ("mem", p if isinstance(p, dict) else {"?": None}, None, False)
            else:
                inner = self.lvalue(base, env, ctx)
            if not inner or inner[0] != "mem":
                return inner
            off = rec_t.get_canonical().get_offset(field.spelling) if field is not None else -1
            w = _size(c.type)
            if off is None or off < 0 or off % 8:
                return ("mem", {b: None for b in inner[1]}, w, True)
            return ("mem", ptr_add(inner[1], Poly.const(off // 8)), w,
                    _partial_type(c.type))
        self.ev(c, env, ctx)
        return None

    def assign(self, c: ci.Cursor, op: str, env: dict, ctx: Ctx, step_one: bool = False) -> Value:
        kids = _kids(c)
        lhs = kids[0]
        rhs = self.ev(kids[1], env, ctx) if not step_one else Poly.const(1)
        lv = self.lvalue(lhs, env, ctx)
        if lv is None:
            return None
        if lv[0] == "mem":
            if op != "=":
                self._record(lv[1], "read", lv[2], ctx, partial=lv[3])
            self._record(lv[1], "write", lv[2], ctx, partial=lv[3])
            return rhs if op == "=" else None
        key = lv[1]
        old = env.get(key)
        t = lhs.type
        if op == "=":
            new = rhs
        elif _is_ptr(t) and isinstance(old, dict) and op in ("+=", "-="):
            d = rhs * _elem_size(t) if isinstance(rhs, Poly) else None
            new = ptr_add(old, -d if op == "-=" and d is not None else d)
        elif isinstance(old, Poly) and isinstance(rhs, Poly) and op in ("+=", "-=", "*="):
            new = old + rhs if op == "+=" else old - rhs if op == "-=" else old * rhs
        else:
            new = None
        if _is_ptr(t):
            new = new if isinstance(new, dict) else {"?": None}
        elif not _is_int(t) or not isinstance(new, Poly):
            new = None
        if key in env or new is not None:
            env[key] = new
        return new

    # ------------------------------------------------------------ calls
    def call(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        name = c.spelling
        args = [x for x in _kids(c)[1:]]
        if name in ID_FUNCS or name == "get_work_dim":
            if self.depth > 0 and name in REMAPPED:
                self.helper_remapped = True
            if name == "get_work_dim":
                return Poly.atom("wdim")
            d = int_value(args[0]) if args else None
            return Poly.atom(f"{ID_FUNCS[name]}{d}") if d is not None and 0 <= d < 3 else None
        fn = self.functions.get(name)
        if fn is not None and self.depth < 12:
            return self.inline(fn, args, env, ctx)
        vals = [self.ev(a, env, ctx) for a in args]
        if name in ("barrier", "work_group_barrier"):
            self.uses_barrier = True
        elif name.startswith(("vload", "vstore")):
            self._vector_io(name, args, vals, ctx)
        elif name.startswith(("atomic_", "atom_")):
            self.atomics.add(name)
            if vals and isinstance(vals[0], dict):
                w = _elem_size(args[0].type)
                self._record(vals[0], "read", w, ctx, atomic=True, name=name)
                self._record(vals[0], "write", w, ctx, atomic=True, name=name)
        elif name == "async_work_group_copy" and len(vals) >= 3:
            es = _elem_size(args[0].type)
            n = vals[2]
            for val, kind in ((vals[1], "read"), (vals[0], "write")):
                if isinstance(val, dict) and isinstance(n, Poly):
                    atom = self._fresh("copy")
                    self.loops[atom] = LoopVar(atom, Poly.const(0), n - 1, True)
                    self._record(ptr_add(val, Poly.atom(atom) * es), kind, es, ctx)
                else:
                    self._record(val, kind, None, ctx)
        elif name in ("prefetch", "printf", "wait_group_events"):
            pass
        elif name in self.prototypes:
            self.reasons.append(f"calls {name}() whose body is not in the program")
            for a, v in zip(args, vals):
                if isinstance(v, dict):
                    self._record(v, "read", None, ctx)
                    self._record(v, "write", None, ctx)
        else:
            for a, v in zip(args, vals):
                if isinstance(v, dict) and _is_ptr(a.type):
                    w = _elem_size(a.type) if name in _OUT_PTR_MATH else None
                    self._record(v, "write", w, ctx)
                    if name not in _OUT_PTR_MATH:
                        self._record(v, "read", None, ctx)
        if _is_ptr(c.type):
            return {"?": None}
        return None

    def _vector_io(self, name: str, args, vals, ctx: Ctx) -> None:
        store = name.startswith("vstore")
        ptr_i, off_i = (2, 1) if store else (1, 0)
        if len(vals) <= ptr_i:
            return
        digits = "".join(ch for ch in name if ch.isdigit())
        n = int(digits) if digits else 1
        stride = 4 if (n == 3 and ("vloada" in name or "vstorea" in name)) else n
        es = 2 if "half" in name else _elem_size(args[ptr_i].type)
        off = vals[off_i]
        p = vals[ptr_i]
        p = p if isinstance(p, dict) else {"?": None}
        delta = off * (stride * es) if isinstance(off, Poly) else None
        self._record(ptr_add(p, delta), "write" if store else "read", n * es, ctx)

    def inline(self, fn: ci.Cursor, args, env: dict, ctx: Ctx) -> Value:
        vals = [self.ev(a, env, ctx) for a in args]
        params = [p for p in _kids(fn) if p.kind == K.PARM_DECL]
        body = [b for b in _kids(fn) if b.kind == K.COMPOUND_STMT]
        if not body:
            return None
        inner: dict = {}
        for p, v in zip(params, vals):
            if _is_ptr(p.type):
                inner[p.hash] = v if isinstance(v, dict) else {"?": None}
            else:
                inner[p.hash] = v if isinstance(v, Poly) and _is_int(p.type) else None
        saved_ret = getattr(self, "ret", None)
        self.ret = None
        self.depth += 1
        try:
            self.block(body[0], inner, ctx)
        finally:
            self.depth -= 1
        ret, self.ret = self.ret, saved_ret
        stmts = _kids(body[0])
        if len(stmts) == 1 and stmts[0].kind == K.RETURN_STMT:
            if isinstance(ret, Poly) and _is_int(fn.result_type):
                return ret
            if isinstance(ret, dict):
                return ret
        return {"?": None} if _is_ptr(fn.result_type) else None


# ---------------------------------------------------------------- helpers
_EXITS = (K.RETURN_STMT, K.BREAK_STMT, K.CONTINUE_STMT, K.GOTO_STMT)


def _has(c: ci.Cursor, kinds) -> bool:
    return any(x.kind in kinds for x in c.walk_preorder())


def _only_returns(c: ci.Cursor) -> bool:
    if c.kind == K.RETURN_STMT:
        return True
    return c.kind == K.COMPOUND_STMT and [x.kind for x in _kids(c)] == [K.RETURN_STMT]


def _partial_type(t: ci.Type) -> bool:
    """Stores of structs (padding) and 3-vectors (4th lane) may leave bytes untouched."""
    t = t.get_canonical()
    if t.kind == ci.TypeKind.RECORD:
        return True
    return t.kind in (ci.TypeKind.VECTOR, ci.TypeKind.EXTVECTOR) and t.get_size() != \
        (t.element_type.get_size() * t.element_count)


def _negate(g: list[Guard] | None) -> list[Guard] | None:
    if g is None or len(g) != 1:
        return None
    return [Guard(g[0].rhs, g[0].lhs + 1)]


def _assigned(c: ci.Cursor) -> set[int]:
    """Declarations written anywhere under ``c`` (or whose address is taken)."""
    out: set[int] = set()
    for x in c.walk_preorder():
        target = None
        if x.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            target = _kids(x)[0]
        elif x.kind == K.BINARY_OPERATOR and binary_op(x) == "=":
            target = _kids(x)[0]
        elif x.kind == K.UNARY_OPERATOR and unary_op(x) in ("++", "--", "&"):
            target = _kids(x)[0]
        if target is not None:
            t = strip(target)
            while t.kind == K.MEMBER_REF_EXPR and _kids(t) and \
                    t.type.get_canonical().kind != ci.TypeKind.POINTER and \
                    _kids(t)[0].type.get_canonical().kind != ci.TypeKind.POINTER:
                t = strip(_kids(t)[0])
            if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
                out.add(t.referenced.hash)
    return out


def _for_parts(c: ci.Cursor):
    """(init, cond, inc, body) of a for statement, located by the header's semicolons."""
    kids = _kids(c)
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


def _induction(inc, body, cond):
    """(decl key, step expression or None for 1, counts up?) of ``i++``-like increments."""
    if inc is None:
        return None
    x = strip(inc)
    tgt, step, up = None, None, True
    if x.kind == K.UNARY_OPERATOR and unary_op(x) in ("++", "--"):
        tgt, up = strip(_kids(x)[0]), unary_op(x) == "++"
    elif x.kind == K.COMPOUND_ASSIGNMENT_OPERATOR and binary_op(x) in ("+=", "-="):
        a, b = _kids(x)
        tgt, step, up = strip(a), b, binary_op(x) == "+="
    elif x.kind == K.BINARY_OPERATOR and binary_op(x) == "=":
        a, b = _kids(x)
        bb = strip(b)
        if bb.kind == K.BINARY_OPERATOR and binary_op(bb) == "+":
            l, r = _kids(bb)
            ta = strip(a)
            if strip(l).kind == K.DECL_REF_EXPR and ta.kind == K.DECL_REF_EXPR and \
                    strip(l).referenced == ta.referenced:
                tgt, step = ta, r
    if tgt is None or tgt.kind != K.DECL_REF_EXPR or tgt.referenced is None:
        return None
    key = tgt.referenced.hash
    if key in _assigned(body) or (cond is not None and key in _assigned(cond)):
        return None
    return key, step, up


def _trip(lo: Poly, hi: Poly, step: Poly) -> Poly:
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
