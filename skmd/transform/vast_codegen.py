"""Kernels for VAST's chunks (thesis §4.4.2): windowed, paged-access and inspector.

All three are the partition-ready kernel (it runs any range of work-group rows)
with more parameters and a few edits at AST offsets, so macros and build options
keep working:

* a *windowed* argument is bound to a device buffer holding bytes
  ``[base, base + n)`` of the host buffer; the kernel moves its pointer back by
  ``base`` at entry, so every index stays what the program computes;
* a *paged* argument (read through a data-dependent index) is bound to the
  chunk's frames; every ``a[e]`` becomes ``a[skmd_page(lpt, e)]``, a look-up in the
  look-ahead page table (a page the table lacks raises a miss flag, so a wrong
  prediction shows instead of giving a wrong answer);
* the *inspector* replaces every ``a[e]`` of a paged argument by a mark of
  ``e``'s page in the page accessed set followed by a zeroed element of ``a``'s
  type (so ``a[e].x`` stays well typed), and reads no frame at all.

Paged arguments are accepted only as ``a[e]`` on the parameter itself, read, with
``e`` free of any paged argument; anything else is refused with the reason.
"""
from __future__ import annotations

from typing import Mapping

import clang.cindex as ci

from .frontend import in_main_file, is_kernel, normalise_options, parse, strip
from .rewrite import RewriteError, partition_source

PAGED_HELPERS = """
/* skmd: look-ahead page table (VAST) */
long skmd_page(__global const uint* lpt, __global int* miss, long e, ulong n, uint sh) {
  if ((ulong)e >= n) { *miss = 1; return 0; }
  uint f = lpt[(ulong)e >> sh];
  if (f == 0xFFFFFFFFu) { *miss = 1; return 0; }
  return ((long)f << sh) | (e & ((1L << sh) - 1));
}
int skmd_mark(__global uchar* pas, long e, ulong n, uint sh) {
  if ((ulong)e < n) pas[(ulong)e >> sh] = 1;
  return 0;
}
"""


class VastRefused(Exception):
    """A kernel VAST cannot rewrite; the message says which argument and why."""


def _kernel(tu: ci.TranslationUnit, name: str) -> ci.Cursor:
    for c in tu.cursor.get_children():
        if (c.kind == ci.CursorKind.FUNCTION_DECL and c.spelling == name
                and in_main_file(c) and c.is_definition() and is_kernel(c)):
            return c
    raise VastRefused(f"kernel {name} not found in its program")


def _paged_sites(fn: ci.Cursor, params: list[ci.Cursor], paged: Mapping[int, int]
                 ) -> list[tuple[int, ci.Cursor, ci.Cursor]]:
    """(arg, subscript, index) of every access to a paged argument."""
    decls = {params[i].hash: i for i in paged}
    sites: list[tuple[int, ci.Cursor, ci.Cursor]] = []
    used: list[tuple[int, ci.Cursor]] = []

    def walk(c: ci.Cursor, parent: ci.Cursor | None) -> None:
        if c.kind == ci.CursorKind.DECL_REF_EXPR and c.referenced is not None \
                and c.referenced.hash in decls:
            used.append((decls[c.referenced.hash], c))
        if c.kind == ci.CursorKind.ARRAY_SUBSCRIPT_EXPR:
            kids = list(c.get_children())
            base = strip(kids[0]) if len(kids) == 2 else None
            if (base is not None and base.kind == ci.CursorKind.DECL_REF_EXPR
                    and base.referenced is not None and base.referenced.hash in decls):
                arg = decls[base.referenced.hash]
                if parent is not None and parent.kind == ci.CursorKind.UNARY_OPERATOR and \
                        [t.spelling for t in parent.get_tokens()][:1] == ["&"]:
                    raise VastRefused(f"argument {params[arg].spelling} has its address "
                                      "taken")
                sites.append((arg, c, kids[1]))
        for k in c.get_children():
            walk(k, c)

    body = [c for c in fn.get_children() if c.kind == ci.CursorKind.COMPOUND_STMT]
    for b in body:
        walk(b, None)
    bases = {(s[1].extent.start.offset) for s in sites}
    for arg, ref in used:
        if ref.extent.start.offset not in bases:
            raise VastRefused(f"argument {params[arg].spelling} is used other than as "
                              "a[index]")
    for arg, sub, idx in sites:
        lo, hi = sub.extent.start.offset, sub.extent.end.offset
        ilo, ihi = idx.extent.start.offset, idx.extent.end.offset
        if not (lo < ilo <= ihi < hi) or sub.extent.start.file is None:
            raise VastRefused(f"an access to {params[arg].spelling} is written through a "
                              "macro")
        for k in idx.walk_preorder():
            if k.kind == ci.CursorKind.DECL_REF_EXPR and k.referenced is not None \
                    and k.referenced.hash in decls:
                raise VastRefused(f"the index of an access to {params[arg].spelling} "
                                  "depends on a paged argument")
    return sites


#: qualifiers of a parameter's pointee that a private variable of its type drops
_QUALIFIERS = {"const", "volatile", "restrict", "__global", "global", "__constant",
               "constant", "__private", "private"}


def _zero_decl(param: ci.Cursor, i: int) -> str:
    """A private, zeroed element of paged argument ``i``'s type, which the inspector's
    ``a[e]`` becomes: the element's fields and components (``p[e].x``) and whole
    structs stay well typed where the mark's int alone is not."""
    words = param.type.get_pointee().spelling.split()
    name = " ".join(w for w in words if w not in _QUALIFIERS)
    return (f"{name} skmd_zero_{i}; for (uint skmd_k = 0; skmd_k < sizeof(skmd_zero_{i}); "
            f"skmd_k++) ((__private uchar*)&skmd_zero_{i})[skmd_k] = 0;")


def _shift(elem: int, page: int | None) -> int:
    """log2 of the elements per page (pages of ``page`` bytes; None: the largest)."""
    from skmd.vast.pages import PAGE_BYTES
    return (page or PAGE_BYTES).bit_length() - elem.bit_length()


def vast_source(source: str, options: str, kernel: str, mode: str,
                windowed: Mapping[int, str], paged: Mapping[int, int],
                inspector: bool = False, pages: Mapping[int, int] | None = None) -> str:
    """The program with ``kernel`` rewritten for chunks.

    ``windowed``: arg index -> address space ("global"/"constant") of arguments
    bound to windows; ``paged``: arg index -> element size of arguments read
    through the page table, in pages of ``pages[arg]`` bytes (default: the largest page).
    Extra parameters, after the range parameters:
    ``ulong skmd_base_<i>`` per windowed argument, then per paged argument
    ``__global const uint* skmd_lpt_<i>, ulong skmd_n_<i>`` and one
    ``__global int* skmd_miss`` (the inspector: ``__global uchar* skmd_pas_<i>,
    ulong skmd_n_<i>`` per paged argument).
    """
    parsed = parse(source, normalise_options(options))
    if parsed.errors:
        raise VastRefused("front end: " + "; ".join(parsed.errors[:3]))
    fn = _kernel(parsed.tu, kernel)
    params = [c for c in fn.get_children() if c.kind == ci.CursorKind.PARM_DECL]
    b = source.encode()
    extra: list[str] = [f"ulong skmd_base_{i}" for i in sorted(windowed)]
    edits: list[tuple[int, int, str]] = []
    body = [c for c in fn.get_children() if c.kind == ci.CursorKind.COMPOUND_STMT]
    if not body or b[body[0].extent.start.offset:body[0].extent.start.offset + 1] != b"{":
        raise VastRefused(f"cannot find the body of {kernel}")
    open_at = body[0].extent.start.offset + 1
    moves = []
    for i in sorted(windowed):
        name = params[i].spelling
        space = "__constant" if windowed[i] == "constant" else "__global"
        moves.append(f"{name} = (__typeof__({name}))((const {space} uchar*){name} - "
                     f"skmd_base_{i});")
    if inspector:  # an element's stand-in: the inspector reads no frame
        moves += [_zero_decl(params[i], i) for i in sorted(paged)]
    if moves:
        edits.append((open_at, 0, "\n  " + " ".join(moves) + "\n"))
    if paged:
        for i in sorted(paged):
            if inspector:
                extra += [f"__global uchar* skmd_pas_{i}", f"ulong skmd_n_{i}"]
            else:
                extra += [f"__global const uint* skmd_lpt_{i}", f"ulong skmd_n_{i}"]
        if not inspector:
            extra.append("__global int* skmd_miss")
        for arg, sub, idx in _paged_sites(fn, params, paged):
            sh = _shift(paged[arg], (pages or {}).get(arg))
            if inspector:
                lo, hi = sub.extent.start.offset, sub.extent.end.offset
                text = b[idx.extent.start.offset:idx.extent.end.offset].decode()
                edits.append((lo, hi - lo, f"(skmd_mark(skmd_pas_{arg}, (long)({text}), "
                                           f"skmd_n_{arg}, {sh}u), skmd_zero_{arg})"))
            else:
                edits.append((idx.extent.start.offset, 0,
                              f"skmd_page(skmd_lpt_{arg}, skmd_miss, (long)("))
                edits.append((idx.extent.end.offset, 0, f"), skmd_n_{arg}, {sh}u)"))
        edits.append((0, 0, PAGED_HELPERS + "#line 1\n"))
    try:
        return partition_source(source, {kernel: fn}, {kernel: mode},
                                more_params={kernel: ", ".join(extra)} if extra else None,
                                more_edits=edits)
    except RewriteError as exc:
        raise VastRefused(str(exc)) from exc
