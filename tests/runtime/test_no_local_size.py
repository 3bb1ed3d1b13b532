"""Launches that give no local size: skmd picks one where the kernel cannot tell, and splits.

Each program is run bare and under skmd with the even policy on two PoCL devices;
results must be bit-identical, and the records must show both devices working.
"""
import numpy as np
import pytest

from skmd.testing import compare_with_and_without, run_with_skmd

from programs import SRC

N = 64
#: a prime: no work-group size but 1 divides it
PRIME = 1009

SHAPE_SRC = r"""
__kernel void by_group(__global float *b)
{
    size_t i = get_global_id(0);
    b[i] = (float)get_local_size(0);
}
__kernel void with_barrier(__global const float *a, __global float *b)
{
    size_t i = get_global_id(0);
    float v = a[i];
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[i] = v * 2.0f;
}
"""


def _results(cl, q, bufs, like):
    """Read every named buffer back as an array shaped like ``like``."""
    out = {}
    for name, buf in bufs.items():
        out[name] = np.empty_like(like)
        cl.enqueue_copy(q, out[name], buf)
    return out


def _on_both(records, kernel):
    """The launches of ``kernel`` that every device took a share of."""
    rs = [r for r in records if r.kernel == kernel]
    assert rs, f"no launch of {kernel} recorded"
    return [r for r in rs if len(r.shares) >= 2 and all(v > 0 for v in r.shares.values())]


def dag(cl):
    """Four kernels, no local sizes: two independent scales, their axpy, a last scale."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N * N, dtype=np.float32) / 7
    b = np.arange(N * N, dtype=np.float32)[::-1].copy() / 3
    mf = cl.mem_flags
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    X, Y, Z, W = (cl.Buffer(ctx, mf.READ_WRITE, a.nbytes) for _ in range(4))
    prg = cl.Program(ctx, SRC).build()
    prg.scale(q, a.shape, None, A, X, np.float32(2))
    prg.scale(q, b.shape, None, B, Y, np.float32(3))
    prg.axpy(q, a.shape, None, X, Y, Z, np.float32(-1.5))
    prg.scale(q, a.shape, None, Z, W, np.float32(0.5))
    return _results(cl, q, {"x": X, "y": Y, "z": Z, "w": W}, a)


def prime_and_2d(cl):
    """A prime global size and a 2-D launch, both with no local size."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    a = np.arange(N * N, dtype=np.float32) / 7
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    P, T = (cl.Buffer(ctx, mf.READ_WRITE, a.nbytes) for _ in range(2))
    cl.enqueue_fill_buffer(q, P, np.float32(-1), 0, a.nbytes)
    prg = cl.Program(ctx, SRC).build()
    prg.scale(q, (PRIME,), None, A, P, np.float32(4))
    prg.transpose(q, (N, N), None, A, T, np.int32(N))
    return _results(cl, q, {"p": P, "t": T}, a)


def group_shaped(cl):
    """Kernels that can tell the work-group size: they must keep the driver's."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    a = np.arange(1024, dtype=np.float32)
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    B, C = (cl.Buffer(ctx, mf.READ_WRITE, a.nbytes) for _ in range(2))
    prg = cl.Program(ctx, SHAPE_SRC).build()
    prg.by_group(q, a.shape, None, B)
    prg.with_barrier(q, a.shape, None, A, C)
    return _results(cl, q, {"b": B, "c": C}, a)


def test_no_local_size_is_split_in_skmd_mode():
    bad, records = compare_with_and_without(dag, policy="even")
    assert not bad, bad
    for k in ("scale", "axpy"):
        assert _on_both(records, k), [(r.kernel, r.shares, r.reason) for r in records]
    r = _on_both(records, "scale")[0]
    assert r.local_size is not None and N * N % r.local_size[0] == 0


def test_no_local_size_dag_is_scheduled_in_graph_mode(monkeypatch):
    from skmd.runtime import graph_mode
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    bad, records = compare_with_and_without(dag, policy="even", mode="mkmd")
    assert not bad, bad
    assert len(records) == 4
    assert all(r.reason is None for r in records), [r.reason for r in records]
    used = {d for r in records for d, v in r.shares.items() if v > 0}
    assert len(used) >= 2, [(r.kernel, r.shares) for r in records]


def test_prime_and_2d_launches_without_local_size_split():
    bad, records = compare_with_and_without(prime_and_2d, policy="even")
    assert not bad, bad
    (p,) = _on_both(records, "scale")
    assert p.local_size == (1,) and p.total_groups == PRIME
    (t,) = _on_both(records, "transpose")
    assert len(t.local_size) == 2 and all(N % x == 0 for x in t.local_size)


def test_kernels_that_see_the_work_group_stay_whole_and_say_why():
    bad, records = compare_with_and_without(group_shaped, policy="even")
    assert not bad, bad
    why = {r.kernel: r.reason for r in records}
    assert "get_local_size" in why["by_group"], why
    assert "barrier" in why["with_barrier"], why
    assert all("no local size given" in w for w in why.values()), why


def test_pyopencl_array_operations_stay_correct():
    def arrays(cl):
        import pyopencl.array as cla
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        x = np.linspace(0, 1, 5000).astype(np.float32)
        a = cla.to_device(q, x)
        b = cla.to_device(q, x[::-1].copy())
        c = (2 * a + b) * a
        return {"c": c.get(), "sum": np.array(cla.sum(c).get())}
    bad, _ = compare_with_and_without(arrays, policy="even")
    assert not bad, bad


LINEAR_SRC = r"""
size_t linear(void) { return get_global_linear_id(); }
__kernel void lin(__global float *b)
{ b[get_global_linear_id()] = (float)(get_global_id(0) * 1000 + get_global_id(1)); }
__kernel void lin_helper(__global float *b)
{ b[linear()] = (float)(get_global_id(0) * 1000 + get_global_id(1)); }
"""


def linear_ids(cl):
    """get_global_linear_id, in the kernel and in a helper, split by rows."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, LINEAR_SRC).build(options=["-cl-std=CL2.0"])
    bufs = {}
    for name in ("lin", "lin_helper"):
        for ls in (None, (8, 8)):
            B = bufs[f"{name}{ls}"] = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, N * N * 4)
            cl.enqueue_fill_buffer(q, B, np.float32(-1), 0, N * N * 4)
            cl.Kernel(prg, name)(q, (N, N), ls, B)
    return _results(cl, q, bufs, np.empty(N * N, np.float32))


def test_global_linear_id_keeps_its_full_launch_value_in_a_split():
    bad, records = compare_with_and_without(linear_ids, policy="even")
    assert not bad, bad
    assert len(_on_both(records, "lin")) == 2 and len(_on_both(records, "lin_helper")) == 2


def test_graph_batch_run_in_program_order_leaves_the_size_to_the_driver(monkeypatch):
    from skmd.runtime import graph_mode
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)
    bad, records = compare_with_and_without(dag, policy="even", mode="mkmd")
    assert not bad, bad
    assert len(records) == 4
    assert all(r.reason and "program order" in r.reason for r in records), \
        [r.reason for r in records]
    assert all(r.local_size is None for r in records), [r.local_size for r in records]
