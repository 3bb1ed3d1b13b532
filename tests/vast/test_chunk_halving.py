"""A device that refuses the memory of a launch's chunks: chunks halved and run again,
only when running again gives the same answer."""
import numpy as np
import pyopencl as cl
import pytest

from skmd.runtime import chunk_lane
from skmd.testing import compare_with_and_without, run_with_skmd

N = 1 << 20
SRC = """
__kernel void triad(__global float *a, __global const float *b, __global const float *c,
                    float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
__kernel void bump(__global float *a) { a[get_global_id(0)] += 1.0f; }
"""


def _refusal() -> cl.MemoryError:
    code = cl.status_code.MEM_OBJECT_ALLOCATION_FAILURE
    return cl.MemoryError(cl._cl._ErrorRecord("clCreateBuffer failed", code, "clCreateBuffer"))


def triad_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    b = np.linspace(0, 1, N, dtype=np.float32)
    c = np.cos(b)
    a = np.empty_like(b)
    ab = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=c)
    prg = cl.Program(ctx, SRC).build()
    prg.triad(q, (N,), (128,), ab, bb, cb, np.float32(3.0))
    cl.enqueue_copy(q, a, ab)
    return {"a": a}


def bump_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    x = np.arange(N, dtype=np.float32)
    xb = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=x)
    cl.Program(ctx, SRC).build().bump(q, (N,), (64,), xb)
    cl.enqueue_copy(q, x, xb)
    return {"x": x}


def _chunks(records) -> int:
    (run,) = [r for r in records if r.merge == "chunks"]
    return int(run.notes[0].split()[1])


@pytest.mark.parametrize("program", [triad_program, bump_program])
def test_refused_slots_halve_the_chunks(small_devices, monkeypatch, program):
    bad, before = compare_with_and_without(program, host_backed_min=1 << 20)
    assert not bad, bad
    real = chunk_lane._alloc
    refused = []

    def alloc(ctx, n):  # a device that holds no buffer over 32 KiB
        if n > 32 << 10:
            refused.append(n)
            raise _refusal()
        return real(ctx, n)
    monkeypatch.setattr(chunk_lane, "_alloc", alloc)
    with pytest.warns(RuntimeWarning, match="refused the memory of its chunks"):
        bad, after = compare_with_and_without(program, host_backed_min=1 << 20)
    assert refused and not bad, bad
    assert _chunks(after) >= 2 * _chunks(before)


def _fail_third_launch(monkeypatch) -> list[int]:
    calls = []
    real = chunk_lane.Lane._enqueue

    def enqueue(self, q, k, first, last, wait):
        calls.append(first)
        if len(calls) == 3:
            raise _refusal()
        return real(self, q, k, first, last, wait)
    monkeypatch.setattr(chunk_lane.Lane, "_enqueue", enqueue)
    return calls


def test_a_refusal_after_outputs_went_back_reruns_pure_outputs(small_devices, monkeypatch):
    calls = _fail_third_launch(monkeypatch)
    with pytest.warns(RuntimeWarning, match="refused the memory of its chunks"):
        bad, _ = compare_with_and_without(triad_program, host_backed_min=1 << 20)
    assert len(calls) > 3 and not bad, bad


def test_a_refusal_after_in_place_outputs_went_back_is_not_rerun(small_devices, monkeypatch):
    """``a += 1`` run again over chunks already written back would add twice."""
    _fail_third_launch(monkeypatch)
    with pytest.raises(cl.MemoryError, match="MEM_OBJECT_ALLOCATION_FAILURE"):
        run_with_skmd(bump_program, host_backed_min=1 << 20)
