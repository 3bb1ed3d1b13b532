"""May skmd pick the work-group size of a launch that gives none?

With no local size the driver picks the work-groups, so a program's results
cannot legally depend on them unless the kernel looks at them.  A kernel whose
work-items see only their global ids and sizes computes the same whatever size is
picked, and skmd may pick one and split.  Anything that exposes the work-group
(local ids and sizes, group ids and counts, barriers, ``__local`` memory, the
work-group and sub-group functions) could make the results depend on the choice,
so such a kernel keeps the driver's choice and runs whole.

The scan is syntactic over the kernel and every program function it can reach,
after preprocessing (macros expanded), so a helper or a macro cannot hide a use.
"""
from __future__ import annotations

import clang.cindex as ci

from .frontend import address_space

K = ci.CursorKind

#: built-ins whose values depend on the work-group size or shape
GROUP_BUILTINS = frozenset({
    "get_local_id", "get_local_size", "get_group_id", "get_num_groups",
    "get_enqueued_local_size", "get_local_linear_id", "barrier", "work_group_barrier",
    "wait_group_events"})
#: families of built-ins that work per work-group or sub-group
GROUP_PREFIXES = ("work_group_", "sub_group_", "get_sub_group_", "get_num_sub_groups",
                  "get_max_sub_group_size", "get_enqueued_num_sub_groups",
                  "async_work_group_", "intel_sub_group_")
#: kernel attributes that fix the work-group size themselves
SIZE_ATTRIBUTES = ("reqd_work_group_size", "intel_reqd_sub_group_size")


def group_size_dependence(fn: ci.Cursor, functions: dict[str, ci.Cursor]) -> str | None:
    """Why ``fn``'s results may depend on its work-group size; None when they cannot."""
    why = _attribute(fn)
    if why:
        return why
    for p in fn.get_children():
        if p.kind == K.PARM_DECL and address_space(p.type) == "local" \
                and p.type.get_canonical().kind == ci.TypeKind.POINTER:
            return f"takes __local memory ({p.spelling})"
    seen: set[str] = set()
    todo = [fn]
    while todo:
        f = todo.pop()
        if f.spelling in seen:
            continue
        seen.add(f.spelling)
        for c in f.walk_preorder():
            if c.kind == K.CALL_EXPR:
                name = c.spelling
                if name in GROUP_BUILTINS or name.startswith(GROUP_PREFIXES):
                    return f"calls {name}()" + ("" if f is fn else f" (in {f.spelling})")
                callee = functions.get(name)
                if callee is not None:
                    todo.append(callee)
            elif c.kind == K.VAR_DECL and address_space(c.type) == "local":
                return f"declares __local memory ({c.spelling})"
    return None


def _attribute(fn: ci.Cursor) -> str | None:
    """A required work-group size, spelled in the kernel's declaration."""
    body = next((c for c in fn.get_children() if c.kind == K.COMPOUND_STMT), None)
    stop = body.extent.start.offset if body is not None else None
    for t in fn.get_tokens():
        if stop is not None and t.extent.start.offset >= stop:
            break
        if t.spelling in SIZE_ATTRIBUTES:
            return f"declares {t.spelling}"
    return None
