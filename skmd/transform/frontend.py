"""libclang front end for OpenCL C.

Only the pieces of libclang that the pinned Python bindings lack (operator kinds,
constant evaluation, pretty printing) are reached through ctypes; the rest is
``clang.cindex`` as documented.
"""
from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from typing import Sequence

import clang.cindex as ci

from .diskcache import normalise_options  # noqa: F401 - the front end's name too

MAIN_FILE = "skmd_program.cl"
_lib = None
_preloaded = False


def preload() -> None:
    """Load libclang without holding the interpreter's lock.

    ctypes opens a library with the lock held, and libclang is 80 MB: 4 ms from a
    warm page cache, far more from disk, during which a program's thread cannot run
    a line of Python.  Opened first through libc's own ``dlopen`` (a foreign call,
    which ctypes makes without the lock), it is found loaded when ``clang.cindex``
    opens it.  Any failure leaves the opening to ``clang.cindex``, as before.
    Once per process: every analysis job calls it."""
    global _preloaded
    if _preloaded:
        return
    _preloaded = True
    try:
        path = ci.conf.get_filename()
        libc = ctypes.CDLL(None)
        libc.dlopen.restype = ctypes.c_void_p
        libc.dlopen.argtypes = [ctypes.c_char_p, ctypes.c_int]
        libc.dlopen(os.fsencode(path), os.RTLD_NOW | os.RTLD_LOCAL)
    except Exception:  # noqa: BLE001 - a head start only
        pass


def _clang():
    """Bind the extra C entry points once (they exist in libclang >= 17)."""
    global _lib
    if _lib is None:
        lib = ci.conf.lib
        cursor, text, num, ptr = ci.Cursor, ci._CXString, ctypes.c_int, ctypes.c_void_p
        for name, args, result in (
                ("clang_getCursorBinaryOperatorKind", [cursor], num),
                ("clang_getBinaryOperatorKindSpelling", [num], text),
                ("clang_getCursorUnaryOperatorKind", [cursor], num),
                ("clang_getUnaryOperatorKindSpelling", [num], text),
                ("clang_Cursor_Evaluate", [cursor], ptr),
                ("clang_EvalResult_getKind", [ptr], num),
                ("clang_EvalResult_getAsLongLong", [ptr], ctypes.c_longlong),
                ("clang_EvalResult_dispose", [ptr], None),
                ("clang_getCursorPrettyPrinted", [cursor, ptr], text)):
            fn = getattr(lib, name)
            fn.argtypes = args
            if result is not None:
                fn.restype = result
        _lib = lib
    return _lib


def binary_op(c: ci.Cursor) -> str:
    lib = _clang()
    return ci._CXString.from_result(
        lib.clang_getBinaryOperatorKindSpelling(lib.clang_getCursorBinaryOperatorKind(c)))


def unary_op(c: ci.Cursor) -> str:
    lib = _clang()
    kind = lib.clang_getCursorUnaryOperatorKind(c)
    s = ci._CXString.from_result(lib.clang_getUnaryOperatorKindSpelling(kind))
    # PostInc=1 PostDec=2 PreInc=3 PreDec=4 share spellings (see :func:`is_postfix`)
    return s


def is_postfix(c: ci.Cursor) -> bool:
    """``k++`` or ``k--``: the expression's value is the operand's old value."""
    return _clang().clang_getCursorUnaryOperatorKind(c) in (1, 2)


def int_value(c: ci.Cursor) -> int | None:
    """Value of an integer constant expression, macros expanded."""
    lib = _clang()
    res = lib.clang_Cursor_Evaluate(c)
    if not res:
        return None
    try:
        if lib.clang_EvalResult_getKind(res) != 1:  # CXEval_Int
            return None
        return int(lib.clang_EvalResult_getAsLongLong(res))
    finally:
        lib.clang_EvalResult_dispose(res)


def is_kernel(fn: ci.Cursor) -> bool:
    """Kernel qualifier, also when spelled through a macro."""
    text = ci._CXString.from_result(_clang().clang_getCursorPrettyPrinted(fn, None))
    head = text.split("(", 1)[0]
    return "__kernel" in head or "opencl_kernel" in head or head.split()[:1] == ["kernel"]


def _base_header() -> str | None:
    """PoCL's wheel carries clang's ``opencl-c-base.h`` (types and CLK_* macros)."""
    try:
        import pocl_binary_distribution as pb
    except ImportError:
        return None
    base = os.path.dirname(pb.__file__)
    for root in (os.path.join(base, ".libs", "share", "pocl", "include"),
                 os.path.join(base, "share", "pocl", "include")):
        p = os.path.join(root, "opencl-c-base.h")
        if os.path.exists(p):
            return p
    return None


#: where the built-in prelude appears to clang (an in-memory file, so an absolute path)
PRELUDE_FILE = "/skmd-virtual/skmd_prelude.h"

#: OpenCL C's constant macros (limits, math constants, sampler flags), for the
#: prelude used when no base header is installed.  Only parsing needs them: the
#: analysis never evaluates a floating constant, and the sampler values are this
#: prelude's own (every implementation picks its own).
_MATH = {"E": "2.718281828459045235360", "LOG2E": "1.442695040888963407360",
         "LOG10E": "0.434294481903251827651", "LN2": "0.693147180559945309417",
         "LN10": "2.302585092994045684020", "PI": "3.141592653589793238460",
         "PI_2": "1.570796326794896619230", "PI_4": "0.785398163397448309616",
         "1_PI": "0.318309886183790671538", "2_PI": "0.636619772367581343076",
         "2_SQRTPI": "1.128379167095512573900", "SQRT2": "1.414213562373095048800",
         "SQRT1_2": "0.707106781186547524401"}
_CONSTANTS = {
    **{f"M_{k}_F": f"{v}f" for k, v in _MATH.items()},
    **{f"M_{k}": v for k, v in _MATH.items()},
    "CHAR_BIT": "8", "SCHAR_MAX": "127", "SCHAR_MIN": "(-127-1)", "CHAR_MAX": "SCHAR_MAX",
    "CHAR_MIN": "SCHAR_MIN", "UCHAR_MAX": "255", "SHRT_MAX": "32767",
    "SHRT_MIN": "(-32767-1)", "USHRT_MAX": "65535", "INT_MAX": "2147483647",
    "INT_MIN": "(-2147483647-1)", "UINT_MAX": "0xffffffffU",
    "LONG_MAX": "0x7fffffffffffffffL", "LONG_MIN": "(-0x7fffffffffffffffL-1)",
    "ULONG_MAX": "0xffffffffffffffffUL",
    "FLT_DIG": "6", "FLT_MANT_DIG": "24", "FLT_MAX_10_EXP": "38", "FLT_MAX_EXP": "128",
    "FLT_MIN_10_EXP": "(-37)", "FLT_MIN_EXP": "(-125)", "FLT_RADIX": "2",
    "FLT_MAX": "0x1.fffffep127f", "FLT_MIN": "0x1.0p-126f", "FLT_EPSILON": "0x1.0p-23f",
    "DBL_DIG": "15", "DBL_MANT_DIG": "53", "DBL_MAX_10_EXP": "308", "DBL_MAX_EXP": "1024",
    "DBL_MIN_10_EXP": "(-307)", "DBL_MIN_EXP": "(-1021)",
    "DBL_MAX": "0x1.fffffffffffffp1023", "DBL_MIN": "0x1.0p-1022",
    "DBL_EPSILON": "0x1.0p-52",
    "MAXFLOAT": "FLT_MAX", "HUGE_VALF": "(1.0f/0.0f)", "HUGE_VAL": "(1.0/0.0)",
    "INFINITY": "(1.0f/0.0f)", "NAN": "(0.0f/0.0f)",
    "FP_ILOGB0": "INT_MIN", "FP_ILOGBNAN": "INT_MAX",
    "CLK_LOCAL_MEM_FENCE": "1", "CLK_GLOBAL_MEM_FENCE": "2", "CLK_IMAGE_MEM_FENCE": "4",
    "CLK_NORMALIZED_COORDS_FALSE": "0", "CLK_NORMALIZED_COORDS_TRUE": "1",
    "CLK_ADDRESS_NONE": "0", "CLK_ADDRESS_CLAMP_TO_EDGE": "2", "CLK_ADDRESS_CLAMP": "4",
    "CLK_ADDRESS_REPEAT": "6", "CLK_ADDRESS_MIRRORED_REPEAT": "8",
    "CLK_FILTER_NEAREST": "0x10", "CLK_FILTER_LINEAR": "0x20",
}

# Used only when no base header is installed (a system OpenCL without PoCL's wheel).
_FALLBACK_PRELUDE = "\n".join(
    ["typedef unsigned char uchar; typedef unsigned short ushort;",
     "typedef unsigned int uint; typedef unsigned long ulong;",
     "typedef ulong size_t; typedef long ptrdiff_t; typedef long intptr_t;",
     "typedef ulong uintptr_t; typedef uint cl_mem_fence_flags;",
     # clang declares the built-ins with pointer arguments (sincos, fract, vload4 ...)
     # for OpenCL C 1.x only when this feature macro is defined
     "#define __opencl_c_named_address_space_builtins 1"]
    + [f"#define {k} {v}" for k, v in _CONSTANTS.items()]
    + [f"typedef {t} {t}{n} __attribute__((ext_vector_type({n})));"
       for t in ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                 "float", "double", "half")
       for n in (2, 3, 4, 8, 16)]) + "\n"


@dataclass(frozen=True)
class ParsedProgram:
    tu: ci.TranslationUnit
    source: str
    errors: tuple[str, ...]


def clang_args(options: Sequence[str]) -> list[str]:
    """Map OpenCL build options onto clang's: keep -D/-I/-U and -cl-std, drop the rest."""
    std = "CL1.2"
    keep: list[str] = []
    it = iter(options)
    for o in it:
        if o in ("-D", "-I", "-U"):
            nxt = next(it, None)
            if nxt is not None:
                keep += [o, nxt]
        elif o.startswith(("-D", "-I", "-U")):
            keep.append(o)
        elif o.startswith("-cl-std="):
            std = o.split("=", 1)[1]
    args = ["-x", "cl", f"-cl-std={std}", "-cl-no-stdinc", "-Xclang",
            "-fdeclare-opencl-builtins", "-Xclang",
            "-cl-ext=+cl_khr_fp64,+cl_khr_fp16,+cl_khr_int64_base_atomics,"
            "+cl_khr_global_int32_base_atomics,+cl_khr_local_int32_base_atomics",
            "-Wno-everything"]
    header = _base_header()
    args += ["-include", header] if header else ["-include", PRELUDE_FILE]
    return args + keep + _pyopencl_include()


def _pyopencl_include() -> list[str]:
    """pyopencl adds its own header folder when it builds; its kernels include from it."""
    try:
        import pyopencl
    except ImportError:
        return []
    d = os.path.join(os.path.dirname(pyopencl.__file__), "cl")
    return ["-I", d] if os.path.isdir(d) else []


def parse(source: str, options: Sequence[str]) -> ParsedProgram:
    unsaved = [(MAIN_FILE, source), (PRELUDE_FILE, _FALLBACK_PRELUDE)]
    tu = ci.Index.create().parse(MAIN_FILE, args=clang_args(options), unsaved_files=unsaved)
    errors = tuple(str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error)
    return ParsedProgram(tu, source, errors)


def in_main_file(c: ci.Cursor) -> bool:
    f = c.location.file
    return f is not None and f.name == MAIN_FILE


def strip(c: ci.Cursor) -> ci.Cursor:
    """Skip implicit casts and parentheses (they change neither value nor address)."""
    while c.kind in (ci.CursorKind.UNEXPOSED_EXPR, ci.CursorKind.PAREN_EXPR):
        kids = list(c.get_children())
        if len(kids) != 1:
            return c
        c = kids[0]
    return c


def address_space(t: ci.Type) -> str:
    """Address space of a pointer's pointee, from the type spelling."""
    s = t.get_pointee().spelling if t.kind == ci.TypeKind.POINTER else t.spelling
    for space in ("__global", "__constant", "__local"):
        if space in s.split():
            return space[2:]
    return "private"
