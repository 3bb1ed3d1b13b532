"""Programs whose buffers exceed a device (run as a script, one process per setting).

``python vast_programs.py MODE NAME...`` with MODE ``plain`` or ``skmd``; prints one
line per program: its name and the SHA-256 of its outputs, or ``FAILED`` and the
pyopencl error.  Sizes scale with ``VAST_MIB`` (MiB per large buffer, default 640).
"""
from __future__ import annotations

import hashlib
import os
import sys

import numpy as np

MODE = sys.argv[1]
if MODE == "skmd":
    import skmd
    skmd.install()
import pyopencl as cl  # noqa: E402

MIB = int(os.environ.get("VAST_MIB", "640"))
mf = cl.mem_flags
ctx = cl.create_some_context(interactive=False)
queue = cl.CommandQueue(ctx)

SRC = """
__kernel void triad(__global float *a, __global const float *b, __global const float *c,
                    float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
__kernel void stencil(__global float *out, __global const float *in, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1)
    out[y * w + x] = 0.5f * in[y * w + x] + 0.125f * (in[y * w + x - 1] + in[y * w + x + 1]
                     + in[(y - 1) * w + x] + in[(y + 1) * w + x]);
  else if (x < w && y < h)
    out[y * w + x] = in[y * w + x];
}
__kernel void matvec(__global float *y, __global const float *m, __global const float *x,
                     int cols) {
  int r = get_global_id(0);
  float acc = 0.0f;
  for (int j = 0; j < cols; j++)
    acc += m[(size_t)r * cols + j] * x[j];
  y[r] = acc;
}
__kernel void scale(__global float *a, float s) {
  size_t i = get_global_id(0);
  a[i] = a[i] * s + 1.0f;
}
__kernel void total(__global float *out, __global const float *big, long n) {
  float s = 0.0f;
  for (long j = 0; j < n; j++) s += big[j];
  out[get_global_id(0)] = s;
}
__kernel void gather(__global float *out, __global const float *src,
                     __global const int *idx) {
  size_t i = get_global_id(0);
  out[i] = src[idx[i]] * 2.0f;
}
"""
prg = cl.Program(ctx, SRC).build()


def digest(*arrays: np.ndarray) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(memoryview(np.ascontiguousarray(a)).cast("B"))
    return h.hexdigest()[:16]


def filled(n: int, seed: int) -> np.ndarray:
    """Cheap deterministic values (no random generator over GiBs)."""
    a = np.arange(n, dtype=np.float32)
    a *= np.float32(1e-7 * (seed + 1))
    np.sin(a, out=a)
    return a


def triad() -> str:
    n = MIB * 2**20 // 4
    b, c = filled(n, 1), filled(n, 2)
    a = np.empty_like(b)
    ab = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=c)
    prg.triad(queue, (n,), (256,), ab, bb, cb, np.float32(3.0))
    cl.enqueue_copy(queue, a, ab)
    return digest(a)


def stencil() -> str:
    w = 4096
    h = MIB * 2**20 // 4 // w
    out = np.empty(w * h, np.float32)
    # the program's own array backs the input (USE_HOST_PTR)
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=filled(w * h, 3))
    ob = cl.Buffer(ctx, mf.WRITE_ONLY, out.nbytes)
    prg.stencil(queue, (w, h), (64, 4), ob, ib, np.int32(w), np.int32(h))
    cl.enqueue_copy(queue, out, ob)
    return digest(out)


def matvec() -> str:
    cols = 2048
    rows = MIB * 2**20 // 4 // cols
    m = filled(rows * cols, 4)
    x = filled(cols, 5)
    y = np.empty(rows, np.float32)
    mb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=m)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    yb = cl.Buffer(ctx, mf.WRITE_ONLY, y.nbytes)
    prg.matvec(queue, (rows,), (64,), yb, mb, xb, np.int32(cols))
    cl.enqueue_copy(queue, y, yb)
    return digest(y)


def single() -> str:
    n = MIB * 12 // 5 * 2**20 // 4  # 1.5 GiB at the default size
    a = filled(n, 6)
    ab = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_copy(queue, ab, a)
    prg.scale(queue, (n,), (256,), ab, np.float32(0.5))
    cl.enqueue_copy(queue, a, ab)
    return digest(a)


def gather() -> str:
    n_src = MIB * 2**20 // 4
    n = n_src // 16
    src = filled(n_src, 7)
    i = np.arange(n, dtype=np.int64)
    idx = (i * 16 + (i * 2654435761) % 61).clip(0, n_src - 1).astype(np.int32)
    out = np.empty(n, np.float32)
    sb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=src)
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
    ob = cl.Buffer(ctx, mf.WRITE_ONLY, out.nbytes)
    prg.gather(queue, (n,), (256,), ob, sb, ib)
    cl.enqueue_copy(queue, out, ob)
    return digest(out)


def refused() -> str:
    """Every work-group reads the whole of a buffer larger than the device."""
    n = MIB * 2**20 // 4
    big = cl.Buffer(ctx, mf.READ_ONLY, 4 * n)
    out = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * 256)
    prg.total(queue, (256,), (64,), out, big, np.int64(n))
    return "ran"


def how() -> str:
    """Under skmd: the chunks of the last launch and whether it used a page table."""
    if MODE != "skmd":
        return ""
    from skmd.runtime.core import get_runtime
    rec = get_runtime().records[-1]
    chunks = sum(1 for n in rec.notes if n.startswith("VAST chunk"))
    devices = sum(1 for v in rec.shares.values() if v)
    return f" chunks={chunks} devices={devices} paged={int('frames' in rec.notes[0])}"


for name in sys.argv[2:]:
    try:
        print(name, globals()[name]() + how(), flush=True)
    except cl.Error as exc:
        print(name, "FAILED", type(exc).__name__, str(exc).replace("\n", " ")[:1000], flush=True)
