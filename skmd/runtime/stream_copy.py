"""Host copies that stream past the caches: large copies into and out of staging memory.

A staged transfer copies every byte once on the host (the program's array into a
page-locked slot, or a slot into the program's array) before or after the DMA, so
on a fast link the host's memory bandwidth sets the pace.  An ordinary copy
(``memcpy`` of a few MiB) first reads every destination line into the cache, then
writes it back: three passes over memory per byte.  Non-temporal stores write
around the cache, two passes, and leave the cache to the program; the copied bytes
are read next by a DMA engine or much later by the program, never at once by this
core.

The copy loop is compiled once with llvmlite (stores marked ``!nontemporal``: SSE2 /
AVX ``movnt*`` on x86-64, ``stnp`` on AArch64), in a thread started by the first
large copy; until it is ready, and wherever it cannot be built (an llvmlite older
than opaque pointers, no native target), :func:`numpy.copyto` copies.  Calls go
through ctypes, which lets go of the interpreter lock, so the copy threads run
in parallel as NumPy's copies do.
"""
from __future__ import annotations

import ctypes
import threading
from typing import Callable

import numpy as np

#: copies below this stay with NumPy (the destination may well be read from cache)
MIN_BYTES = 1 << 20

_IR = r"""
define void @stream_copy(ptr %dst, ptr %src, i64 %n) {
entry:
  %d = ptrtoint ptr %dst to i64
  %mis = and i64 %d, 63
  %h0 = sub i64 64, %mis
  %h1 = and i64 %h0, 63
  %short = icmp ult i64 %n, %h1
  %head = select i1 %short, i64 %n, i64 %h1
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %head, i1 false)
  %dst1 = getelementptr i8, ptr %dst, i64 %head
  %src1 = getelementptr i8, ptr %src, i64 %head
  %n1 = sub i64 %n, %head
  %blocks = lshr i64 %n1, 6
  %any = icmp ugt i64 %blocks, 0
  br i1 %any, label %loop, label %tail
loop:
  %i = phi i64 [0, %entry], [%inext, %loop]
  %off = shl i64 %i, 6
  %s0 = getelementptr i8, ptr %src1, i64 %off
  %d0 = getelementptr i8, ptr %dst1, i64 %off
  %s1 = getelementptr i8, ptr %s0, i64 16
  %d1 = getelementptr i8, ptr %d0, i64 16
  %s2 = getelementptr i8, ptr %s0, i64 32
  %d2 = getelementptr i8, ptr %d0, i64 32
  %s3 = getelementptr i8, ptr %s0, i64 48
  %d3 = getelementptr i8, ptr %d0, i64 48
  %v0 = load <2 x i64>, ptr %s0, align 1
  %v1 = load <2 x i64>, ptr %s1, align 1
  %v2 = load <2 x i64>, ptr %s2, align 1
  %v3 = load <2 x i64>, ptr %s3, align 1
  store <2 x i64> %v0, ptr %d0, align 64, !nontemporal !0
  store <2 x i64> %v1, ptr %d1, align 16, !nontemporal !0
  store <2 x i64> %v2, ptr %d2, align 32, !nontemporal !0
  store <2 x i64> %v3, ptr %d3, align 16, !nontemporal !0
  %inext = add i64 %i, 1
  %more = icmp ult i64 %inext, %blocks
  br i1 %more, label %loop, label %tail
tail:
  fence seq_cst
  %done = shl i64 %blocks, 6
  %left = sub i64 %n1, %done
  %st = getelementptr i8, ptr %src1, i64 %done
  %dt = getelementptr i8, ptr %dst1, i64 %done
  call void @llvm.memcpy.p0.p0.i64(ptr %dt, ptr %st, i64 %left, i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{i32 1}
"""

_lock = threading.Lock()
_state: dict[str, object] = {}  # "fn": the compiled copy; "engine": keeps its code alive


def build() -> Callable[[int, int, int], None] | None:
    """Compile the copy loop (once; later calls return it); None where it cannot be
    built here (then NumPy copies)."""
    with _lock:
        if "fn" in _state:
            return _state["fn"]  # type: ignore[return-value]
        fn = None
        try:
            import llvmlite.binding as llvm
            llvm.initialize_native_target()
            llvm.initialize_native_asmprinter()
            mod = llvm.parse_assembly(_IR)
            mod.verify()
            machine = llvm.Target.from_default_triple().create_target_machine(opt=2)
            engine = llvm.create_mcjit_compiler(mod, machine)
            engine.finalize_object()
            proto = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
            fn = proto(engine.get_function_address("stream_copy"))
            _state["engine"] = engine
        except Exception:  # no llvmlite, an older LLVM, no native target: NumPy copies
            fn = None
        _state["fn"] = fn
        return fn


def _start_build() -> None:
    with _lock:
        if "started" in _state:
            return
        _state["started"] = True
    threading.Thread(target=build, name="skmd-stream-copy-build", daemon=True).start()


def copy(dst: np.ndarray, src: np.ndarray) -> None:
    """``dst[...] = src`` for two contiguous byte arrays of one size."""
    n = src.nbytes
    fn = _state.get("fn") if n >= MIN_BYTES else None
    if fn is None or not (dst.flags.c_contiguous and src.flags.c_contiguous) \
            or dst.nbytes != n:
        if n >= MIN_BYTES and "started" not in _state:
            _start_build()  # the first large copy starts the build; NumPy copies meanwhile
        np.copyto(dst, src)
        return
    fn(dst.ctypes.data, src.ctypes.data, n)  # type: ignore[operator]
