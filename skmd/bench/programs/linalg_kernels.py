"""Linear-algebra kernels shared by MatrixMultiplication, MatrixTranspose and the MKMD suite.

Matrices are row-major float32, square sides a multiple of ``TILE``. The helpers are
thin wrappers over ordinary ``prg.kernel(queue, gsize, lsize, *args)`` calls, so a
program using them is still a plain in-order pyopencl program.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import Benchmark

TILE = 16   # matmul / transpose tile side (16x16 = 256 work-items)
VEC_WG = 256  # work-group size of element-wise and dot kernels
ROW_WG = 64   # work-group size of matvec (one group per row)

SOURCE = r"""
#define TILE %(tile)d
#define VEC_WG %(vec_wg)d
#define ROW_WG %(row_wg)d

/* C[M,N] = A[M,K] B[K,N]; NDRange (N, M); one output per item, both operands staged
   through TILE x TILE local tiles. */
__kernel void matmul(__global const float *A, __global const float *B,
                     __global float *C, int M, int N, int K)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE + 1];
    int col = get_global_id(0), row = get_global_id(1);
    int lx = get_local_id(0), ly = get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        As[ly][lx] = A[(size_t)row * K + t + lx];
        Bs[ly][lx] = B[(size_t)(t + ly) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            acc += As[ly][k] * Bs[k][lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[(size_t)row * N + col] = acc;
}

/* out[cols, rows] = in[rows, cols]^T; NDRange (cols, rows). The tile is read along
   input rows and written along output rows; the +1 column avoids bank conflicts. */
__kernel void transpose(__global const float *in, __global float *out,
                        int rows, int cols)
{
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    tile[ly][lx] = in[(size_t)y * cols + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = get_group_id(1) * TILE + lx;
    int oy = get_group_id(0) * TILE + ly;
    out[(size_t)oy * rows + ox] = tile[lx][ly];
}

/* z = a*x + b*y, element-wise over matrices or vectors. */
__kernel void axpby(__global float *z, float a, __global const float *x,
                    float b, __global const float *y)
{
    size_t i = get_global_id(0);
    z[i] = a * x[i] + b * y[i];
}

/* z = x * y element-wise (a diagonal matrix times a vector). */
__kernel void vmul(__global float *z, __global const float *x, __global const float *y)
{
    size_t i = get_global_id(0);
    z[i] = x[i] * y[i];
}

/* out[i, j] = U[i, j] * s[j]: U times a diagonal matrix. */
__kernel void scale_cols(__global float *out, __global const float *U,
                         __global const float *s, int cols)
{
    size_t i = get_global_id(0);
    out[i] = U[i] * s[i %% cols];
}

/* y = A x; one work-group per row reads the row coalesced, then reduces in local
   memory. */
__kernel void matvec(__global const float *A, __global const float *x,
                     __global float *y, int cols)
{
    __local float part[ROW_WG];
    int lid = get_local_id(0);
    size_t row = get_group_id(0);
    __global const float *a = A + row * cols;
    float acc = 0.0f;
    for (int j = lid; j < cols; j += ROW_WG)
        acc += a[j] * x[j];
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = ROW_WG / 2; off > 0; off >>= 1) {
        if (lid < off)
            part[lid] += part[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        y[row] = part[0];
}

/* First round of a dot product: partial[g] = sum of x*y over group g's VEC_WG
   elements. */
__kernel void dot_partial(__global const float *x, __global const float *y,
                          __global float *partial)
{
    __local float s[VEC_WG];
    int lid = get_local_id(0);
    size_t i = get_global_id(0);
    s[lid] = x[i] * y[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = VEC_WG / 2; off > 0; off >>= 1) {
        if (lid < off)
            s[lid] += s[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = s[0];
}

inline float sum_partials(__global const float *p, int n)
{
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
        s += p[k];
    return s;
}

/* z = x + sign * (sum(num) / sum(den)) * y: an axpy whose coefficient is a ratio of
   two dot products still held as first-round partials, so that an iterative solver
   needs no host round trip between kernels. */
__kernel void axpy_ratio(__global float *z, __global const float *x,
                         __global const float *y, float sign,
                         __global const float *num, __global const float *den,
                         int nparts)
{
    size_t i = get_global_id(0);
    float c = sign * sum_partials(num, nparts) / sum_partials(den, nparts);
    z[i] = x[i] + c * y[i];
}

/* BiCGSTAB direction update p = r + beta * (p - omega_prev * v) with
   beta = (rho / rho_prev) * (alpha_prev / omega_prev), rho from partials. */
__kernel void bicg_p_update(__global float *p_new, __global const float *r,
                            __global const float *p, __global const float *v,
                            __global const float *rho_parts, int nparts,
                            float rho_prev, float alpha_prev, float omega_prev)
{
    size_t i = get_global_id(0);
    float rho = sum_partials(rho_parts, nparts);
    float beta = (rho / rho_prev) * (alpha_prev / omega_prev);
    p_new[i] = r[i] + beta * (p[i] - omega_prev * v[i]);
}
""" % {"tile": TILE, "vec_wg": VEC_WG, "row_wg": ROW_WG}

_PROGRAMS: dict[Any, cl.Program] = {}


def program(ctx: cl.Context) -> cl.Program:
    """The shared program, compiled once per context for every benchmark using it."""
    if ctx not in _PROGRAMS:
        _PROGRAMS[ctx] = cl.Program(ctx, SOURCE).build()
    return _PROGRAMS[ctx]


_KERNELS: dict[int, tuple[cl.Program, dict[str, cl.Kernel]]] = {}


def kernel(prg: cl.Program, name: str) -> cl.Kernel:
    """Kernel ``name`` of ``prg``, retrieved once (the program object is kept alive here,
    so its id cannot be reused while cached)."""
    entry = _KERNELS.setdefault(id(prg), (prg, {}))
    kernels = entry[1]
    if name not in kernels:
        kernels[name] = cl.Kernel(prg, name)
    return kernels[name]


f32 = np.float32
i32 = np.int32


def matmul(queue: cl.CommandQueue, prg: cl.Program, C: cl.Buffer, A: cl.Buffer,
           B: cl.Buffer, m: int, n: int, k: int) -> cl.Event:
    """C[m,n] = A[m,k] B[k,n]."""
    return kernel(prg, "matmul")(queue, (n, m), (TILE, TILE), A, B, C, i32(m), i32(n), i32(k))


def transpose(queue: cl.CommandQueue, prg: cl.Program, out: cl.Buffer, inp: cl.Buffer,
              rows: int, cols: int) -> cl.Event:
    """out[cols,rows] = inp[rows,cols]^T."""
    return kernel(prg, "transpose")(queue, (cols, rows), (TILE, TILE), inp, out,
                                    i32(rows), i32(cols))


def axpby(queue: cl.CommandQueue, prg: cl.Program, z: cl.Buffer, a: float, x: cl.Buffer,
          b: float, y: cl.Buffer, n: int) -> cl.Event:
    """z = a*x + b*y over n elements (matrix add: a=b=1, subtract: b=-1)."""
    return kernel(prg, "axpby")(queue, (n,), (VEC_WG,), z, f32(a), x, f32(b), y)


def vmul(queue: cl.CommandQueue, prg: cl.Program, z: cl.Buffer, x: cl.Buffer,
         y: cl.Buffer, n: int) -> cl.Event:
    return kernel(prg, "vmul")(queue, (n,), (VEC_WG,), z, x, y)


def scale_cols(queue: cl.CommandQueue, prg: cl.Program, out: cl.Buffer, U: cl.Buffer,
               s: cl.Buffer, rows: int, cols: int) -> cl.Event:
    return kernel(prg, "scale_cols")(queue, (rows * cols,), (VEC_WG,), out, U, s, i32(cols))


def matvec(queue: cl.CommandQueue, prg: cl.Program, y: cl.Buffer, A: cl.Buffer,
           x: cl.Buffer, rows: int, cols: int) -> cl.Event:
    return kernel(prg, "matvec")(queue, (rows * ROW_WG,), (ROW_WG,), A, x, y, i32(cols))


def dot_partial(queue: cl.CommandQueue, prg: cl.Program, partial: cl.Buffer,
                x: cl.Buffer, y: cl.Buffer, n: int) -> cl.Event:
    """partial[n // VEC_WG] = per-group sums of x*y; the host (or a consumer kernel)
    adds them up."""
    return kernel(prg, "dot_partial")(queue, (n,), (VEC_WG,), x, y, partial)


def rand_matrix(rng: np.random.Generator, n: int) -> np.ndarray:
    """Entries uniform in [-1, 1) / sqrt(n): products of a few such matrices stay O(1)."""
    return ((rng.random((n, n), dtype=f32) * f32(2) - f32(1)) / f32(np.sqrt(n))).astype(f32)


class LinalgBenchmark(Benchmark):
    """MKMD programs: square n x n matrices, the shared program, normwise checks."""

    suite = "mkmd"
    contiguous = None
    sizes = {"ci": {"n": 64}, "medium": {"n": 512}, "paper": {"n": 4096}}
    #: (rtol, atol as a fraction of max |reference|) for every output.
    tol: tuple[float, float] = (1e-4, 1e-4)

    def build(self, ctx: cl.Context) -> None:
        self._programs.setdefault(ctx, program(ctx))

    def check(self, outputs: dict[str, np.ndarray],
              reference: dict[str, np.ndarray]) -> tuple[bool, str]:
        from skmd.bench.programs.base import check_all
        return check_all(outputs, reference, {k: self.tol for k in reference})
