"""Kernels for the merge-kernel tests: ones that must get a merge kernel, ones that must not.

``MERGEABLE`` write their outputs discontiguously in the ways the thesis's merge
kernel is for (scatters through an index buffer, strides, 2-D tiles, vector
stores, compound assignments, struct members).  ``REFUSED`` each hold one
construct a merge kernel cannot reproduce exactly, with a fragment of the reason
the analysis must give.
"""
from __future__ import annotations

import numpy as np

from kernel_corpus import BY_NAME, Buf, Case, Scalar

N = 64

MERGEABLE = [
    BY_NAME["indirect_scatter"],
    BY_NAME["transpose_tiled"],
    BY_NAME["matmul_2d"],
    BY_NAME["grid_stride"],
    BY_NAME["vectors_and_constant"],
    BY_NAME["group_math_helper"],
    # stores placed by a work-item built-in itself, whose stand-in the partition-ready
    # program writes with its dimension in parentheses
    BY_NAME["reduction_first_round"],
    BY_NAME["histogram_per_group"],
    Case("group_and_item_indexed", """
__kernel void gi(__global const float *x, __global float *per_group, __global float *out) {
  out[2 * get_global_id(0) + 1] = x[get_global_id(0)];
  if (get_local_id(0) == 0) per_group[get_group_id(0)] = x[get_global_id(0)];
}""", "gi", (N,), (8,), (Buf("float32", N), Buf("float32", N // 8), Buf("float32", 2 * N))),
    Case("every_third", """
__kernel void third(__global float *out, __global const float *x, int n) {
  int i = get_global_id(0);
  if (i < n) out[3 * i + 1] = x[i] * 2.0f + 1.0f;
}""", "third", (N,), (8,), (Buf("float32", 3 * N), Buf("float32", N), Scalar(np.int32(N - 3)))),
    Case("column_2d", """
__kernel void col(__global const float *a, __global float *out, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  out[x * h + y] = sqrt(fabs(a[y * get_global_size(0) + x]));
}""", "col", (8, 16), (4, 4), (Buf("float32", 128), Buf("float32", 128), Scalar(np.int32(16)))),
    Case("scatter_vstore", """
__kernel void sv(__global const int *idx, __global const float2 *v, __global float *out) {
  int i = get_global_id(0);
  vstore2(v[i] * 3.0f, idx[i], out);
}""", "sv", (N,), (8,), (Buf("int32", N, "perm"), Buf("float32", 2 * N),
                           Buf("float32", 2 * N))),
    Case("scatter_add", """
__kernel void sadd(__global const int *perm, __global const float *v, __global float *acc) {
  int i = get_global_id(0);
  acc[perm[i]] += v[i] * v[i];
  acc[perm[i]] *= 0.5f;
}""", "sadd", (N,), (8,), (Buf("int32", N, "perm"), Buf("float32", N), Buf("float32", N))),
    Case("struct_member", """
typedef struct { float x; float y; int tag; } P;
__kernel void member(__global const int *idx, __global const float *v, __global P *pts) {
  int i = get_global_id(0);
  pts[idx[i]].y = v[i] - 1.0f;
  (pts + idx[i])->tag = i;
}""", "member", (N,), (8,), (Buf("int32", N, "perm"), Buf("float32", N), Buf("float32", 3 * N))),
    Case("deref_stride", """
__kernel void deref(__global float *out, __global const float *x) {
  size_t i = get_global_id(0);
  *(out + 2 * i) = x[i];
  ++out[2 * i + 1];
}""", "deref", (N,), (8,), (Buf("float32", 2 * N, "zeros"), Buf("float32", N))),
    Case("writes_old_value", """
__kernel void keep(__global const int *idx, __global const float *x, __global float *out) {
  int i = get_global_id(0);
  out[idx[i]] = x[i] > 0.0f ? x[i] : 0.0f;   /* zeros land where the old value was zero */
}""", "keep", (N,), (8,), (Buf("int32", N, "perm"), Buf("float32", N), Buf("float32", N, "zeros"))),
    Case("index_helper", """
int at(int r, int c, int w) { return r * w + c; }
__kernel void ih(__global const float *a, __global float *out, int w) {
  int r = get_global_id(1), c = get_global_id(0);
  if (r % 2 == 0) out[at(c, r, w)] = a[at(r, c, w)];
}""", "ih", (8, 8), (4, 2), (Buf("float32", 64), Buf("float32", 64), Scalar(np.int32(8)))),
]

_ARGS = (Buf("int32", N, "perm"), Buf("float32", N), Buf("float32", N))


def _refused(name: str, body: str, why: str, helpers: str = "", args=_ARGS) -> tuple:
    src = helpers + """
__kernel void k(__global const int *idx, __global const float *v, __global float *out) {
  int i = get_global_id(0);
""" + body + "\n}"
    return Case(name, src, "k", (N,), (8,), args), why


REFUSED = [
    _refused("value_side_effect", "int k = i; out[idx[i]] = v[k++]; out[0] = (float)k;",
             "value stored to 'out' has ++"),
    _refused("index_side_effect", "int k = i; out[k++] = v[i]; out[k] = 1.0f;",
             "address of a store to 'out' has ++"),
    _refused("value_calls_writer", "out[idx[i]] = bump(&out[0]);",
             "'out'", helpers="float bump(__global float *p) { *p += 1.0f; return *p; }\n"),
    _refused("alias", "__global float *o = out + 1; o[idx[i] % 60] = v[i];",
             "derived pointer (alias)"),
    _refused("helper_store", "put(out, idx[i], v[i]);", "passed to put()",
             helpers="void put(__global float *d, int i, float x) { d[i] = x; }\n"),
    _refused("also_read", "out[idx[i]] = out[i] * 2.0f;", "'out' is also read"),
    _refused("float_address", "out[(int)(v[i] * 4.0f) & 63] = 1.0f;",
             "may differ between devices (floating-point value)"),
    _refused("float_branch", "if (v[i] * 2.0f > 0.5f) out[idx[i]] = 1.0f;",
             "branch that may go differently"),
    _refused("early_exit", "if (v[i] > 0.0f) return; out[idx[i]] = 1.0f;",
             "leaves a block under a branch"),
    _refused("printf", "out[idx[i]] = v[i]; if (i == 0) printf(\"x\\n\");", "printf"),
    _refused("printf_in_helper", "out[idx[i]] = v[i]; say(i);", "printf",
             helpers="void say(int i) { if (i == 0) printf(\"x\\n\"); }\n"),
    _refused("macro_store", "PUT(idx[i], v[i]);", "spelled through a macro",
             helpers="#define PUT(j, x) out[j] = x\n"),
    _refused("vstore_half", "vstore_half(v[i], idx[i], (__global half *)out);",
             "derived pointer"),
    _refused("local_index", "__local int l[8]; l[get_local_id(0)] = idx[i];"
             " barrier(CLK_LOCAL_MEM_FENCE); out[l[7 - get_local_id(0)]] = v[i];",
             "local memory"),
    (Case("atomic_counter", """
__kernel void k(__global const int *idx, __global const float *v, __global float *out,
                __global int *count) {
  int i = get_global_id(0);
  out[idx[i]] = v[i];
  atomic_inc(&count[0]);
}""", "k", (N,), (8,), _ARGS + (Buf("int32", 1, "zeros"),)), "atomics on 'count'"),
]
