"""Large blocking transfers through page-locked chunks (``SKMD_PINNED_COPIES``).

PoCL's CPU device shares the host's memory, so ``auto`` leaves its transfers to
the driver; ``always`` takes the chunked path there too, which is how these tests
reach it.  Results must be bit-identical to a bare run in every mode.
"""
from __future__ import annotations

import numpy as np
import pytest

from skmd.runtime import copies
from skmd.testing import compare_with_and_without, run_with_skmd, tuned

N = (3 << 20) + 12345  # floats: 12 MiB and a bit, so chunks wrap and the last is short

SCALE = """
__kernel void scale(__global const float *a, __global float *b, const float s)
{
    int i = get_global_id(0);
    b[i] = s * a[i] + 1.0f;
}
"""


def program(cl) -> dict[str, np.ndarray]:
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    a = np.random.default_rng(3).random(N, dtype=np.float32)
    da = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    db = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    cl.enqueue_copy(q, da, a)                                  # whole, blocking
    head = np.full(N // 2, 7.0, np.float32)
    cl.enqueue_copy(q, da, head, dst_offset=4 * (N // 4))      # into the middle
    prg = cl.Program(ctx, SCALE).build()
    prg.scale(q, (N,), None, da, db, np.float32(3.0))
    b = np.empty_like(a)
    cl.enqueue_copy(q, b, db)                                  # whole, blocking
    tail = np.zeros(N // 3, np.float32)
    cl.enqueue_copy(q, tail, db, src_offset=4 * (N - N // 3))  # from an offset
    late = np.zeros(N, np.float32)
    evt = cl.enqueue_copy(q, late, db, is_blocking=False)      # the driver's way
    evt.wait()
    a[:] = -1.0  # the program's array is its own again once a blocking write returned
    return {"b": b, "tail": tail, "late": late}


@pytest.fixture
def calls(monkeypatch):
    tuned(monkeypatch, pin_after_bytes=0)  # page-locked memory from the first transfer
    seen = {"write": 0, "read": 0, "write_through": 0}
    for name in seen:
        real = getattr(copies, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            seen[_name] += 1
            return _real(*args, **kwargs)
        monkeypatch.setattr(copies, name, spy)
    return seen


@pytest.mark.parametrize("mode,policy", [("skmd", "even"), ("skmd", "hill"), ("mkmd", "hill"),
                                         ("inorder", "hill")])
def test_chunked_transfers_give_the_bare_results(calls, mode, policy):
    bad, _ = compare_with_and_without(program, pinned_copies="always", mode=mode, policy=policy)
    assert not bad, bad
    # the whole read and the one from an offset; the non-blocking one is left alone
    # (a split's output is gathered: only home's slice of it through chunks)
    assert calls["read"] == 2 if mode != "skmd" else 1 <= calls["read"] <= 2
    # the whole upload waits on the host (graph mode: sent home on its way), the
    # partial one goes through chunks
    assert calls["write"] == (2 if mode == "inorder" else 1)
    assert calls["write_through"] == (1 if mode == "mkmd" else 0)


@pytest.mark.parametrize("how", ["auto", "never"])
def test_shared_memory_devices_and_never_leave_transfers_to_the_driver(calls, how):
    out, _ = run_with_skmd(program, pinned_copies=how)
    assert np.array_equal(out["b"], out["late"])
    assert calls == {"write": 0, "read": 0, "write_through": 0}


def test_small_transfers_are_left_to_the_driver(calls):
    def small(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        x = np.arange(1 << 18, dtype=np.float32)  # 1 MiB
        d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, x.nbytes)
        cl.enqueue_copy(q, d, x)
        y = np.empty_like(x)
        cl.enqueue_copy(q, y, d)
        return {"y": y}
    out, _ = run_with_skmd(small, pinned_copies="always")
    assert np.array_equal(out["y"], np.arange(1 << 18, dtype=np.float32))
    assert calls == {"write": 0, "read": 0, "write_through": 0}


def test_a_transfer_pyopencl_refuses_is_refused_as_without_skmd(calls):
    """Past the buffer's end: the same pyopencl error as a bare run, nothing chunked."""
    import pyopencl as cl

    from skmd.testing import skmd_installed

    def attempt():
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 8 << 20)
        big = np.zeros(4 << 20, np.float32)  # 16 MiB
        errors = []
        for copy in (lambda: cl.enqueue_copy(q, d, big),
                     lambda: cl.enqueue_copy(q, big, d, src_offset=4)):
            with pytest.raises(cl.Error) as info:
                copy()
            errors.append((type(info.value), info.value.code))
        return errors

    bare = attempt()
    with skmd_installed(pinned_copies="always"):
        assert attempt() == bare
    assert calls == {"write": 0, "read": 0, "write_through": 0}


def test_page_locked_memory_is_taken_once_the_driver_has_moved_enough(calls, monkeypatch):
    """Ski rental: transfers take the driver's path until they have moved
    ``pin_after_bytes``; only then does skmd pin memory for its chunks."""
    tuned(monkeypatch, pin_after_bytes=20 << 20)

    def moves(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        x = np.arange(3 << 20, dtype=np.float32)  # 12 MiB each way
        d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, x.nbytes)
        got = []
        for k in range(3):
            cl.enqueue_copy(q, d, x + k)
            y = np.empty_like(x)
            cl.enqueue_copy(q, y, d)
            got.append((dict(calls), y))
        return got
    got, _ = run_with_skmd(moves, pinned_copies="always", mode="inorder")
    assert got[0][0] == {"write": 0, "read": 0, "write_through": 0}  # 12 + 12 MiB unpinned
    assert got[1][0] == {"write": 1, "read": 1, "write_through": 0}
    assert got[2][0] == {"write": 2, "read": 2, "write_through": 0}
    x = np.arange(3 << 20, dtype=np.float32)
    assert all(np.array_equal(y, x + k) for k, (_, y) in enumerate(got))
