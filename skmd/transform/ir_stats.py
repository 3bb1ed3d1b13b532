"""Static counts from the IR the OpenCL compiler really produced (a cross-check of the
source analysis).

The source analysis (:mod:`.analyze`) reasons about OpenCL C as written; what runs is
what the compiler made of it after inlining and optimisation. PoCL, built with
``POCL_CACHE_DIR`` set, leaves each program's linked LLVM bitcode in
``<cache>/<xx>/<hash>/program.bc``; :func:`kernel_ir_stats` reads one kernel of such a
module with llvmlite and counts what its cost depends on: instructions, memory
operations, floating-point operations and loops (natural loops found as back edges of
the control-flow graph). Plain function of bytes: the build that made the file is the
caller's business.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import llvmlite.binding as llvm

_FLOAT_OPS = frozenset({"fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fcmp"})


@dataclass(frozen=True)
class IRStats:
    """Counts over one kernel function's own body (callees not followed)."""

    instructions: int
    blocks: int
    loads: int
    stores: int
    calls: int
    float_ops: int
    #: loop headers: targets of back edges in a depth-first walk from the entry block
    loops: int


def find_program_bitcode(cache_dir: str | Path) -> list[Path]:
    """Every ``program.bc`` under a PoCL cache folder, newest first."""
    found = Path(cache_dir).glob("*/*/program.bc")
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def kernel_ir_stats(bitcode: bytes, kernel: str) -> IRStats:
    """Counts of ``kernel``'s body in an LLVM bitcode module.

    Raises ValueError naming the kernel when the module does not define it, and
    RuntimeError (llvmlite's) when the bitcode cannot be read by this LLVM.
    """
    module = llvm.parse_bitcode(bitcode)
    try:
        fn = module.get_function(kernel)
    except NameError:
        fn = None
    if fn is None or fn.is_declaration:
        defined = sorted(f.name for f in module.functions if not f.is_declaration)
        raise ValueError(f"kernel {kernel!r} is not defined in the bitcode "
                         f"(defined: {', '.join(defined) or 'none'})")
    counts = dict.fromkeys(("instructions", "loads", "stores", "calls", "float_ops"), 0)
    successors: dict[str, list[str]] = {}
    order: list[str] = []
    for block in fn.blocks:
        order.append(block.name)
        last = None
        for ins in block.instructions:
            last = ins
            op = ins.opcode
            counts["instructions"] += 1
            counts["loads"] += op == "load"
            counts["stores"] += op == "store"
            counts["calls"] += op == "call"
            counts["float_ops"] += op in _FLOAT_OPS
        successors[block.name] = ([o.name for o in last.operands if str(o.type) == "label"]
                                  if last is not None else [])
    return IRStats(blocks=len(order), loops=len(_loop_headers(order[0], successors))
                   if order else 0, **counts)


def _loop_headers(entry: str, successors: dict[str, list[str]]) -> set[str]:
    """Targets of back edges (edges to a block still on the depth-first path)."""
    headers: set[str] = set()
    on_path: set[str] = set()
    seen: set[str] = set()
    stack: list[tuple[str, int]] = [(entry, 0)]
    seen.add(entry)
    on_path.add(entry)
    while stack:
        block, i = stack[-1]
        nexts = successors.get(block, [])
        if i == len(nexts):
            stack.pop()
            on_path.discard(block)
            continue
        stack[-1] = (block, i + 1)
        succ = nexts[i]
        if succ in on_path:
            headers.add(succ)
        elif succ not in seen:
            seen.add(succ)
            on_path.add(succ)
            stack.append((succ, 0))
    return headers
