"""Which addresses and branches of a kernel every device computes alike.

A merge kernel re-runs a helper's work-groups on the home device to regenerate
the addresses the helper stored to.  That is only right if the home device
takes the same branches and computes the same addresses as the helper did.
Integer arithmetic on work-item ids, scalar arguments and loads from buffers the
kernel never writes is the same everywhere.  Floating-point arithmetic is not
(contraction into fma, flushed denormals, built-ins' ulp budgets), and neither
are loads from local memory or from buffers the kernel writes (the home device
has already written its own rows there).  Such values are *varying*; so is every
variable assigned a varying value or assigned under a varying branch.
"""
from __future__ import annotations

import clang.cindex as ci

from .cursors import assign_op, children, is_int, is_ptr
from .frontend import address_space, binary_op, strip, unary_op
from .loops import for_parts
from .purity import DEVICE_DEFINED, Purity, pure_builtin

K = ci.CursorKind
_LITERALS = (K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.FLOATING_LITERAL)
_EXITS = (K.RETURN_STMT, K.BREAK_STMT, K.CONTINUE_STMT)
_FLOATS = {ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE, ci.TypeKind.HALF, ci.TypeKind.LONGDOUBLE,
           ci.TypeKind.FLOAT128}


def floating(t: ci.Type) -> bool:
    t = t.get_canonical()
    if t.kind in (ci.TypeKind.VECTOR, ci.TypeKind.EXTVECTOR):
        t = t.element_type.get_canonical()
    return t.kind in _FLOATS


class Determinism:
    """Varying values and branches of one kernel (a flow-insensitive fixpoint)."""

    def __init__(self, fn: ci.Cursor, readonly: set[int], purity: Purity,
                 _depth: int = 0) -> None:
        #: declarations of the buffer arguments the kernel never writes
        self.readonly = readonly
        self.purity = purity
        self.depth = _depth
        #: user functions whose integer result depends only on their arguments
        self._helpers: dict[str, bool] = {}
        self.varying_vars: set[int] = set()
        #: hashes of expressions that run under a varying branch
        self.under_varying: set[int] = set()
        self.problems: list[str] = []
        body = [c for c in children(fn) if c.kind == K.COMPOUND_STMT]
        if not body:
            return
        self._memo: dict[int, str | None] = {}
        for _ in range(64):
            before = len(self.varying_vars)
            self.under_varying.clear()
            self.problems.clear()
            self._memo.clear()  # answers depend on the variables found varying so far
            self._stmt(body[0], False)
            if len(self.varying_vars) == before:
                break
        else:  # pragma: no cover - the set only grows, bounded by the variables
            self.problems.append("analysis did not settle")

    # ---------------------------------------------------------------- values
    def why(self, c: ci.Cursor) -> str | None:
        """Why ``c``'s value may differ between devices, or None if it cannot."""
        key = c.hash
        if key in self._memo:
            return self._memo[key]
        w = self._memo[key] = self._why(c)
        return w

    def _why(self, c: ci.Cursor) -> str | None:
        k = c.kind
        if k in _LITERALS:
            return None
        if k == K.CXX_UNARY_EXPR:  # sizeof, alignof
            return None
        if floating(c.type):
            return "floating-point value"
        if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR, K.INIT_LIST_EXPR,
                 K.CONDITIONAL_OPERATOR):
            return self._any(x for x in children(c) if x.kind != K.TYPE_REF)
        if k == K.DECL_REF_EXPR:
            return self._ref(c)
        if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            return self._any(children(c))
        if k == K.UNARY_OPERATOR:
            op = unary_op(c)
            (a,) = children(c)
            if op == "*":
                return self._load(a)
            if op == "&":
                return "address of a variable"
            return self.why(a)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            base, idx = children(c)
            if is_ptr(base.type) and base.type.get_canonical().kind == ci.TypeKind.POINTER:
                return self._load(base) or self.why(idx)
            return self.why(base) or self.why(idx)
        if k == K.MEMBER_REF_EXPR:
            kids = children(c)
            if not kids:
                return "member of an unknown object"
            if kids[0].type.get_canonical().kind == ci.TypeKind.POINTER:
                return self._load(kids[0])
            return self.why(kids[0])
        if k == K.CALL_EXPR:
            name = c.spelling or ""
            if not is_int(c.type) or name in DEVICE_DEFINED or not (
                    pure_builtin(name) if name not in self.purity.functions
                    else self._helper(name)):
                return f"result of {name}()"
            return self._any(children(c)[1:])
        return f"unsupported expression ({k.name.lower()})"

    def _helper(self, name: str) -> bool:
        """A pure user function whose returns are the same everywhere given its arguments."""
        hit = self._helpers.get(name)
        if hit is None:
            self._helpers[name] = False  # while looking (recursion)
            fn = self.purity.functions[name]
            ok = self.depth < 4 and self.purity.pure_function(name)
            if ok:
                inner = Determinism(fn, set(), self.purity, self.depth + 1)
                rets = [r for r in fn.walk_preorder() if r.kind == K.RETURN_STMT]
                ok = not inner.problems and all(
                    r.hash not in inner.under_varying and
                    all(inner.why(e) is None for e in children(r)) for r in rets)
            hit = self._helpers[name] = ok
        return hit

    def _any(self, cs) -> str | None:
        for x in cs:
            w = self.why(x)
            if w:
                return w
        return None

    def _ref(self, c: ci.Cursor) -> str | None:
        ref = c.referenced
        if ref is None:
            return "unknown name"
        if ref.kind in (K.ENUM_CONSTANT_DECL, K.FUNCTION_DECL):
            return None
        if ref.hash in self.varying_vars:
            return f"{ref.spelling!r} varies"
        if ref.kind == K.VAR_DECL and address_space(ref.type) == "local":
            return f"local memory {ref.spelling!r}"
        return None

    def _load(self, ptr: ci.Cursor) -> str | None:
        """A load through ``ptr``: same everywhere only from a buffer nobody writes."""
        p = strip(ptr)
        if p.kind == K.CSTYLE_CAST_EXPR:
            kids = [x for x in children(p) if x.kind != K.TYPE_REF]
            return self._load(kids[-1]) if kids else "load through a cast"
        if p.kind == K.BINARY_OPERATOR and binary_op(p) in ("+", "-"):
            a, b = children(p)
            if is_ptr(a.type):
                return self._load(a) or self.why(b)
            if is_ptr(b.type) and binary_op(p) == "+":
                return self._load(b) or self.why(a)
        if p.kind == K.DECL_REF_EXPR and p.referenced is not None:
            ref = p.referenced
            if ref.hash in self.readonly and ref.hash not in self.varying_vars:
                return None
            if ref.kind == K.VAR_DECL and address_space(ref.type) == "local":
                return f"local memory {ref.spelling!r}"
            if ref.kind == K.VAR_DECL and _array_var(p) and ref.hash not in self.varying_vars:
                return None  # a private array, or program-scope constant data
            return f"load through {ref.spelling!r}"
        return "load from memory the kernel may write"

    # ---------------------------------------------------------------- statements
    def _taint(self, target: ci.Cursor) -> None:
        """Mark the variable an assignment writes (through ``.``/``[]`` of its own)."""
        t = strip(target)
        while t.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
            kids = children(t)
            if not kids or is_ptr(kids[0].type) and not _array_var(kids[0]):
                return  # a store through a pointer: memory, not a variable
            t = strip(kids[0])
        if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
            self.varying_vars.add(t.referenced.hash)

    def _expr(self, c: ci.Cursor, ctl: bool) -> None:
        """Record the assignments in ``c`` (``ctl``: it runs under a varying branch)."""
        if ctl:
            self.under_varying.add(c.hash)
        op = assign_op(c)
        k = c.kind
        if op is not None:
            lhs, rhs = children(c)
            if ctl or self.why(rhs) or self.why(lhs):
                self._taint(lhs)
            self._expr(lhs, ctl)
            self._expr(rhs, ctl)
            return
        if k == K.UNARY_OPERATOR:
            op1 = unary_op(c)
            (a,) = children(c)
            if op1 in ("++", "--") and ctl:
                self._taint(a)
            elif op1 == "&":
                self._taint(a)  # may be written through the pointer
            self._expr(a, ctl)
            return
        if k == K.CONDITIONAL_OPERATOR:
            cond, *rest = children(c)
            self._expr(cond, ctl)
            inner = ctl or self.why(cond) is not None
            for x in rest:
                self._expr(x, inner)
            return
        if k == K.BINARY_OPERATOR and binary_op(c) in ("&&", "||"):
            a, b = children(c)
            self._expr(a, ctl)
            self._expr(b, ctl or self.why(a) is not None)
            return
        if k == K.CALL_EXPR:
            for a in children(c)[1:]:
                if _array_var(a):
                    self._taint(a)  # the callee may write the array
        for x in children(c):
            self._expr(x, ctl)

    def _stmt(self, c: ci.Cursor, ctl: bool) -> None:
        k = c.kind
        if k == K.COMPOUND_STMT:
            for s in children(c):
                self._stmt(s, ctl)
        elif k == K.DECL_STMT:
            for v in children(c):
                if v.kind != K.VAR_DECL:
                    continue
                init = [e for e in children(v) if e.kind.is_expression()
                        or e.kind == K.UNEXPOSED_EXPR]
                if ctl or (init and self.why(init[-1])):
                    self.varying_vars.add(v.hash)
                for e in init:
                    self._expr(e, ctl)
        elif k == K.IF_STMT:
            kids = children(c)
            self._expr(kids[0], ctl)
            inner = ctl or self.why(kids[0]) is not None
            for s in kids[1:]:
                self._stmt(s, inner)
        elif k == K.FOR_STMT:
            parts = for_parts(c)
            if parts is None:
                for s in children(c):
                    self._any_stmt(s, True)
                return
            init, cond, inc, body = parts
            if init is not None:
                self._any_stmt(init, ctl)
            inner = ctl or (cond is not None and self.why(cond) is not None)
            if cond is not None:
                self._expr(cond, ctl)
            if inc is not None:
                self._expr(inc, inner)
            self._stmt(body, inner)
        elif k in (K.WHILE_STMT, K.DO_STMT, K.SWITCH_STMT):
            kids = children(c)
            cond = kids[0] if k != K.DO_STMT else kids[-1]
            self._expr(cond, ctl)
            inner = ctl or self.why(cond) is not None
            for s in kids:
                if s is not cond:
                    self._any_stmt(s, inner)
        elif k in _EXITS:
            if ctl:
                self.under_varying.add(c.hash)
                self.problems.append("leaves a block under a branch that may go differently "
                                     "on another device")
            for e in children(c):
                self._expr(e, ctl)
        elif k in (K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.LABEL_STMT):
            self.problems.append("uses goto")
        elif k in (K.CASE_STMT, K.DEFAULT_STMT):
            for s in children(c):
                self._any_stmt(s, ctl)
        elif k == K.NULL_STMT:
            return
        elif k.is_expression() or k == K.UNEXPOSED_EXPR:
            self._expr(c, ctl)
        else:  # attributed statements and the like: their parts, conservatively
            for s in children(c):
                self._any_stmt(s, True)

    def _any_stmt(self, c: ci.Cursor, ctl: bool) -> None:
        if c.kind.is_expression() or c.kind == K.UNEXPOSED_EXPR:
            self._expr(c, ctl)
        else:
            self._stmt(c, ctl)


def _array_var(c: ci.Cursor) -> bool:
    """A variable of array type (private or local), seen through decay."""
    s = strip(c)
    return (s.kind == K.DECL_REF_EXPR and s.referenced is not None
            and s.referenced.type.get_canonical().kind in (ci.TypeKind.CONSTANTARRAY,
                                                           ci.TypeKind.INCOMPLETEARRAY))
