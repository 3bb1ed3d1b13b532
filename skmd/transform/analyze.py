"""The front end's analysis: parse once, analyse every kernel, emit the partition-ready
program (:func:`.analyses.analyze_program` looks in memory and on disk first)."""
from __future__ import annotations

from dataclasses import replace

import clang.cindex as ci

from .cost import cost_poly, format_cost
from .frontend import address_space, in_main_file, is_kernel, parse
from .kernel_analysis import ArgInfo, KernelAnalysis, ProgramAnalysis
from .poly import Poly
from .merge_codegen import MergePlan, plan_merge
from .merge_safety import merge_program
from .rewrite import RewriteError, partition_source
from .groupshape import group_size_dependence
from .cursors import address_taken, is_int
from .walker import Ctx, KernelWalker


def _arg_space(t: ci.Type) -> str:
    s = t.spelling
    if "image" in s and "_t" in s:
        return "image"
    if "sampler_t" in s:
        return "sampler"
    if "pipe" in s.split() or "queue_t" in s or "clk_event_t" in s:
        return "other"
    if t.get_canonical().kind == ci.TypeKind.POINTER:
        sp = address_space(t)
        return sp if sp in ("global", "constant", "local") else "other"
    return "scalar"


def _unsplittable(fn: ci.Cursor, reason: str) -> KernelAnalysis:
    args = []
    for i, p in enumerate(x for x in fn.get_children() if x.kind == ci.CursorKind.PARM_DECL):
        space = _arg_space(p.type)
        buf = space in ("global", "constant")
        args.append(ArgInfo(i, p.spelling, p.type.spelling, space, None, buf, buf, False))
    return KernelAnalysis(fn.spelling, tuple(args), False, reason, (), False, "guard", "1")


def analyze_kernel(fn: ci.Cursor, functions: dict[str, ci.Cursor],
                   prototypes: frozenset[str] = frozenset()) -> KernelAnalysis:
    params = [x for x in fn.get_children() if x.kind == ci.CursorKind.PARM_DECL]
    spaces = {i: _arg_space(p.type) for i, p in enumerate(params)}
    walker = KernelWalker(functions, spaces, prototypes)
    walker.escaped = address_taken(fn).union(*(address_taken(f) for f in functions.values()))
    env: dict = {}
    for i, p in enumerate(params):
        if spaces[i] in ("global", "constant"):
            env[p.hash] = {i: Poly.const(0)}
        elif spaces[i] == "local":
            env[p.hash] = {"local": None}
        elif spaces[i] == "scalar" and is_int(p.type):
            env[p.hash] = Poly.atom(f"arg{i}")
        else:
            env[p.hash] = None
    body = [c for c in fn.get_children() if c.kind == ci.CursorKind.COMPOUND_STMT]
    if body:
        walker.block(body[0], env, Ctx())
    reasons: list[str] = []
    for i, p in enumerate(params):
        if spaces[i] in ("image", "sampler", "other"):
            reasons.append(f"argument {p.spelling!r} is an {spaces[i]} ({p.type.spelling})")
        elif spaces[i] == "global" and "volatile" in p.type.get_pointee().spelling.split():
            reasons.append(f"volatile global argument {p.spelling!r} "
                           "(possible communication between work-groups)")
    reduce = _aggregatable(walker, params)
    if walker.global_atomics and set(walker.atomic_args) - reduce:
        names = ", ".join(sorted(set(walker.global_atomics)))
        reasons.append(f"atomics on global memory ({names}) that partial results cannot "
                       "be summed for (not add/sub/inc/dec on integers with the result "
                       "unused, or the buffer is also read or written plainly)")
    reasons += walker.reasons
    args = []
    for i, p in enumerate(params):
        accs = [a for a in walker.accesses if a.arg == i]
        t = p.type.get_canonical()
        elem = None
        if t.kind == ci.TypeKind.POINTER:
            s = t.get_pointee().get_size()
            elem = s if s > 0 else None
        args.append(ArgInfo(i, p.spelling, p.type.spelling, spaces[i], elem,
                            any(a.kind == "read" for a in accs),
                            any(a.kind == "write" for a in accs),
                            any(a.atomic for a in accs), i in reduce))
    cost = cost_poly(walker.cost_stack[0])
    if walker.helper_remapped and "async_work_group" in _kernel_text(fn):
        # PoCL crashes on async copies under the guard's early return
        reasons.append("async_work_group_copy in a kernel that needs an entry guard")
    return KernelAnalysis(
        name=fn.spelling, args=tuple(args), splittable=not reasons,
        reason="; ".join(dict.fromkeys(reasons)) or None,
        atomics=tuple(sorted(walker.atomics)), uses_barrier=walker.uses_barrier,
        launch_mode="guard" if walker.helper_remapped else "offset",
        cost_expr=format_cost(cost, args), accesses=tuple(walker.accesses),
        loops=dict(walker.loops), cost_poly=cost,
        wrap_checks=tuple(sorted(walker.wrap_checks, key=str)),
        group_size_reason=group_size_dependence(fn, functions))


def _aggregatable(walker: KernelWalker, params: list) -> set[int]:
    """Buffer arguments touched only by additive global atomics on 4- or 8-byte integers."""
    out = set()
    for i, additive in walker.atomic_args.items():
        if not additive or i >= len(params):
            continue
        t = params[i].type.get_canonical()
        pointee = t.get_pointee() if t.kind == ci.TypeKind.POINTER else None
        if pointee is None or not is_int(pointee) or pointee.get_size() not in (4, 8):
            continue
        if all(a.atomic for a in walker.accesses if a.arg == i):
            out.add(i)
    return out


def _kernel_text(fn: ci.Cursor) -> str:
    tokens = fn.get_tokens()
    return " ".join(t.spelling for t in tokens)


def _analyze(source: str, opts: tuple[str, ...]) -> ProgramAnalysis:
    try:
        parsed = parse(source, opts)
    except Exception as exc:  # libclang missing or broken
        return ProgramAnalysis({}, None, f"front end failed: {exc}")
    functions: dict[str, ci.Cursor] = {}
    kernels: dict[str, ci.Cursor] = {}
    declared: set[str] = set()
    overloaded: set[str] = set()
    included: dict[str, ci.Cursor] = {}  # defined in a header the program includes
    for c in parsed.tu.cursor.get_children():
        if c.kind == ci.CursorKind.FUNCTION_DECL and in_main_file(c):
            declared.add(c.spelling)
        if c.kind == ci.CursorKind.FUNCTION_DECL and in_main_file(c) and c.is_definition():
            if c.spelling in functions:
                overloaded.add(c.spelling)
            functions[c.spelling] = c
            if is_kernel(c):
                kernels[c.spelling] = c
        elif c.kind == ci.CursorKind.FUNCTION_DECL and c.is_definition():
            included[c.spelling] = c
    if parsed.errors:
        err = "front end: " + "; ".join(parsed.errors[:5])
        return ProgramAnalysis({n: _unsplittable(f, err) for n, f in kernels.items()}, None, err)
    # a kernel another function calls keeps its parameters, so it is not rewritten
    called = {n: _unsplittable(kernels.pop(n), "called by another function of the program")
              for n in _called_kernels(parsed.tu, kernels)}
    out: dict[str, KernelAnalysis] = {}
    for name, fn in kernels.items():
        over = _overload_called(fn, functions, overloaded)
        if over is not None:
            out[name] = _unsplittable(fn, f"calls {over}(), a function of several definitions "
                                          "(overloadable): which one runs is not followed")
            continue
        hidden = _included_use(fn, functions, included)
        if hidden is not None:
            helper, builtin = hidden
            out[name] = _unsplittable(fn, f"calls {helper}() of an included file, which calls "
                                          f"{builtin}(): included files are not followed")
            continue
        try:
            out[name] = analyze_kernel(fn, functions, frozenset(declared - set(functions)))
        except Exception as exc:  # an unforeseen construct must not break the program
            out[name] = _unsplittable(fn, f"analysis failed: {type(exc).__name__}: {exc}")
    modes = {n: k.launch_mode for n, k in out.items()}
    try:
        psrc = partition_source(source, kernels, modes)
    except RewriteError as exc:
        return ProgramAnalysis(
            {n: _unsplittable(kernels[n], f"cannot rewrite: {exc}") for n in out}, None,
            f"cannot rewrite: {exc}")
    out, msrc = _with_merge_kernels(source, opts, kernels, functions, modes, out)
    return ProgramAnalysis({**out, **called}, psrc, None, msrc)


def _overload_called(fn: ci.Cursor, functions: dict[str, ci.Cursor],
                     overloaded: set[str]) -> str | None:
    """The name of an overloaded function ``fn`` calls, directly or through helpers:
    the analysis finds functions by name, so it would follow the wrong body."""
    if not overloaded:
        return None
    seen: set[str] = set()
    todo = [fn]
    while todo:
        for c in todo.pop().walk_preorder():
            if c.kind != ci.CursorKind.CALL_EXPR:
                continue
            if c.spelling in overloaded:
                return c.spelling
            if c.spelling in functions and c.spelling not in seen:
                seen.add(c.spelling)
                todo.append(functions[c.spelling])
    return None


#: builtins a helper the analysis does not walk must not call: work-item ids and sizes
#: (a split part remaps them in the kernel only), atomics, barriers, group functions
_HIDDEN = ("get_", "atom", "barrier", "work_group_", "sub_group_", "mem_fence",
           "read_mem_fence", "write_mem_fence", "async_work_group", "wait_group_events")


def _included_use(fn: ci.Cursor, functions: dict[str, ci.Cursor],
                  included: dict[str, ci.Cursor]) -> tuple[str, str] | None:
    """(helper, builtin): a function of an included header that ``fn`` reaches and that
    calls a builtin of :data:`_HIDDEN`, directly or further down; None if there is none."""
    if not included:
        return None
    seen: set[str] = set()
    todo = [(fn, None)]
    while todo:
        f, via = todo.pop()
        for c in f.walk_preorder():
            if c.kind != ci.CursorKind.CALL_EXPR or not c.spelling:
                continue
            name = c.spelling
            if via is not None and name not in functions and name not in included \
                    and name.startswith(_HIDDEN):
                return via, name
            callee = functions.get(name) or included.get(name)
            if callee is not None and name not in seen:
                seen.add(name)
                todo.append((callee, via or (name if name in included else None)))
    return None


def _called_kernels(tu: ci.TranslationUnit, kernels: dict[str, ci.Cursor]) -> set[str]:
    """The kernels of ``kernels`` that a function of the program calls."""
    return {c.spelling for c in tu.cursor.walk_preorder()
            if c.kind == ci.CursorKind.CALL_EXPR and c.spelling in kernels
            and in_main_file(c)}


def _with_merge_kernels(source: str, opts: tuple[str, ...], kernels: dict[str, ci.Cursor],
                        functions: dict[str, ci.Cursor], modes: dict[str, str],
                        analyses: dict[str, KernelAnalysis]
                        ) -> tuple[dict[str, KernelAnalysis], str | None]:
    """Each analysis with its merge kernel (or the reason it has none), and their program."""
    b = source.encode()
    plans: dict[str, MergePlan] = {}
    for name, ka in analyses.items():
        try:
            plans[name] = plan_merge(kernels[name], ka, functions, b)
        except Exception as exc:  # an unforeseen construct: no merge kernel, diff merge
            plans[name] = MergePlan(name, reason=f"merge kernel failed: "
                                                 f"{type(exc).__name__}: {exc}")
    try:
        msrc, plans = merge_program(source, kernels, modes, plans, opts)
    except Exception as exc:
        msrc = None
        plans = {n: replace(p, reason=p.reason or f"merge program failed: {exc}")
                 for n, p in plans.items()}
    out = {n: replace(ka, merge_parts=plans[n].parts if plans[n].reason is None else (),
                      merge_reason=plans[n].reason) for n, ka in analyses.items()}
    return out, msrc
