"""Discontiguous outputs merged by generated merge kernels, end to end under skmd."""
import numpy as np
import pytest

from skmd.runtime import faults
from skmd.testing import compare_with_and_without

SRC = r"""
__kernel void scatter(__global const int *idx, __global const float *v, __global float *out)
{
    int i = get_global_id(0);
    out[idx[i]] = v[i] * 2.0f + 1.0f;
}
__kernel void third(__global float *out, __global const float *x)
{
    int i = get_global_id(0);
    out[3 * i + 1] = x[i] - 0.5f;
}
__kernel void cols(__global const float *a, __global float *b, const int n)
{
    int x = get_global_id(0), y = get_global_id(1);
    b[x * n + y] = a[y * n + x] * a[y * n + x];
}
__kernel void vscatter(__global const int *idx, __global const float4 *v, __global float *out)
{
    int i = get_global_id(0);
    vstore4(v[i] + (float4)(1.0f), idx[i], out);
}
__kernel void accumulate(__global const int *idx, __global const float *v, __global float *acc)
{
    int i = get_global_id(0);
    acc[idx[i]] += v[i];
}
__kernel void clamp_low(__global const int *idx, __global const float *v, __global float *out)
{
    int i = get_global_id(0);
    out[idx[i]] = v[i] > 0.0f ? v[i] : 0.0f;
}
__kernel void copy_back(__global const int *idx, __global float *out, __global const float *in)
{
    int i = get_global_id(0);
    out[idx[i]] = in[i] + 1.0f;
}
"""
N = 64 * 64
KERNELS = {"scatter", "third", "cols", "vscatter", "accumulate", "clamp_low"}
#: every third element: each device's write range is bounded and apart from the others,
#: so its output comes back by slices, holes filled from home first
SLICED = {"third"}


def outputs(cl, twice=False):
    """Each kernel of SRC once (discontiguous outputs), their results read back."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    rng = np.random.default_rng(5)
    mf = cl.mem_flags
    idx = rng.permutation(N).astype(np.int32)
    v = rng.standard_normal(N).astype(np.float32)
    old = np.where(rng.random(N) < 0.5, 0.0, rng.standard_normal(N)).astype(np.float32)

    def buf(a, flags=mf.READ_WRITE):
        return cl.Buffer(ctx, flags | mf.COPY_HOST_PTR, hostbuf=a)
    IDX, V, OLD = buf(idx, mf.READ_ONLY), buf(v, mf.READ_ONLY), buf(old)
    IDX4 = buf(rng.permutation(N // 4).astype(np.int32), mf.READ_ONLY)
    outs = {k: buf(np.full(n, -7.0, np.float32)) for k, n in
            (("scatter", N), ("third", 3 * N), ("cols", N), ("vscatter", N), ("acc", N))}
    prg = cl.Program(ctx, SRC).build()
    k = {name: cl.Kernel(prg, name) for name in KERNELS}
    for _ in range(2 if twice else 1):
        k["scatter"](q, (N,), (64,), IDX, V, outs["scatter"])
        k["third"](q, (N,), (64,), outs["third"], V)
        k["cols"](q, (64, 64), (8, 8), V, outs["cols"], np.int32(64))
        k["vscatter"](q, (N // 4,), (32,), IDX4, V, outs["vscatter"])
        k["accumulate"](q, (N,), (64,), IDX, V, outs["acc"])
        k["clamp_low"](q, (N,), (64,), IDX, V, OLD)
    res = {}
    for k, b in list(outs.items()) + [("old", OLD)]:
        h = np.empty(b.size // 4, np.float32)
        cl.enqueue_copy(q, h, b)
        res[k] = h
    q.finish()
    return res




def _split(records):
    return [r for r in records if sum(1 for g in r.shares.values() if g) >= 2]


@pytest.mark.parametrize("devices", [None, "0,1"], ids=["3 devices", "2 devices"])
def test_merge_kernels_are_bit_identical(devices):
    bad, records = compare_with_and_without(lambda cl: outputs(cl, twice=True),
                                            policy="even", devices=devices)
    assert not bad, bad
    split = _split(records)
    assert {r.kernel for r in split} == KERNELS
    assert {r.kernel: r.merge for r in split} == {
        k: "slice" if k in SLICED else "kernel" for k in KERNELS}
    assert all(len([g for g in r.shares.values() if g]) == (2 if devices else 3)
               for r in split)


def test_diff_setting_still_merges_by_differences():
    bad, records = compare_with_and_without(outputs, policy="even", merge="diff")
    assert not bad, bad
    split = _split(records)
    assert {r.kernel for r in split} == KERNELS
    assert all(r.merge == ("slice" if r.kernel in SLICED else "diff") for r in split)


def test_merge_kernel_that_fails_to_build_falls_back_to_diff():
    faults.reset_counts()
    bad, records = compare_with_and_without(outputs, policy="even", faults="*:merge")
    assert not bad, bad
    assert faults.counts.get("merge")
    split = [r for r in _split(records) if r.kernel not in SLICED]
    assert all(r.merge == "diff" for r in split)
    assert all(any("merge kernel failed to build" in n for n in r.notes) for r in split)


def test_merge_kernel_that_fails_to_launch_reruns_the_rows(monkeypatch):
    import pyopencl as cl
    from skmd.runtime import merge_generated as merge_kernel

    def broken(*a, **k):
        raise cl.RuntimeError("clEnqueueNDRangeKernel failed: OUT_OF_RESOURCES (test)")
    monkeypatch.setattr(merge_kernel, "enqueue", broken)
    bad, records = compare_with_and_without(outputs, policy="even")
    assert not bad, bad
    split = [r for r in _split(records) if r.kernel not in SLICED]
    assert all(r.merge == "rerun" for r in split)
    assert all(any("ran again on" in n for n in r.notes) for r in split)


def aliased(cl):
    """One buffer passed as the written and the read argument of copy_back."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    rng = np.random.default_rng(8)
    mf = cl.mem_flags
    idx = np.arange(N, dtype=np.int32)  # in place: each item reads and writes its own slot
    IDX = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
    A = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                  hostbuf=rng.standard_normal(N).astype(np.float32))
    prg = cl.Program(ctx, SRC).build()
    cl.Kernel(prg, "copy_back")(q, (N,), (64,), IDX, A, A)
    a = np.empty(N, np.float32)
    cl.enqueue_copy(q, a, A)
    return {"a": a}


def test_buffer_passed_twice_is_merged_by_differences():
    bad, records = compare_with_and_without(aliased, policy="even")
    assert not bad, bad
    assert _split(records)
    for r in _split(records):
        assert r.merge == "diff"
        assert any("passed as several arguments" in n for n in r.notes)


PERM_SRC = r"""
__kernel void perm(__global int *idx, const int n) { int i = get_global_id(0); idx[i] = (i * 61) % n; }
"""


def device_indices(cl):
    """A scatter whose indices a split launch made: its rows' indices stay on the
    devices that made them, and the merge kernel runs the helpers' rows on home."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    IDX = cl.Buffer(ctx, mf.READ_WRITE, 4 * N)
    V = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(N, dtype=np.float32))
    OUT = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(N, -7.0, np.float32))
    cl.Kernel(cl.Program(ctx, PERM_SRC).build(), "perm")(q, (N,), (64,), IDX, np.int32(N))
    cl.Kernel(cl.Program(ctx, SRC).build(), "scatter")(q, (N,), (64,), IDX, V, OUT)
    out = np.empty(N, np.float32)
    cl.enqueue_copy(q, out, OUT)
    return {"out": out}


def test_merge_kernel_reads_indices_a_split_left_on_the_helpers():
    bad, records = compare_with_and_without(device_indices, policy="even")
    assert not bad, bad
    merges = {r.kernel: r.merge for r in _split(records)}
    assert set(merges) == {"perm", "scatter"} and merges["scatter"] == "kernel"
