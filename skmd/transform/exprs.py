"""The expression half of the kernel walk: values, loads, stores and calls.

:class:`ExprWalker` is mixed into :class:`~skmd.transform.walker.KernelWalker`,
which supplies the statements (blocks, branches, loops) and the recording of
accesses that these methods call back into.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import clang.cindex as ci

from .cursors import (ASSIGN_OPS, UNSIGNED, children, elem_size, int_range, is_int, is_ptr,
                      partial_type, size_of)
from .frontend import binary_op, int_value, is_postfix, unary_op
from . import launch_exprs
from .kernel_analysis import Guard, LoopVar
from .kernel_types import WrapCheck
from .poly import Poly
from .values import ID_FUNCS, REMAPPED, Value, join, ptr_add, widen

K = ci.CursorKind
_OUT_PTR_MATH = {"sincos", "fract", "modf", "frexp", "lgamma_r", "remquo"}
#: atomics whose effects commute with a sum: partial results can be added up
ADDITIVE_ATOMICS = {"atomic_add", "atomic_sub", "atomic_inc", "atomic_dec",
                    "atom_add", "atom_sub", "atom_inc", "atom_dec"}


@dataclass(frozen=True)
class Ctx:
    """Where the walk stands: the guards in force and whether offsets are still exact."""
    guards: tuple[Guard, ...] = ()
    exact: bool = True


class ExprWalker:
    """Evaluates expressions symbolically for :class:`KernelWalker`."""

    # the walk's state these expressions read (KernelWalker sets each for its kernel)
    escaped: frozenset[int] | set[int] = frozenset()  # address taken: may change anywhere
    pointer_sets: dict[int, set] | None = None  # buffers a loop's pointers took
    discarded: int | None = None  # the call whose value the statement drops
    ret: Value = None  # a helper's return value, as inlined

    def ev(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        """Value of an rvalue expression; records the loads it makes.

        An integer wraps around where exact math would leave its type
        (``(ushort)(i + off)``, a ``uint`` sum past 2^32, a ``ulong`` past 2^63 as an
        offset): a constant is wrapped here, any other value carries a :class:`WrapCheck` in
        ``Poly.wraps`` to every value computed from it; where one of them places an
        access, a guard or a loop (:meth:`commit`), each launch checks it before it
        trusts the ranges built on it (a wrapping hash only stored is no matter)."""
        v = self._ev(c, env, ctx)
        if isinstance(v, Poly):
            r = int_range(c.type)
            if r is None and is_int(c.type) and size_of(c.type) == 8:
                # 64 bits wrap too; below -2^63 or past 2^63 an index no longer
                # matches its byte offset (0xFFFFFFFF00000000UL, a huge ulong argument)
                r = (-2 ** 63, 2 ** 63 - 1)
            if r is None:
                return v
            if v.is_const():
                x = int(v.const_value())
                if c.type.get_canonical().kind == ci.TypeKind.BOOL:
                    return Poly.const(int(x != 0))
                span = r[1] - r[0] + 1
                return Poly.const((x - r[0]) % span + r[0]) if v.const_value() == x else v
            if c.type.get_canonical().kind == ci.TypeKind.BOOL:
                return None
            lo = r[0] if r != (0, 2 ** 32 - 1) else -2 ** 31
            # (a uint below zero: as an index it lands 2^32 elements away, which no
            # correct program reaches, and turned back into an int it is exact again)
            w = WrapCheck(Poly(v.terms), lo, r[1], tuple(ctx.guards))
            return Poly(v.terms, v.wraps | {w})
        return v

    def commit(self, *values: Value) -> None:
        """The wrap-around checks of values that place accesses, guards or loops."""
        for v in values:
            for p in (v.values() if isinstance(v, dict) else (v,)):
                if isinstance(p, Poly) and p.wraps:
                    self.wrap_checks.update(p.wraps)

    def _ev(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        k = c.kind
        if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = children(c)
            if len(kids) == 1:
                v = self.ev(kids[0], env, ctx)
                if isinstance(v, Poly) and not is_int(c.type):
                    return None if not is_ptr(c.type) else None
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
            kids = [x for x in children(c) if x.kind != K.TYPE_REF]
            v = self.ev(kids[-1], env, ctx) if kids else None
            for x in kids[:-1]:
                self.ev(x, env, ctx)
            if is_ptr(c.type):
                return v if isinstance(v, dict) else {"?": None}
            return v if is_int(c.type) and isinstance(v, Poly) else None
        if k == K.BINARY_OPERATOR:
            op = binary_op(c)
            if op in ASSIGN_OPS:
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
            kids = children(c)
            self.ev(kids[0], env, ctx)
            envs = [dict(env) for _ in kids[1:]]
            vals = [self.ev(x, e, replace(ctx, exact=False)) for x, e in zip(kids[1:], envs)]
            _join_into(env, envs)
            if is_ptr(c.type):
                bases = set()
                for v in vals:
                    bases |= set(v) if isinstance(v, dict) else {"?"}
                return {b: None for b in bases}
            return join(vals[0], vals[1]) if len(vals) == 2 and vals[0] == vals[1] else None
        for x in children(c):
            if x.kind.is_expression() or x.kind == K.UNEXPOSED_EXPR:
                self.ev(x, env, ctx)
        return {"?": None} if is_ptr(c.type) else None

    def _decl_ref(self, c: ci.Cursor, env: dict) -> Value:
        ref = c.referenced
        if ref is None:
            return None
        if ref.hash in env:
            return env[ref.hash]
        if ref.kind == K.ENUM_CONSTANT_DECL:
            return Poly.const(ref.enum_value)
        if ref.kind == K.VAR_DECL and is_ptr(ref.type):  # program-scope constant data
            return {"private": None}
        if ref.kind == K.VAR_DECL and is_int(ref.type):
            v = int_value(c)
            return Poly.const(v) if v is not None else None
        return None

    def binop(self, c: ci.Cursor, op: str, env: dict, ctx: Ctx) -> Value:
        a, b = children(c)
        if op in ("&&", "||"):
            self.ev(a, env, ctx)
            maybe = dict(env)  # b runs only for some work-items
            self.ev(b, maybe, replace(ctx, exact=False))
            _join_into(env, [env, maybe])
            return None
        x, y = self.ev(a, env, ctx), self.ev(b, env, ctx)
        if op == ",":
            return y
        if is_ptr(c.type):
            if isinstance(x, dict) and op in ("+", "-"):
                d = y if isinstance(y, Poly) else None
                d = d * elem_size(a.type) if d is not None else None
                return ptr_add(x, -d if (op == "-" and d is not None) else d)
            if isinstance(y, dict) and op == "+":
                return ptr_add(y, x * elem_size(b.type) if isinstance(x, Poly) else None)
            return {"?": None}
        if not (isinstance(x, Poly) and isinstance(y, Poly)) or not is_int(c.type):
            return None
        if op == "+":
            return x + y
        if op == "-":
            return x - y
        if op == "*":
            return x * y
        if op == "<<" and y.is_const() and 0 <= y.const_value() < 63:
            return x * (2 ** int(y.const_value()))
        if op in launch_exprs.OPS and launch_exprs.fixed(x) and launch_exprs.fixed(y):
            bits = 8 * (size_of(c.type) or 8)
            unsigned = c.type.get_canonical().kind in UNSIGNED
            if not (x.is_const() and y.is_const()):
                return launch_exprs.atom(op, x, y, bits, unsigned)
            p, q = x.const_value(), y.const_value()
            r = (launch_exprs.evaluate(op, int(p), int(q), bits, unsigned)
                 if p.denominator == 1 and q.denominator == 1 else None)
            return Poly.const(r) if r is not None else None
        return None

    def unop(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        op = unary_op(c)
        (a,) = children(c)
        if op in ("++", "--"):
            return self.assign(c, "+=" if op == "++" else "-=", env, ctx, step_one=True,
                               postfix=is_postfix(c))
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
        if op == "-" and isinstance(v, Poly) and is_int(c.type):
            return -v
        if op == "+" and isinstance(v, Poly):
            return v
        return None

    def lvalue(self, c: ci.Cursor, env: dict, ctx: Ctx):
        """("mem", ptr, width, partial) | ("var", key) | ("var", key, "part") (a component
        or field of a variable) | None; records loads in sub-expressions."""
        k = c.kind
        if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR):
            kids = children(c)
            if len(kids) != 1:
                return None
            lv = self.lvalue(kids[0], env, ctx)
            if lv and lv[0] == "mem" and size_of(c.type) != size_of(kids[0].type):
                return ("mem", lv[1], lv[2], True)  # vector component of an element
            if lv and lv[0] == "var" and \
                    c.type.get_canonical().spelling != kids[0].type.get_canonical().spelling:
                return ("var", lv[1], "part")  # p.x of a vector variable p
            return lv
        if k == K.DECL_REF_EXPR:
            ref = c.referenced
            return ("var", ref.hash) if ref is not None else None
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            base, idx = children(c)
            if not is_ptr(base.type) and is_ptr(idx.type):
                base, idx = idx, base
            p = self.ev(base, env, ctx)
            i = self.ev(idx, env, ctx)
            w = size_of(c.type)
            if not isinstance(p, dict):
                p = {"?": None}
            return ("mem", ptr_add(p, i * w if isinstance(i, Poly) and w else None), w,
                    partial_type(c.type))
        if k == K.UNARY_OPERATOR and unary_op(c) == "*":
            (a,) = children(c)
            p = self.ev(a, env, ctx)
            return ("mem", p if isinstance(p, dict) else {"?": None}, size_of(c.type),
                    partial_type(c.type))
        if k == K.MEMBER_REF_EXPR:
            kids = children(c)
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
            if inner and inner[0] == "var":
                return ("var", inner[1], "part")
            if not inner or inner[0] != "mem":
                return inner
            off = rec_t.get_canonical().get_offset(field.spelling) if field is not None else -1
            w = size_of(c.type)
            if off is None or off < 0 or off % 8:
                return ("mem", {b: None for b in inner[1]}, w, True)
            return ("mem", ptr_add(inner[1], Poly.const(off // 8)), w,
                    partial_type(c.type))
        self.ev(c, env, ctx)
        return None

    def assign(self, c: ci.Cursor, op: str, env: dict, ctx: Ctx, step_one: bool = False,
               postfix: bool = False) -> Value:
        """The assignment's value: the new one, or with ``postfix`` (``k++``) the old."""
        kids = children(c)
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
        if len(lv) > 2:  # a component or field: the variable is no longer one known value
            if key in env:
                env[key] = None
            return rhs if op == "=" else None
        old = env.get(key)
        t = lhs.type
        if op == "=":
            new = rhs
        elif is_ptr(t) and isinstance(old, dict) and op in ("+=", "-="):
            d = rhs * elem_size(t) if isinstance(rhs, Poly) else None
            new = ptr_add(old, -d if op == "-=" and d is not None else d)
        elif isinstance(old, Poly) and isinstance(rhs, Poly) and op in ("+=", "-=", "*="):
            new = old + rhs if op == "+=" else old - rhs if op == "-=" else old * rhs
        else:
            new = None
        if is_ptr(t):
            new = new if isinstance(new, dict) else {"?": None}
        elif not is_int(t) or not isinstance(new, Poly):
            new = None
        sets = self.pointer_sets
        if isinstance(new, dict) and sets is not None and key in sets:
            sets[key] |= set(new)
        if key in env or new is not None:
            # a variable whose address is taken may change through the pointer later
            env[key] = None if key in self.escaped else new
        if postfix:
            return old if isinstance(old, (Poly, dict)) else None
        return new

    # ------------------------------------------------------------ calls
    def call(self, c: ci.Cursor, env: dict, ctx: Ctx) -> Value:
        name = c.spelling
        args = [x for x in children(c)[1:]]
        if self.depth > 0 and name in REMAPPED:
            self.helper_remapped = True
        if name in ID_FUNCS or name == "get_work_dim":
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
                w = elem_size(args[0].type)
                # additive and its old value unused (a statement of its own)
                add = name in ADDITIVE_ATOMICS and c.hash == self.discarded
                self._record(vals[0], "read", w, ctx, atomic=True, name=name, additive=add)
                self._record(vals[0], "write", w, ctx, atomic=True, name=name, additive=add)
        elif name == "async_work_group_copy" and len(vals) >= 3:
            es = elem_size(args[0].type)
            n = vals[2]
            for val, kind in ((vals[1], "read"), (vals[0], "write")):
                if isinstance(val, dict) and isinstance(n, Poly):
                    atom = self._fresh("copy")
                    self.commit(n)
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
                if isinstance(v, dict) and is_ptr(a.type):
                    w = elem_size(a.type) if name in _OUT_PTR_MATH else None
                    self._record(v, "write", w, ctx)
                    if name not in _OUT_PTR_MATH:
                        self._record(v, "read", None, ctx)
        if is_ptr(c.type):
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
        es = 2 if "half" in name else elem_size(args[ptr_i].type)
        off = vals[off_i]
        p = vals[ptr_i]
        p = p if isinstance(p, dict) else {"?": None}
        delta = off * (stride * es) if isinstance(off, Poly) else None
        # vstorea_half3 may store its fourth, padding, lane too (PoCL writes it)
        self._record(ptr_add(p, delta), "write" if store else "read", stride * es, ctx,
                     partial=stride != n)

    def inline(self, fn: ci.Cursor, args, env: dict, ctx: Ctx) -> Value:
        vals = [self.ev(a, env, ctx) for a in args]
        params = [p for p in children(fn) if p.kind == K.PARM_DECL]
        body = [b for b in children(fn) if b.kind == K.COMPOUND_STMT]
        if not body:
            return None
        inner: dict = {}
        for p, v in zip(params, vals):
            if is_ptr(p.type):
                inner[p.hash] = v if isinstance(v, dict) else {"?": None}
            else:
                inner[p.hash] = v if isinstance(v, Poly) and is_int(p.type) else None
        saved_ret = self.ret
        self.ret = None
        self.depth += 1
        try:
            self.block(body[0], inner, ctx)
        finally:
            self.depth -= 1
        ret, self.ret = self.ret, saved_ret
        stmts = children(body[0])
        if len(stmts) == 1 and stmts[0].kind == K.RETURN_STMT:
            if isinstance(ret, Poly) and is_int(fn.result_type):
                return ret
            if isinstance(ret, dict):
                return ret
        return {"?": None} if is_ptr(fn.result_type) else None


def _join_into(env: dict, branches: list[dict]) -> None:
    """After ``c ? x : y`` or ``a && b`` a variable holds what any branch that may have
    run left in it (``(a[i] & 1) && (k = i + n)``)."""
    joined = dict(branches[0])
    for e in branches[1:]:
        joined = {k: (join(v, e[k]) if k in e else None) for k, v in joined.items()}
    for k in list(env):
        env[k] = joined.get(k)
