"""The merge program, checked: generated as text, parsed again, compared with the original.

Stores are rewritten as source text at AST offsets, which a macro can make
mean something else.  So the generated program is parsed again, and every
rewritten store must come back as the same lvalue assigned from the same lvalue
of the part buffer (or the same ``vstoreN`` of a ``vloadN`` at the same offset),
tree for tree.  A kernel whose stores do not is left without a merge kernel.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Mapping, Sequence

import clang.cindex as ci

from .cursors import bare, children, fingerprint
from .frontend import binary_op, in_main_file, parse
from .merge_codegen import PART_PREFIX, MergePlan, Site
from .rewrite import partition_source

K = ci.CursorKind


def merge_program(source: str, kernels: Mapping[str, ci.Cursor], modes: Mapping[str, str],
                  plans: Mapping[str, MergePlan], options: Sequence[str]
                  ) -> tuple[str | None, dict[str, MergePlan]]:
    """The partition-ready program with merge kernels, and every plan as checked.

    Plans that fail the check come back with a reason, and the program is made
    again without them (the others keep theirs); it holds only kernels whose plans
    passed (the rest as in the partition-ready program).  None when none passed.
    """
    out = dict(plans)
    for _ in range(len(plans) + 1):
        live = {n: p for n, p in out.items() if p.reason is None}
        if not live:
            return None, out
        text = partition_source(
            source, kernels, modes, {n: p.params for n, p in live.items()},
            [(e.offset, e.removed, e.text) for p in live.values() for e in p.edits])
        parsed = parse(text, options)
        found = {c.spelling: c for c in parsed.tu.cursor.get_children()
                 if c.kind == K.FUNCTION_DECL and c.is_definition() and in_main_file(c)}
        if parsed.errors:
            bad = _with_errors(parsed.tu, found, live)
            if not bad:  # an error outside every merge kernel: none can be trusted
                return None, _fail(out, "merge program does not compile: " + parsed.errors[0])
        else:
            bad = {n: _check(found.get(n), p) for n, p in live.items()}
            bad = {n: f"generated merge kernel did not check: {why}"
                   for n, why in bad.items() if why}
            if not bad:
                return text, out
        for n, why in bad.items():
            out[n] = replace(out[n], reason=why)
    return None, _fail(out, "generated merge program did not check")


def _with_errors(tu: ci.TranslationUnit, found: Mapping[str, ci.Cursor],
                 live: Mapping[str, MergePlan]) -> dict[str, str]:
    """The merge kernels holding a compile error, with its text."""
    bad: dict[str, str] = {}
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error or d.location.file is None:
            continue
        off = d.location.offset
        for n in live:
            fn = found.get(n)
            if fn is not None and fn.extent.start.offset <= off <= fn.extent.end.offset:
                bad.setdefault(n, f"generated merge kernel does not compile: {d.spelling}")
    return bad


def _fail(plans: dict[str, MergePlan], why: str) -> dict[str, MergePlan]:
    return {n: p if p.reason else replace(p, reason=why) for n, p in plans.items()}


def _check(fn: ci.Cursor | None, plan: MergePlan) -> str | None:
    """None if kernel ``fn`` of the generated program has exactly the planned stores."""
    if fn is None:
        return "kernel missing"
    params = [p for p in children(fn) if p.kind == K.PARM_DECL]
    parts = {p.hash: p.spelling for p in params if p.spelling.startswith(PART_PREFIX)}
    if sorted(parts.values()) != sorted(f"{PART_PREFIX}{a}" for a in plan.parts):
        return "part parameters differ"
    rename = {f"{PART_PREFIX}{a}": params[a].spelling for a in plan.parts if a < len(params)}
    body = [c for c in children(fn) if c.kind == K.COMPOUND_STMT]
    if not body:
        return "no body"
    uses, stores = 0, []
    for x in body[0].walk_preorder():
        k = x.kind
        if k == K.DECL_REF_EXPR:
            uses += x.spelling in rename and x.referenced is not None and \
                x.referenced.hash in parts
        elif k in (K.BINARY_OPERATOR, K.CALL_EXPR) and _has_part(x, parts):
            stores.append(x)
    if uses != len(plan.sites) or len(stores) != len(plan.sites):
        return f"{len(plan.sites)} stores planned, {len(stores)} found"
    for site, node in zip(plan.sites, stores):
        why = _same(site, node, rename)
        if why:
            return why
    return None


def _has_part(x: ci.Cursor, parts: Mapping[int, str]) -> bool:
    """An assignment or ``vstoreN`` whose stored value reads a part buffer."""
    kids = children(x)
    if x.kind == K.BINARY_OPERATOR and binary_op(x) == "=" and len(kids) == 2:
        value = kids[1]
    elif x.kind == K.CALL_EXPR and re.fullmatch(r"vstore\d+", x.spelling or "") and \
            len(kids) == 4:
        value = kids[1]
    else:
        return False
    return any(y.kind == K.DECL_REF_EXPR and y.referenced is not None
               and y.referenced.hash in parts for y in value.walk_preorder())


def _same(site: Site, node: ci.Cursor, rename: Mapping[str, str]) -> str | None:
    kids = children(node)
    if site.kind == "assign":
        if node.kind != K.BINARY_OPERATOR:
            return "a store came back as a call"
        if fingerprint(kids[0]) != site.lhs_fp:
            return "a stored-to address changed"
        if fingerprint(bare(kids[1]), rename) != site.lhs_fp:
            return "a copied-from address differs from the stored-to one"
        return None
    if node.kind != K.CALL_EXPR:
        return "a vstore came back as an assignment"
    load = bare(kids[1])
    lk = children(load)
    if load.kind != K.CALL_EXPR or len(lk) != 3 or not (load.spelling or "").startswith("vload"):
        return "a vstore's value is not a vload"
    if fingerprint(bare(kids[2])) != site.off_fp or fingerprint(bare(lk[1])) != site.off_fp:
        return "a vstore offset changed"
    if fingerprint(bare(kids[3])) != site.lhs_fp or \
            fingerprint(bare(lk[2]), rename) != site.lhs_fp:
        return "a vstore pointer changed"
    return None
