"""The contract every benchmark program follows, and the small helpers they share.

A benchmark is an ordinary pyopencl program split into the phases a runner needs to
time separately: input generation and the NumPy reference are not timed, building is
not timed (it is cached per context), ``execute`` is the timed part (host data to
buffers, kernels, results back to the host).
"""
from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from typing import Any, Iterator, Union

import numpy as np
import pyopencl as cl

Scalar = Union[int, float]
Inputs = dict[str, Union[np.ndarray, int, float]]
Arrays = dict[str, np.ndarray]

#: A reference entry ``"<out>" + ROWS`` lists the rows of output ``<out>`` that the
#: reference covers; large sizes check a deterministic sample rather than paying for a
#: full float64 reference of a terabyte-flop kernel.
ROWS = "@rows"

MF = cl.mem_flags


class Benchmark:
    """One benchmark program; subclasses fill in the class attributes and four methods."""

    name: str = ""
    suite: str = "skmd"
    #: size name -> parameters; every benchmark has "ci" and "paper".
    sizes: dict[str, dict[str, Any]] = {}
    #: Table 3.2's classification of the dominant kernel's output access.
    contiguous: bool | None = None
    #: OpenCL C source of the program (empty when the subclass overrides ``build``).
    source: str = ""
    build_options: tuple[str, ...] = ()

    def __init__(self) -> None:
        self._programs: dict[Any, cl.Program] = {}
        self._kernels: dict[tuple[Any, str], cl.Kernel] = {}

    # -- phases ---------------------------------------------------------------------
    def inputs(self, size: str, seed: int = 0) -> Inputs:
        raise NotImplementedError

    def reference(self, inputs: Inputs) -> Arrays:
        raise NotImplementedError

    def build(self, ctx: cl.Context) -> None:
        """Compile once per context so that timing never includes the compiler."""
        if ctx not in self._programs:
            self._programs[ctx] = cl.Program(ctx, self.source).build(
                options=list(self.build_options))

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        raise NotImplementedError

    def check(self, outputs: Arrays, reference: Arrays) -> tuple[bool, str]:
        """Default: every reference array must match its output exactly."""
        return check_all(outputs, reference, {})

    # -- helpers for subclasses -----------------------------------------------------
    def program(self, ctx: cl.Context) -> cl.Program:
        self.build(ctx)
        return self._programs[ctx]

    def kernel(self, ctx: cl.Context, name: str) -> cl.Kernel:
        """The named kernel, retrieved once per context (retrieval is not free)."""
        key = (ctx, name)
        if key not in self._kernels:
            self._kernels[key] = cl.Kernel(self.program(ctx), name)
        return self._kernels[key]

    def params(self, size: str) -> dict[str, Any]:
        if size not in self.sizes:
            raise KeyError(f"{self.name}: unknown size {size!r}; have {sorted(self.sizes)}")
        return dict(self.sizes[size])

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} ({self.suite})>"


# -- buffers ----------------------------------------------------------------------------
def to_device(queue: cl.CommandQueue, host: np.ndarray, writable: bool = False) -> cl.Buffer:
    """A buffer sized exactly to host data, filled by a blocking ``enqueue_copy``.

    Not ``COPY_HOST_PTR``: on NVIDIA's OpenCL that path moved 1.6 GB/s against 5.4 GB/s
    for create-then-copy (200 MB, H200, pageable memory), which would make every
    single-device baseline look slower than a careful user's program.
    """
    host = np.ascontiguousarray(host)
    flags = MF.READ_WRITE if writable else MF.READ_ONLY
    buf = cl.Buffer(queue.context, flags, size=max(host.nbytes, 1))
    cl.enqueue_copy(queue, buf, host)
    return buf


def empty(ctx: cl.Context, shape: tuple[int, ...] | int, dtype: Any = np.float32,
          flags: int = MF.READ_WRITE) -> cl.Buffer:
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    return cl.Buffer(ctx, flags, size=nbytes)


class HostPool:
    """Result arrays kept across executions, so that repeated timing does not pay the
    operating system's first-touch page faults for fresh host memory (on an H200 a
    200 MB read ran at 3.3 GB/s into a fresh array and 16.5 GB/s into a touched one).

    Arrays are handed out by call order within one execution: outputs of an execution
    are overwritten by the next one run under the same pool.
    """

    def __init__(self) -> None:
        self._arrays: dict[tuple[int, tuple[int, ...], str], np.ndarray] = {}
        self.calls = 0

    def take(self, shape: tuple[int, ...] | int, dtype: Any) -> np.ndarray:
        shp = (shape,) if isinstance(shape, int) else tuple(shape)
        key = (self.calls, shp, np.dtype(dtype).str)
        self.calls += 1
        arr = self._arrays.get(key)
        if arr is None:
            arr = self._arrays[key] = np.zeros(shp, dtype=dtype)
        return arr


_POOL: HostPool | None = None


@contextmanager
def reuse_host_outputs(pool: HostPool) -> Iterator[HostPool]:
    """Within the block, ``read`` fills arrays from ``pool`` instead of fresh ones."""
    global _POOL
    prev, _POOL = _POOL, pool
    pool.calls = 0
    try:
        yield pool
    finally:
        _POOL = prev


def read(queue: cl.CommandQueue, buf: cl.Buffer, shape: tuple[int, ...] | int,
         dtype: Any = np.float32) -> np.ndarray:
    """Blocking read of a whole buffer into a host array (fresh unless pooled)."""
    out = np.empty(shape, dtype=dtype) if _POOL is None else _POOL.take(shape, dtype)
    cl.enqueue_copy(queue, out, buf)
    return out


# -- comparisons ------------------------------------------------------------------------
Tol = tuple[float, float]  # (rtol, atol as a fraction of max |reference|)


def compare(name: str, out: np.ndarray, ref: np.ndarray, tol: Tol | None) -> tuple[bool, str]:
    """Exact when ``tol`` is None, else ``|out-ref| <= rtol*|ref| + afrac*max|ref|``.

    The absolute part is scaled by the reference's magnitude so that one tolerance
    serves every problem size; it absorbs rounding in elements that cancel to ~0.
    """
    out = np.asarray(out)
    ref = np.asarray(ref)
    if out.shape != ref.shape:
        return False, f"{name}: shape {out.shape} != reference {ref.shape}"
    if tol is None:
        bad = out != ref
        if np.any(bad):
            i = int(np.flatnonzero(bad)[0])
            return False, (f"{name}: {int(bad.sum())} of {bad.size} differ; first at "
                           f"{i}: {out.flat[i]!r} != {ref.flat[i]!r}")
        return True, f"{name}: exact"
    rtol, afrac = tol
    o = out.astype(np.float64)
    r = ref.astype(np.float64)
    if not np.all(np.isfinite(o)):
        return False, f"{name}: non-finite output"
    scale = float(np.max(np.abs(r))) if r.size else 0.0
    err = np.abs(o - r)
    allowed = rtol * np.abs(r) + afrac * scale
    bad = err > allowed
    worst = float(np.max(err / np.maximum(allowed, 1e-300))) if r.size else 0.0
    if np.any(bad):
        i = int(np.flatnonzero(bad)[0])
        return False, (f"{name}: {int(bad.sum())} of {bad.size} outside tolerance "
                       f"{tol}; first at {i}: {o.flat[i]!r} vs {r.flat[i]!r}")
    return True, f"{name}: within {tol} (worst {worst:.2g} of allowed)"


def check_all(outputs: Arrays, reference: Arrays,
              tols: dict[str, Tol | None]) -> tuple[bool, str]:
    """Compare every reference array (honouring ``ROWS`` samples) with its output."""
    msgs = []
    for key, ref in reference.items():
        if key.endswith(ROWS):
            continue
        if key not in outputs:
            return False, f"{key}: missing from outputs"
        out = np.asarray(outputs[key])
        rows = reference.get(key + ROWS)
        if rows is not None:
            out = out[rows]
        ok, msg = compare(key, out, ref, tols.get(key))
        if not ok:
            return False, msg
        msgs.append(msg)
    return True, "; ".join(msgs)


def sample_rows(n: int, limit: int, seed: int = 1234) -> np.ndarray | None:
    """Sorted deterministic sample of ``limit`` row indices, or None when n is small."""
    if n <= limit:
        return None
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(n, size=limit, replace=False))


# -- running one program as a user would ----------------------------------------------
def run_once(bench: Benchmark, queue: cl.CommandQueue, size: str = "ci",
             seed: int = 0) -> tuple[bool, str, float]:
    """Build (untimed), execute (timed), check; returns (ok, message, seconds)."""
    bench.build(queue.context)
    inp = bench.inputs(size, seed)
    t0 = time.perf_counter()
    out = bench.execute(queue, inp)
    elapsed = time.perf_counter() - t0
    ok, msg = bench.check(out, bench.reference(inp))
    return ok, msg, elapsed


def main_for(bench: Benchmark, argv: list[str] | None = None) -> None:
    """Body of each program's ``__main__``: run one size on the default device."""
    ap = argparse.ArgumentParser(prog=f"python -m skmd.bench.programs.{bench.name.lower()}")
    ap.add_argument("--size", default="ci", choices=sorted(bench.sizes))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=1, help="timed executions (best is printed)")
    args = ap.parse_args(argv)
    ctx = cl.create_some_context(interactive=False)
    queue = cl.CommandQueue(ctx)
    bench.build(ctx)
    inp = bench.inputs(args.size, args.seed)
    best = float("inf")
    out: Arrays = {}
    for _ in range(max(1, args.repeat)):
        t0 = time.perf_counter()
        out = bench.execute(queue, inp)
        best = min(best, time.perf_counter() - t0)
    ok, msg = bench.check(out, bench.reference(inp))
    if ok:
        print(f"PASS {bench.name} {best:.6f}")
        return
    print(f"FAIL {bench.name} {best:.6f} {msg}")
    sys.exit(1)


# -- registry ---------------------------------------------------------------------------
_REGISTRY: dict[str, Benchmark] = {}


def register(bench: Benchmark) -> Benchmark:
    """Record a benchmark by its lower-case name (re-running a module replaces it)."""
    _REGISTRY.setdefault(bench.name.lower(), bench)
    return bench
