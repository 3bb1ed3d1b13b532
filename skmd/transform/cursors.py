"""Questions about clang cursors and types that the kernel walk keeps asking."""
from __future__ import annotations

from typing import Mapping

import clang.cindex as ci

from .frontend import binary_op, int_value, strip, unary_op

K = ci.CursorKind
#: C's assignment operators, plain and compound
ASSIGN_OPS = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="})
Fingerprint = tuple
INT_KINDS = {ci.TypeKind.BOOL, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.USHORT,
             ci.TypeKind.UINT, ci.TypeKind.ULONG, ci.TypeKind.ULONGLONG, ci.TypeKind.CHAR_S,
             ci.TypeKind.SCHAR, ci.TypeKind.SHORT, ci.TypeKind.INT, ci.TypeKind.LONG,
             ci.TypeKind.LONGLONG, ci.TypeKind.ENUM}


def is_int(t: ci.Type) -> bool:
    return t.get_canonical().kind in INT_KINDS


UNSIGNED = {ci.TypeKind.BOOL, ci.TypeKind.CHAR_U, ci.TypeKind.UCHAR, ci.TypeKind.USHORT,
             ci.TypeKind.UINT, ci.TypeKind.ULONG, ci.TypeKind.ULONGLONG}


def int_range(t: ci.Type) -> tuple[int, int] | None:
    """The values of an integer type narrower than 64 bits (None: wider, or no integer),
    where arithmetic and conversions wrap around instead of growing."""
    size = size_of(t) if is_int(t) else None
    if size is None or size >= 8:
        return None
    bits = 8 * size
    if t.get_canonical().kind in UNSIGNED:
        return 0, 2 ** bits - 1
    return -2 ** (bits - 1), 2 ** (bits - 1) - 1


def is_ptr(t: ci.Type) -> bool:
    return t.get_canonical().kind in (ci.TypeKind.POINTER, ci.TypeKind.CONSTANTARRAY,
                                      ci.TypeKind.INCOMPLETEARRAY)


def size_of(t: ci.Type) -> int | None:
    s = t.get_canonical().get_size()
    return s if s and s > 0 else None


def elem_size(t: ci.Type) -> int:
    t = t.get_canonical()
    inner = t.get_pointee() if t.kind == ci.TypeKind.POINTER else t.element_type
    return size_of(inner) or 1


def children(c: ci.Cursor) -> list[ci.Cursor]:
    return list(c.get_children())


def has_kind(c: ci.Cursor, kinds) -> bool:
    return any(x.kind in kinds for x in c.walk_preorder())


def only_returns(c: ci.Cursor) -> bool:
    if c.kind == K.RETURN_STMT:
        return True
    return c.kind == K.COMPOUND_STMT and [x.kind for x in children(c)] == [K.RETURN_STMT]


def partial_type(t: ci.Type) -> bool:
    """Stores of structs (padding) and 3-vectors (4th lane) may leave bytes untouched."""
    t = t.get_canonical()
    if t.kind == ci.TypeKind.RECORD:
        return True
    return t.kind in (ci.TypeKind.VECTOR, ci.TypeKind.EXTVECTOR) and t.get_size() != \
        (t.element_type.get_size() * t.element_count)


def assign_op(c: ci.Cursor) -> str | None:
    """The operator of an assignment expression (``=``, ``+=`` …), None for any other."""
    if c.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
        op = binary_op(c)
        if op in ASSIGN_OPS:
            return op
    return None


def assigned_decls(c: ci.Cursor) -> set[int]:
    """Declarations written anywhere under ``c`` (or whose address is taken)."""
    out: set[int] = set()
    for x in c.walk_preorder():
        target = None
        if x.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            target = children(x)[0]
        elif x.kind == K.BINARY_OPERATOR and binary_op(x) == "=":
            target = children(x)[0]
        elif x.kind == K.UNARY_OPERATOR and unary_op(x) in ("++", "--", "&"):
            target = children(x)[0]
        if target is not None:
            t = strip(target)
            while t.kind == K.MEMBER_REF_EXPR and children(t) and \
                    t.type.get_canonical().kind != ci.TypeKind.POINTER and \
                    children(t)[0].type.get_canonical().kind != ci.TypeKind.POINTER:
                t = strip(children(t)[0])
            if t.kind == K.DECL_REF_EXPR and t.referenced is not None:
                out.add(t.referenced.hash)
    return out


def _norm_type(spelling: str) -> str:
    return " ".join(t for t in spelling.replace("*", " * ").split() if t != "const")


#: the partition-ready program's stand-ins for the built-ins it remaps (see rewrite.py)
_REMAPPED = {"skmd_group_id": "get_group_id", "skmd_global_id": "get_global_id",
             "skmd_global_size": "get_global_size",
             "skmd_num_groups": "get_num_groups", "skmd_global_offset": "get_global_offset"}


def fingerprint(c: ci.Cursor, rename: Mapping[str, str] | None = None) -> Fingerprint:
    """The shape of an expression: kinds, operators, names, literals and types.

    A remapped work-item built-in and its stand-in compare equal (by name and
    dimension), so the original kernel and its partition-ready form can be compared.
    """
    k = c.kind
    if k == K.CALL_EXPR and (c.spelling in _REMAPPED or c.spelling in _REMAPPED.values()):
        # (the stand-in's macro puts its dimension in parentheses: ``(d)``)
        args = [_unparen(a) for a in children(c)[1:2]]
        return ("CALL_EXPR", _REMAPPED.get(c.spelling, c.spelling), "",
                tuple(fingerprint(a, rename) for a in args))
    if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
        extra = binary_op(c)
    elif k == K.UNARY_OPERATOR:
        extra = unary_op(c)
    elif k == K.DECL_REF_EXPR:
        name = c.spelling or ""
        extra = (rename or {}).get(name, name)
    elif k in (K.MEMBER_REF_EXPR, K.CALL_EXPR):
        extra = c.spelling or ""
    elif k == K.INTEGER_LITERAL:
        extra = str(int_value(c))
    elif k in (K.FLOATING_LITERAL, K.CHARACTER_LITERAL, K.STRING_LITERAL):
        extra = " ".join(t.spelling for t in c.get_tokens())
    else:
        extra = ""
    return (k.name, extra, _norm_type(c.type.get_canonical().spelling),
            tuple(fingerprint(x, rename) for x in children(c)))


def _unparen(c: ci.Cursor) -> ci.Cursor:
    """``c`` without the parentheses and implicit conversions around it."""
    while c.kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR) and len(children(c)) == 1:
        c = children(c)[0]
    return c


def bare(c: ci.Cursor) -> ci.Cursor:
    """``c`` without the implicit conversions around it (same extent, one child)."""
    while c.kind == K.UNEXPOSED_EXPR:
        kids = children(c)
        if len(kids) != 1 or (kids[0].extent.start.offset, kids[0].extent.end.offset) != \
                (c.extent.start.offset, c.extent.end.offset):
            break
        c = kids[0]
    return c


def address_taken(c: ci.Cursor) -> set[int]:
    """Declarations whose address is taken anywhere under ``c``: a pointer may change
    them where no assignment names them (``int *p = &k;`` before ``k``'s loop)."""
    return {strip(children(x)[0]).referenced.hash for x in c.walk_preorder()
            if x.kind == K.UNARY_OPERATOR and unary_op(x) == "&"
            and strip(children(x)[0]).kind == K.DECL_REF_EXPR
            and strip(children(x)[0]).referenced is not None}
