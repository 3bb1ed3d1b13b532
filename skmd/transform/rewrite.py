"""Partition-ready program: every kernel runs any range of its work-group rows.

Edits are made on the source text at AST positions, so user macros and -D options
keep working.  In "offset" mode the builtins that must keep their full-launch
values are redefined as macros around the kernel only; helper functions see the
real builtins, which is why kernels whose helpers call them use "guard" mode;
only guard-mode kernels get the early return at entry.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import clang.cindex as ci

from .frontend import in_main_file

EXTRA_PARAMS = "ulong skmd_gsize, ulong skmd_first, ulong skmd_last"

PRELUDE = """\
/* skmd: work-group range helpers (split dimension = get_work_dim() - 1; its rows
   start at group f, passed as an argument: drivers may keep offsets in 31 bits) */
size_t skmd_group_id(uint d, ulong f) {
  return get_group_id(d) + (d == get_work_dim() - 1u ? (size_t)f : 0);
}
size_t skmd_global_id(uint d, ulong f) {
  return get_global_id(d) + (d == get_work_dim() - 1u ? (size_t)f * get_local_size(d) : 0);
}
size_t skmd_global_size(uint d, ulong g) {
  return d == get_work_dim() - 1u ? (size_t)g : get_global_size(d);
}
size_t skmd_num_groups(uint d, ulong g) {
  return d == get_work_dim() - 1u ? (size_t)((g + get_local_size(d) - 1) / get_local_size(d))
                                  : get_num_groups(d);
}
size_t skmd_global_offset(uint d) {
  return d == get_work_dim() - 1u ? 0 : get_global_offset(d);
}
size_t skmd_global_linear_id(ulong g, ulong f) {
  size_t id = 0;
  for (uint d = get_work_dim(); d-- > 0;)
    id = id * skmd_global_size(d, g) + (skmd_global_id(d, f) - skmd_global_offset(d));
  return id;
}
"""

_REMAP_ON = """
#define get_group_id(d) skmd_group_id((d), skmd_first)
#define get_global_id(d) skmd_global_id((d), skmd_first)
#define get_global_size(d) skmd_global_size((d), skmd_gsize)
#define get_num_groups(d) skmd_num_groups((d), skmd_gsize)
#define get_global_offset(d) skmd_global_offset(d)
#define get_global_linear_id() skmd_global_linear_id(skmd_gsize, skmd_first)
"""
_REMAP_OFF = """
#undef get_group_id
#undef get_global_id
#undef get_global_size
#undef get_num_groups
#undef get_global_offset
#undef get_global_linear_id
"""
GUARD = ("\n  if (!((ulong)get_group_id(get_work_dim() - 1u) >= skmd_first && "
         "(ulong)get_group_id(get_work_dim() - 1u) < skmd_last)) return;\n")


class RewriteError(Exception):
    pass


def _skip_space(b: bytes, i: int) -> int:
    while i < len(b):
        if b[i:i + 1].isspace():
            i += 1
        elif b[i:i + 2] == b"/*":
            j = b.find(b"*/", i + 2)
            i = len(b) if j < 0 else j + 2
        elif b[i:i + 2] == b"//":
            j = b.find(b"\n", i)
            i = len(b) if j < 0 else j
        else:
            break
    return i


def _param_list(b: bytes, fn: ci.Cursor) -> tuple[int, int]:
    """Byte offsets of the parentheses around the parameter list."""
    loc = fn.location
    name = fn.spelling.encode()
    if not in_main_file(fn) or b[loc.offset:loc.offset + len(name)] != name:
        raise RewriteError(f"kernel {fn.spelling} is not spelled out in the source")
    i = _skip_space(b, loc.offset + len(name))
    if b[i:i + 1] != b"(":
        raise RewriteError(f"cannot find the parameters of {fn.spelling}")
    depth, j = 0, i
    while j < len(b):
        if b[j:j + 2] in (b"/*", b"//"):  # a parenthesis in a comment is no parenthesis
            j = _skip_space(b, j)
            continue
        ch = b[j:j + 1]
        if ch == b"(":
            depth += 1
        elif ch == b")":
            depth -= 1
            if depth == 0:
                return i, j
        j += 1
    raise RewriteError(f"unbalanced parameters of {fn.spelling}")


def _prototypes(fn: ci.Cursor) -> list[ci.Cursor]:
    """Declarations of kernel ``fn`` without a body: they must name the same parameters."""
    return [c for c in fn.translation_unit.cursor.get_children()
            if c.kind == ci.CursorKind.FUNCTION_DECL and c.spelling == fn.spelling
            and not c.is_definition()]


def partition_source(source: str, kernels: Mapping[str, ci.Cursor],
                     modes: Mapping[str, str], more_params: Mapping[str, str] | None = None,
                     more_edits: Sequence[tuple[int, int, str]] = ()) -> str:
    """Rewrite ``source``; ``modes`` maps kernel name to "offset" or "guard".

    ``more_params`` (kernel name -> parameter text, after the range parameters) and
    ``more_edits`` ((offset, bytes removed, text) on the original source, inside
    kernel bodies) make variants of the partition-ready program, such as its
    merge kernels, from the same single pass over the text.
    """
    b = source.encode()
    edits: list[tuple[int, int, bytes]] = [(o, n, t.encode()) for o, n, t in more_edits]
    for name, fn in kernels.items():
        params = EXTRA_PARAMS
        if more_params and more_params.get(name):
            params += ", " + more_params[name]
        for decl in [fn] + _prototypes(fn):
            open_p, close_p = _param_list(b, decl)
            inside = b[open_p + 1:close_p].strip()
            if inside in (b"", b"void"):
                edits.append((open_p + 1, close_p - open_p - 1, params.encode()))
            else:
                edits.append((close_p, 0, (", " + params).encode()))
        body = [c for c in fn.get_children() if c.kind == ci.CursorKind.COMPOUND_STMT]
        if not body or b[body[0].extent.start.offset:body[0].extent.start.offset + 1] != b"{":
            raise RewriteError(f"cannot find the body of {name}")
        if modes.get(name) != "offset":
            # offset launches run only their rows; the guard is for full launches
            edits.append((body[0].extent.start.offset + 1, 0, GUARD.encode()))
        else:
            start, end = fn.extent.start.offset, fn.extent.end.offset
            if b[end - 1:end] != b"}":
                raise RewriteError(f"cannot find the end of {name}")
            edits.append((start, 0, (_REMAP_ON + "\n").encode()))
            edits.append((end, 0, ("\n" + _REMAP_OFF).encode()))
    # at one offset the replacement is applied first, so an insertion lands before it
    for off, n, text in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        b = b[:off] + text + b[off + n:]
    return PRELUDE + "#line 1\n" + b.decode()
