"""Hand-written hard cases for the kernel transformer, with launches to run them.

Each case: OpenCL source, kernel name, build options, launch shape and argument
recipe.  ``expect`` records what the analysis should conclude.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Buf:
    dtype: str
    count: int
    init: str = "rand"  # rand | zeros | perm (a permutation of range(count))


@dataclass(frozen=True)
class Scalar:
    value: object  # a numpy scalar


@dataclass(frozen=True)
class Local:
    nbytes: int


@dataclass(frozen=True)
class Case:
    name: str
    source: str
    kernel: str
    global_size: tuple[int, ...]
    local_size: tuple[int, ...]
    args: tuple
    options: tuple[str, ...] = ()
    expect: dict = field(default_factory=dict)  # splittable, dense args, cost, ...


N = 16
CASES = [
    Case("vector_add", """
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n) {
  int i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}""", "vadd", (96,), (16,), (Buf("float32", 96), Buf("float32", 96), Buf("float32", 96, "zeros"),
                             Scalar(np.int32(90))),
         expect=dict(splittable=True, written=[2], dense=[2], cost="1")),
    Case("matmul_2d", """
#define IDX(r, c, w) ((r) * (w) + (c))
__kernel void mm(__global const float *A, __global const float *B, __global float *C, int n) {
  int row = get_global_id(1), col = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < n; k++) acc += A[IDX(row, k, n)] * B[IDX(k, col, n)];
  C[IDX(row, col, n)] = acc;
}""", "mm", (N, N), (4, 4), (Buf("float32", N * N), Buf("float32", N * N),
                             Buf("float32", N * N, "zeros"), Scalar(np.int32(N))),
         expect=dict(splittable=True, written=[2], dense=[2], cost="n")),
    Case("transpose_tiled", """
#define TS 4
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void tr(__global float *out, __global const float *in, int w, int h) {
  __local float tile[TS][TS + 1];
  int x = get_group_id(0) * TS + get_local_id(0);
  int y = get_group_id(1) * TS + get_local_id(1);
  tile[get_local_id(1)][get_local_id(0)] = in[y * w + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * TS + get_local_id(0);
  y = get_group_id(0) * TS + get_local_id(1);
  out[y * h + x] = tile[get_local_id(0)][get_local_id(1)];
}""", "tr", (N, 8), (4, 4), (Buf("float32", N * 8, "zeros"), Buf("float32", N * 8),
                             Scalar(np.int32(N)), Scalar(np.int32(8))),
         expect=dict(splittable=True, written=[0], barrier=True)),
    Case("reduction_first_round", """
__kernel void red(__global const float *x, __global float *partial, __local float *tmp, int n) {
  int l = get_local_id(0);
  int i = get_global_id(0);
  tmp[l] = i < n ? x[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (l < s) tmp[l] += tmp[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) partial[get_group_id(0)] = tmp[0];
}""", "red", (128,), (16,), (Buf("float32", 128), Buf("float32", 8, "zeros"), Local(64),
                               Scalar(np.int32(120))),
         expect=dict(splittable=True, written=[1], dense=[1], barrier=True)),
    Case("histogram_per_group", """
#define BINS 8
__kernel void hist(__global const uint *data, __global uint *bins, int per_item) {
  __local uint h[BINS];
  int l = get_local_id(0);
  if (l < BINS) h[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < per_item; k++)
    atomic_inc(&h[data[get_global_id(0) * per_item + k] % BINS]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < BINS) bins[get_group_id(0) * BINS + l] = h[l];
}""", "hist", (64,), (16,), (Buf("uint32", 256), Buf("uint32", 32, "zeros"), Scalar(np.int32(4))),
         expect=dict(splittable=True, written=[1], dense=[1], cost="per_item", barrier=True)),
    Case("histogram_global_atomics", """
__kernel void ghist(__global const uint *data, __global volatile uint *bins) {
  atomic_add(&bins[data[get_global_id(0)] % 8], 1u);
}""", "ghist", (64,), (16,), (Buf("uint32", 64), Buf("uint32", 8, "zeros")),
         expect=dict(splittable=False)),
    Case("grid_stride", """
__kernel void scale(__global float *y, __global const float *x, float a, long n) {
  for (long i = get_global_id(0); i < n; i += get_global_size(0))
    y[i] = a * x[i];
}""", "scale", (32,), (8,), (Buf("float32", 100, "zeros"), Buf("float32", 100),
                              Scalar(np.float32(2.5)), Scalar(np.int64(100))),
         expect=dict(splittable=True, written=[0])),
    Case("indirect_scatter", """
__kernel void scatter(__global const int *idx, __global const float *v, __global float *out) {
  int i = get_global_id(0);
  out[idx[i]] = v[i] * 2.0f;
}""", "scatter", (64,), (8,), (Buf("int32", 64, "perm"), Buf("float32", 64),
                                Buf("float32", 64, "zeros")),
         expect=dict(splittable=True, written=[2], unbounded_write=[2])),
    Case("aliases_and_helpers", """
typedef struct { float x; float y; int tag; } P;
void put(__global float *dst, int i, float v) { dst[i] = v; }
float len2(__global const P *p, int i) { return p[i].x * p[i].x + p[i].y * p[i].y; }
__kernel void alias(__global const P *pts, __global float *out, long off, int n) {
  __global float *o = (__global float *)((__global char *)out + off);
  int i = get_global_id(0);
  if (i >= n) return;
  put(o, i, len2(pts, i) + (float)pts[i].tag);
}""", "alias", (64,), (16,), (Buf("float32", 64 * 3), Buf("float32", 80, "zeros"),
                               Scalar(np.int64(32)), Scalar(np.int32(60))),
         expect=dict(splittable=True, written=[1], dense=[1])),
    Case("padded_2d_early_return", """
__kernel void pad2(__global float *out, __global const float *in, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  out[y * w + x] = in[y * w + x] + (y > 0 ? in[(y - 1) * w + x] : 0.0f);
}""", "pad2", (24, 16), (8, 4), (Buf("float32", 19 * 13, "zeros"), Buf("float32", 19 * 13),
                                  Scalar(np.int32(19)), Scalar(np.int32(13))),
         expect=dict(splittable=True, written=[0], dense=[0])),
    Case("negated_bounds_return", """
__kernel void pad3(__global int *out, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (!(x < w && y < h)) return;
  out[y * w + x] = y * 1000 + x;
}""", "pad3", (16, 12), (4, 4), (Buf("int32", 15 * 11, "zeros"), Scalar(np.int32(15)),
                                 Scalar(np.int32(11))),
         expect=dict(splittable=True, written=[0], dense=[0])),
    Case("half_offsets", """
__kernel void fold(__global float *out, __global const float *in, uint n) {
  uint i = get_global_id(0);
  if (i >= n / 2) return;
  out[i + n / 2] = in[i] + in[i + n / 2] + in[(n >> 1) - 1 - i % (n / 2)];
}""", "fold", (64,), (8,), (Buf("float32", 90, "zeros"), Buf("float32", 90), Scalar(np.uint32(90))),
         expect=dict(splittable=True, written=[0], dense=[0])),
    Case("vectors_and_constant", """
__kernel void vec(__global const float4 *a, __constant float *coef, __global float *out,
                  __global float4 *b) {
  int i = get_global_id(0);
  float4 v = a[i] * coef[0];
  vstore4(v, i, out);
  b[i].x = v.y;
}""", "vec", (32,), (8,), (Buf("float32", 128), Buf("float32", 4), Buf("float32", 128, "zeros"),
                            Buf("float32", 128, "zeros")),
         expect=dict(splittable=True, written=[2, 3], dense=[2])),
    Case("macro_defined", """
#ifndef SCALE
#define SCALE 1
#endif
#define KERNEL __kernel
KERNEL void mac(__global int *x, int n) {
  int i = get_global_id(0);
  for (int r = 0; r < REPS; r++)
    if (i < n) x[i] = x[i] * SCALE + r;
}""", "mac", (64,), (16,), (Buf("int32", 64), Scalar(np.int32(50))),
         options=("-DSCALE=3", "-D", "REPS=4"), expect=dict(splittable=True, written=[0], cost="4")),
    Case("stencil_3d", """
__kernel void st(__global const float *in, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  int nx = get_global_size(0), ny = get_global_size(1), nz = get_global_size(2);
  int i = (z * ny + y) * nx + x;
  float c = in[i];
  if (z > 0) c += in[i - nx * ny];
  if (z < nz - 1) c += in[i + nx * ny];
  out[i] = c;
}""", "st", (4, 4, 8), (2, 2, 2), (Buf("float32", 128), Buf("float32", 128, "zeros")),
         expect=dict(splittable=True, written=[1], dense=[1])),
    Case("group_math_helper", """
size_t my_group(void) { return get_group_id(0); }
__kernel void g(__global int *out) {
  if (get_local_id(0) == 0) out[my_group()] = (int)get_num_groups(0);
}""", "g", (64,), (8,), (Buf("int32", 8, "zeros"),),
         expect=dict(splittable=True, written=[0], mode="guard")),
]

BY_NAME = {c.name: c for c in CASES}
