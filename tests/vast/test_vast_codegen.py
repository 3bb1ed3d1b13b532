"""The chunk kernels VAST generates: they build, and what cannot be paged is refused."""
import numpy as np
import pyopencl as cl
import pytest

from skmd.testing import usable_platform
from skmd.transform import analyze_program
from skmd.transform.vast_codegen import VastRefused, vast_source

GATHER = """
#define TWICE(x) (2.0f * (x))
__kernel void gather(__global float *out, __global const float *src,
                     __global const int *idx) {
  int i = get_global_id(0);
  out[i] = TWICE(1.0f) * (src[idx[i]] + src[idx[i] + 1]);
}
"""


def _build(src: str, name: str) -> cl.Kernel:
    ctx = cl.Context([usable_platform().get_devices()[0]])
    return cl.Kernel(cl.Program(ctx, src).build(), name)


@pytest.mark.parametrize("inspector", [False, True])
def test_windowed_and_paged_kernels_build(inspector):
    mode = analyze_program(GATHER, "").kernels["gather"].launch_mode
    src = vast_source(GATHER, "", "gather", mode, {0: "global", 2: "global"}, {1: 4},
                      inspector=inspector)
    k = _build(src, "gather")
    extra = 3 + 2 + 2 + (0 if inspector else 1)  # range, bases, table + count, miss
    assert k.num_args == 3 + extra
    assert ("skmd_mark(skmd_pas_1" in src) == inspector
    assert ("skmd_page(skmd_lpt_1" in src) != inspector


def test_windowed_kernel_reads_through_its_base():
    src = """__kernel void copy(__global float *a, __global const float *b) {
      size_t i = get_global_id(0); a[i] = b[i]; }"""
    mode = analyze_program(src, "").kernels["copy"].launch_mode
    k = _build(vast_source(src, "", "copy", mode, {0: "global", 1: "global"}, {}), "copy")
    ctx = k.context
    q = cl.CommandQueue(ctx)
    # rows 2..3 (local size 4): elements 8..15, windows hold exactly those
    win_b = np.arange(8, 16, dtype=np.float32)
    mf = cl.mem_flags
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=win_b)
    ab = cl.Buffer(ctx, mf.READ_WRITE, win_b.nbytes)
    for i, v in enumerate([ab, bb, np.uint64(16), np.uint64(2), np.uint64(4),
                           np.uint64(32), np.uint64(32)]):
        k.set_arg(i, v)
    # an offset launch runs its rows from skmd_first (2) on; a guarded one runs all
    gs = (8,) if mode == "offset" else (16,)
    cl.enqueue_nd_range_kernel(q, k, gs, (4,), None)
    out = np.empty_like(win_b)
    cl.enqueue_copy(q, out, ab)
    assert np.array_equal(out, win_b)


@pytest.mark.parametrize("body,why", [
    ("out[i] = TWICE(src[i]);", "macro"),
    ("out[i] = *(src + i);", "other than as a\\[index\\]"),
    ("out[i] = src[(int)src[i]];", "depends on a paged argument"),
    ("__global const float *p = &src[i]; out[i] = p[0];", "address taken"),
])
def test_what_cannot_be_paged_is_refused(body, why):
    src = ("#define TWICE(x) (2.0f * (x))\n__kernel void k(__global float *out, __global const float *src) {\n"
           f"  int i = get_global_id(0); {body}\n}}")
    with pytest.raises(VastRefused, match=why):
        vast_source(src, "", "k", "offset", {0: "global"}, {1: 4})


FIELDS = """
typedef struct { float x, y, z, w; } p4;
__kernel void pair(__global const p4 *p, __global const float4 *v, __global float *o, int h) {
  int i = get_global_id(0);
  p4 whole = p[i + h];
  o[i] = p[i].x * p[i + h].y + v[i].z + v[i + h].w + whole.w;
}
"""


@pytest.mark.parametrize("inspector", [False, True])
def test_paged_fields_and_components_build(inspector):
    """A paged argument's elements read by field or component (``p[e].x``, ``v[e].z``)
    or whole (a struct): the inspector's stand-in for ``p[e]`` has ``p``'s element type."""
    mode = analyze_program(FIELDS, "").kernels["pair"].launch_mode
    src = vast_source(FIELDS, "", "pair", mode, {2: "global"}, {0: 16, 1: 16},
                      inspector=inspector)
    assert ("skmd_zero_0" in src) == inspector
    k = _build(src, "pair")
    assert k.num_args == 4 + 3 + 1 + 4 + (0 if inspector else 1)
