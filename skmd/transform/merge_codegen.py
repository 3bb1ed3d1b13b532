"""Merge kernels (thesis §3.2.1, fig. 3.6): a kernel turned into the merge of its outputs.

A helper device ran some work-groups on its own copy of the buffers; its partial
output comes back to the home device.  The merge kernel is the same kernel run
over the helper's work-groups on the home device, where every store to a
written buffer ``out[e] = v`` has become ``out[e] = skmd_part_k[e]``: the value
computation is dead and the compiler removes it, only the addresses the helper
really wrote are touched, and nothing has to be snapshotted before the launch.

That is only the same program if the address ``e`` and every branch leading to
the store come out the same on both devices (:mod:`.determinism`), the dropped
value and the twice-evaluated address have no effects (:mod:`.purity`), and each
written buffer is reached only by such stores.  Anything else gets no merge
kernel, with the reason; the runtime then merges by byte differences.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import clang.cindex as ci

from .cursors import Fingerprint, assign_op, bare, children, fingerprint, is_int
from .determinism import Determinism
from .frontend import MAIN_FILE, binary_op, unary_op
from .kernel_analysis import KernelAnalysis
from .purity import Purity

K = ci.CursorKind
PART_PREFIX = "skmd_part_"
_VSTORE = re.compile(r"^vstore(2|3|4|8|16)$")
_LINK = (K.PAREN_EXPR, K.UNEXPOSED_EXPR)
_STATEMENT_PARENTS = (K.COMPOUND_STMT, K.IF_STMT, K.WHILE_STMT, K.DO_STMT, K.FOR_STMT,
                      K.CASE_STMT, K.DEFAULT_STMT, K.LABEL_STMT)


@dataclass(frozen=True)
class Edit:
    """Replace ``removed`` bytes at ``offset`` of the original source by ``text``."""
    offset: int
    removed: int
    text: str


@dataclass(frozen=True)
class Site:
    """One rewritten store, as the original program spells it (for the check)."""
    kind: str                  # "assign" | "vstore"
    arg: int                   # the written argument
    lhs_fp: Fingerprint        # the stored-to lvalue (assign) or pointer (vstore)
    off_fp: Fingerprint | None = None  # vstore: its offset argument


@dataclass(frozen=True)
class MergePlan:
    """How one kernel becomes its merge kernel, or why it cannot."""
    kernel: str
    parts: tuple[int, ...] = ()
    params: str = ""
    edits: tuple[Edit, ...] = ()
    sites: tuple[Site, ...] = ()
    reason: str | None = None


def part_name(arg: int) -> str:
    return f"{PART_PREFIX}{arg}"


class _NoMerge(Exception):
    pass


def plan_merge(fn: ci.Cursor, ka: KernelAnalysis, functions: dict[str, ci.Cursor],
               source: bytes) -> MergePlan:
    """The merge-kernel edits of kernel ``fn`` (analysed as ``ka``), or the reason none."""
    try:
        return _plan(fn, ka, functions, source)
    except _NoMerge as exc:
        return MergePlan(fn.spelling, reason=str(exc))


def _plan(fn: ci.Cursor, ka: KernelAnalysis, functions: dict[str, ci.Cursor],
          source: bytes) -> MergePlan:
    if not ka.splittable:
        raise _NoMerge("the kernel is not split")
    written = [a for a in ka.args if a.written]
    if not written:
        raise _NoMerge("writes no global buffer")
    if any(a.space != "global" for a in written):
        raise _NoMerge("writes a buffer that is not a __global argument")
    params = [p for p in children(fn) if p.kind == K.PARM_DECL]
    by_decl = {params[a.index].hash: a.index for a in written}
    readonly = {params[a.index].hash for a in ka.args
                if a.space in ("global", "constant") and not a.written}
    for a in written:
        if a.atomic:
            raise _NoMerge(f"atomics on {a.name!r}")
        pointee = params[a.index].type.get_canonical().get_pointee()
        if "volatile" in pointee.spelling.split():
            raise _NoMerge(f"{a.name!r} is volatile")
    body = [c for c in children(fn) if c.kind == K.COMPOUND_STMT]
    if not body:
        raise _NoMerge("the kernel has no body")
    purity = Purity(functions)
    det = Determinism(fn, readonly, purity)
    if det.problems:
        raise _NoMerge(det.problems[0])
    finder = _Stores(by_decl, det, purity, source,
                     {a.index: a.name for a in written})
    finder.walk(body[0], [])
    parts = tuple(a.index for a in written)
    decl = []
    for a in written:
        pointee = params[a.index].type.get_pointee()
        decl.append(f"__global const {_plain(pointee.spelling)} *{part_name(a.index)}")
    return MergePlan(fn.spelling, parts, ", ".join(decl), tuple(finder.edits),
                     tuple(finder.sites))


def _plain(spelling: str) -> str:
    """A pointee type without its address space and qualifiers."""
    drop = {"__global", "global", "const", "volatile", "restrict", "__restrict"}
    return " ".join(t for t in spelling.split() if t not in drop)


class _Stores:
    """Finds every use of a written argument; each must be a store it can rewrite."""

    def __init__(self, by_decl: dict[int, int], det: Determinism, purity: Purity,
                 source: bytes, names: dict[int, str]) -> None:
        self.by_decl = by_decl
        self.det = det
        self.purity = purity
        self.src = source
        self.names = names
        self.spellings = set(names.values())
        self.edits: list[Edit] = []
        self.sites: list[Site] = []

    def walk(self, c: ci.Cursor, stack: list[ci.Cursor]) -> None:
        k = c.kind
        if k == K.DECL_REF_EXPR and c.spelling in self.spellings and \
                c.referenced is not None and c.referenced.hash in self.by_decl:
            self.use(c, stack, self.by_decl[c.referenced.hash])
        elif k == K.CALL_EXPR and (c.spelling == "printf" or self.purity.prints(c.spelling)):
            raise _NoMerge("calls printf (the merge would print again)")
        stack.append(c)
        for x in children(c):
            self.walk(x, stack)
        stack.pop()

    # ---------------------------------------------------------------- one use
    def use(self, ref: ci.Cursor, stack: list[ci.Cursor], arg: int) -> None:
        name = self.names[arg]
        up = list(reversed(stack))  # nearest ancestor first
        i = _skip(up, 0, _LINK)
        if i < len(up) and up[i].kind == K.BINARY_OPERATOR and binary_op(up[i]) in ("+", "-"):
            a, b = children(up[i])
            if _contains(a, ref):
                other = b
            elif binary_op(up[i]) == "+":
                other = a
            else:
                raise _NoMerge(f"{name!r} is subtracted from")
            if not is_int(other.type):
                raise _NoMerge(f"{name!r} is used in pointer arithmetic with a pointer")
            self._index(other, name)
            i = _skip(up, i + 1, (K.PAREN_EXPR,))
        if i >= len(up):
            raise _NoMerge(f"{name!r} is used outside a store")
        p = up[i]
        if p.kind == K.CALL_EXPR:
            self.vstore(p, ref, up, i, arg, name)
            return
        if p.kind == K.ARRAY_SUBSCRIPT_EXPR and _contains(children(p)[0], ref):
            self._index(children(p)[1], name)
        elif not (p.kind == K.UNARY_OPERATOR and unary_op(p) == "*" or
                  p.kind == K.MEMBER_REF_EXPR and _through_pointer(p)):
            raise _NoMerge(_misuse(p, name))
        # the stored-to lvalue: the element, or a member or vector component of it
        lhs, j = p, i + 1
        while j < len(up) and (up[j].kind == K.PAREN_EXPR or
                               up[j].kind == K.MEMBER_REF_EXPR and not _through_pointer(up[j])
                               or self._component(up[j])):
            lhs, j = up[j], j + 1
        store = up[j] if j < len(up) else None
        if store is None or not (_is_assign(store, lhs) or _is_step(store)):
            raise _NoMerge(f"{name!r} is also read")
        if not _statement(store, up[j + 1] if j + 1 < len(up) else None):
            raise _NoMerge(f"a store to {name!r} is used as a value")
        if store.kind != K.UNARY_OPERATOR:
            why = self.purity.effect(children(store)[1])
            if why:
                raise _NoMerge(f"the value stored to {name!r} {why}")
        self._guarded(store, name)
        part = self._renamed(lhs, ref, name, arg)
        lo = _span(store)[0]
        # the statement's own ';' ends it: libclang's extents of some values (vector
        # literals) stop short of their last parenthesis
        end = self._semicolon(store, up[-1], name)
        self._edit(lo, end, f"{self._text(lhs, name)} = {part}", name)
        self.sites.append(Site("assign", arg, fingerprint(lhs)))

    def _component(self, c: ci.Cursor) -> bool:
        """A vector component lvalue (``v.x``, ``v.s01``): libclang leaves it unexposed."""
        kids = children(c)
        if c.kind != K.UNEXPOSED_EXPR or len(kids) != 1:
            return False
        lo, hi = _span(c)
        k_lo, k_hi = _span(kids[0])
        return lo == k_lo and hi > k_hi and \
            re.fullmatch(rb"\s*\.\s*[A-Za-z_]\w*\s*", self.src[k_hi:hi]) is not None

    def vstore(self, call: ci.Cursor, ref: ci.Cursor, up: list, i: int, arg: int,
               name: str) -> None:
        args = children(call)[1:]
        fn = call.spelling or ""
        if fn.startswith(("atomic_", "atom_")):
            raise _NoMerge(f"atomics on {name!r}")
        if not _VSTORE.match(fn) or len(args) != 3 or not _contains(args[2], ref):
            raise _NoMerge(f"{name!r} is passed to {fn}()")
        if not _statement(call, up[i + 1] if i + 1 < len(up) else None):
            raise _NoMerge(f"the result of {fn}() on {name!r} is used")
        value, off, _ = args
        why = self.purity.effect(value)
        if why:
            raise _NoMerge(f"the value stored to {name!r} {why}")
        self._index(off, name)
        self._guarded(call, name)
        n = _VSTORE.match(fn).group(1)
        load = f"vload{n}({self._text(off, name)}, {self._renamed(args[2], ref, name, arg)})"
        # up to the offset argument (the value's own extent may stop short), comma kept
        self._edit(_span(value)[0], _span(off)[0], load + ", ", name)
        self.sites.append(Site("vstore", arg, fingerprint(bare(args[2])),
                               fingerprint(bare(off))))

    # ---------------------------------------------------------------- checks
    def _index(self, e: ci.Cursor, name: str) -> None:
        why = self.purity.effect(e)
        if why:
            raise _NoMerge(f"the address of a store to {name!r} {why}")
        why = self.det.why(e)
        if why:
            raise _NoMerge(f"the address of a store to {name!r} may differ between "
                           f"devices ({why})")

    def _guarded(self, store: ci.Cursor, name: str) -> None:
        if store.hash in self.det.under_varying:
            raise _NoMerge(f"a store to {name!r} runs under a branch that may go "
                           "differently on another device")

    # ---------------------------------------------------------------- text
    def _text(self, c: ci.Cursor, name: str) -> str:
        lo, hi = _span(c)
        if c.extent.start.file is None or c.extent.start.file.name != MAIN_FILE or hi <= lo:
            raise _NoMerge(f"a store to {name!r} is spelled through a macro")
        text = self.src[lo:hi].decode()
        if not _balanced(text):
            raise _NoMerge(f"cannot delimit a store to {name!r} in the source")
        return text

    def _renamed(self, c: ci.Cursor, ref: ci.Cursor, name: str, arg: int) -> str:
        """The source of ``c`` with the argument's name replaced by its part's."""
        lo, hi = _span(c)
        r0, r1 = _span(ref)
        if not (lo <= r0 < r1 <= hi) or self.src[r0:r1] != name.encode():
            raise _NoMerge(f"a store to {name!r} is spelled through a macro")
        text = self._text(c, name).encode()
        return (text[:r0 - lo] + part_name(arg).encode() + text[r1 - lo:]).decode()

    def _edit(self, lo: int, hi: int, text: str, name: str) -> None:
        if not (0 <= lo < hi <= len(self.src)) or not _balanced(self.src[lo:hi].decode()):
            raise _NoMerge(f"cannot delimit a store to {name!r} in the source")
        self.edits.append(Edit(lo, hi - lo, text))

    def _semicolon(self, store: ci.Cursor, body: ci.Cursor, name: str) -> int:
        """Offset of the ``;`` ending the statement ``store`` (inside ``body``).

        Searched in the tokens up to the body's end: the extents of ``if`` and loop
        statements stop before the ``;`` of a statement they hold without braces.
        """
        lo = _span(store)[0]
        depth = 0
        rng = ci.SourceRange.from_locations(store.extent.start, body.extent.end)
        for t in store.translation_unit.get_tokens(extent=rng):
            off = t.extent.start.offset
            if off < lo or t.location.file is None or t.location.file.name != MAIN_FILE:
                continue
            s = t.spelling
            if s in ("(", "[", "{"):
                depth += 1
            elif s in (")", "]", "}"):
                depth -= 1
                if depth < 0:
                    break
            elif s == ";" and depth == 0:
                return off
        raise _NoMerge(f"cannot delimit a store to {name!r} in the source")


def _balanced(text: str) -> bool:
    """Brackets pair up (comments and literals aside, which stores rarely hold)."""
    depth = 0
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _span(c: ci.Cursor) -> tuple[int, int]:
    return c.extent.start.offset, c.extent.end.offset


def _skip(up: list[ci.Cursor], i: int, kinds) -> int:
    while i < len(up) and up[i].kind in kinds and len(children(up[i])) == 1:
        i += 1
    return i


def _contains(c: ci.Cursor, x: ci.Cursor) -> bool:
    return any(y.hash == x.hash and _span(y) == _span(x) for y in c.walk_preorder())


def _through_pointer(member: ci.Cursor) -> bool:
    """``p->f`` (as opposed to ``x.f``)."""
    kids = children(member)
    return bool(kids) and kids[0].type.get_canonical().kind == ci.TypeKind.POINTER


def _is_assign(store: ci.Cursor, lhs: ci.Cursor) -> bool:
    return assign_op(store) is not None and children(store)[0].hash == lhs.hash


def _is_step(store: ci.Cursor) -> bool:
    return store.kind == K.UNARY_OPERATOR and unary_op(store) in ("++", "--")


def _statement(e: ci.Cursor, parent: ci.Cursor | None) -> bool:
    """``e`` is a statement of its own (its value unused), not a condition or operand."""
    if parent is None or parent.kind not in _STATEMENT_PARENTS:
        return False
    kids = children(parent)
    if parent.kind == K.FOR_STMT:
        return kids[-1].hash == e.hash
    if parent.kind in (K.IF_STMT, K.WHILE_STMT, K.CASE_STMT):
        return kids[0].hash != e.hash
    if parent.kind == K.DO_STMT:
        return kids[-1].hash != e.hash
    return True


def _misuse(p: ci.Cursor, name: str) -> str:
    if p.kind == K.VAR_DECL or p.kind == K.BINARY_OPERATOR and binary_op(p) == "=" or \
            p.kind == K.CSTYLE_CAST_EXPR:
        return f"{name!r} is stored through a derived pointer (alias)"
    if p.kind == K.UNARY_OPERATOR and unary_op(p) == "&":
        return f"the address of {name!r} is taken"
    if p.kind == K.CALL_EXPR:
        return f"{name!r} is passed to {p.spelling}()"
    if p.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
        return f"{name!r} is reassigned"
    return f"{name!r} is used as a value"


