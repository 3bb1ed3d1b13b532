"""Which expressions have effects beyond their value.

A merge kernel drops the value of every store it rewrites, and evaluates the
store's address twice (once to store, once to load the helper's copy); that is
only the same program when neither has an effect of its own: no assignment, no
increment, no call that writes anything.  Built-ins are pure by list, user
functions by inspection of their bodies.
"""
from __future__ import annotations

import clang.cindex as ci

from .cursors import children, is_ptr
from .frontend import address_space, binary_op, strip, unary_op

K = ci.CursorKind

#: OpenCL C built-ins without side effects (and without pointer out-arguments)
PURE_BUILTINS = frozenset("""
get_work_dim get_global_id get_local_id get_group_id get_global_size get_local_size
get_num_groups get_global_offset get_enqueued_local_size get_global_linear_id
get_local_linear_id
abs abs_diff add_sat hadd rhadd clamp clz ctz mad_hi mad_sat max min mul_hi rotate sub_sat
upsample popcount mad24 mul24 select bitselect
acos acosh acospi asin asinh asinpi atan atan2 atanh atanpi atan2pi cbrt ceil copysign
cos cosh cospi erfc erf exp exp2 exp10 expm1 fabs fdim floor fma fmax fmin fmod hypot
ilogb ldexp lgamma log log2 log10 log1p logb mad maxmag minmag nan nextafter pow pown
powr remainder rint rootn round rsqrt sin sinh sinpi sqrt tan tanh tanpi tgamma trunc
degrees radians mix step smoothstep sign cross dot distance length normalize
fast_distance fast_length fast_normalize
isequal isnotequal isgreater isgreaterequal isless islessequal islessgreater isfinite
isinf isnan isnormal isordered isunordered signbit any all shuffle shuffle2
""".split())
#: families of pure built-ins, by prefix (vload* only reads memory)
PURE_PREFIXES = ("convert_", "as_", "native_", "half_", "vload")
#: pure, but implementation-defined for some arguments: two devices may disagree
DEVICE_DEFINED = frozenset({"mul24", "mad24"})


def pure_builtin(name: str) -> bool:
    return name in PURE_BUILTINS or name.startswith(PURE_PREFIXES)


def callee(c: ci.Cursor) -> str:
    return c.spelling or ""


class Purity:
    """Answers "does evaluating this have an effect?" for one program's functions."""

    def __init__(self, functions: dict[str, ci.Cursor]) -> None:
        self.functions = functions
        self._pure: dict[str, bool] = {}
        self._prints: dict[str, bool] = {}

    def effect(self, c: ci.Cursor) -> str | None:
        """What ``c`` does besides computing its value (a reason), or None."""
        for x in c.walk_preorder():
            k = x.kind
            if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                op = binary_op(x)
                if op.endswith("=") and op not in ("==", "!=", "<=", ">="):
                    return f"assigns ({op})"
            elif k == K.UNARY_OPERATOR and unary_op(x) in ("++", "--"):
                return f"has {unary_op(x)}"
            elif k == K.CALL_EXPR:
                name = callee(x)
                if name in self.functions:
                    if not self.pure_function(name):
                        return f"calls {name}(), which has side effects"
                elif not pure_builtin(name):
                    return f"calls {name}()"
            elif k == K.BLOCK_EXPR or k.is_statement():
                return "contains statements"
        return None

    def prints(self, name: str, depth: int = 0) -> bool:
        """True if user function ``name`` may call printf (itself or through callees)."""
        fn = self.functions.get(name)
        if fn is None:
            return False
        if name in self._prints:
            return self._prints[name]
        self._prints[name] = depth > 8  # while looking: recursion is not OpenCL C
        hit = self._prints[name] = depth > 8 or any(
            x.kind == K.CALL_EXPR and (x.spelling == "printf" or self.prints(x.spelling,
                                                                             depth + 1))
            for x in fn.walk_preorder())
        return hit

    def pure_function(self, name: str, depth: int = 0) -> bool:
        """True if calling user function ``name`` writes nothing outside its own locals."""
        hit = self._pure.get(name)
        if hit is not None:
            return hit
        self._pure[name] = False  # recursion (not OpenCL C) counts as impure
        fn = self.functions.get(name)
        ok = fn is not None and depth < 8 and self._body_pure(fn, depth)
        self._pure[name] = ok
        return ok

    def _body_pure(self, fn: ci.Cursor, depth: int) -> bool:
        own = {p.hash for p in fn.walk_preorder()
               if (p.kind in (K.PARM_DECL, K.VAR_DECL) and not is_ptr(p.type))
               or (p.kind == K.VAR_DECL and _private_array(p))}
        for x in fn.walk_preorder():
            k = x.kind
            target = None
            if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                op = binary_op(x)
                if op.endswith("=") and op not in ("==", "!=", "<=", ">="):
                    target = children(x)[0]
            elif k == K.UNARY_OPERATOR and unary_op(x) in ("++", "--"):
                target = children(x)[0]
            elif k == K.CALL_EXPR:
                name = callee(x)
                if name in self.functions:
                    if not self.pure_function(name, depth + 1):
                        return False
                elif not pure_builtin(name):
                    return False
            elif k == K.VAR_DECL and address_space(x.type) == "local":
                return False
            if target is not None and _root_var(target) not in own:
                return False
        return True


def _private_array(v: ci.Cursor) -> bool:
    t = v.type.get_canonical()
    return t.kind == ci.TypeKind.CONSTANTARRAY and address_space(v.type) == "private"


def _root_var(c: ci.Cursor) -> int | None:
    """The variable an lvalue names, through ``.`` and subscripts of array variables."""
    c = strip(c)
    while c.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR):
        kids = children(c)
        if not kids:
            return None
        base = strip(kids[0])
        if c.kind == K.MEMBER_REF_EXPR and is_ptr(kids[0].type):
            return None  # p->f: memory, not a variable
        if c.kind == K.ARRAY_SUBSCRIPT_EXPR and not (
                base.kind == K.DECL_REF_EXPR and base.referenced is not None
                and base.referenced.type.get_canonical().kind == ci.TypeKind.CONSTANTARRAY):
            return None  # p[i] through a pointer
        c = base
    if c.kind == K.DECL_REF_EXPR and c.referenced is not None:
        return c.referenced.hash
    return None
