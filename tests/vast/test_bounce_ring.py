"""Pageable host bytes of chunked launches move through page-locked slots.

PoCL's CPU devices are host memory (a lane there sends pageable bytes straight), so
these tests make every device bounce; the slots are smaller than the pieces moved
(an odd size: slices do not line up with anything), and the results must be the
bytes of a run without skmd."""
from __future__ import annotations

import threading
import time
from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pyopencl as cl
import pytest

from skmd.runtime import bounce_ring, chunk_times, copies
from skmd.testing import compare_with_and_without, run_with_skmd
from skmd.tuning import Tuning

from test_host_backed_runs import gather_program, triad_program

TAG = chunk_times.SLOTS.strip()
#: slots of an odd size, far smaller than a chunk's window
SMALL = replace(Tuning(), vast_bounce_chunk=100_003, vast_bounce_slots=4)


@pytest.fixture
def bouncing(monkeypatch, small_devices):
    """Chunks of about 1 MiB, and every device bounces its pageable bytes."""
    monkeypatch.setattr(bounce_ring, "wanted", lambda dev, t: t.vast_bounce_chunk > 0)


def _vast(records):
    return [r for r in records if r.merge == "chunks"]


def _bounced(rec, kind: str) -> list:
    return [p for p in rec.pieces if p.kind == kind and TAG in p.label]


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("program", [triad_program, gather_program])
def test_pageable_bytes_go_through_the_slots_bit_identical(bouncing, monkeypatch, program,
                                                           threads):
    monkeypatch.setattr(copies, "THREADS", threads)  # several copy threads per slot ring
    bad, records = compare_with_and_without(program, host_backed_min=1 << 20, tuning=SMALL)
    assert not bad, bad
    for rec in _vast(records):
        assert TAG in rec.notes[0]
        ins = sum(v for k, v in rec.bytes_moved.items() if k.startswith("host->"))
        outs = sum(v for k, v in rec.bytes_moved.items() if k.endswith("->host"))
        up, down = _bounced(rec, "h2d"), _bounced(rec, "d2h")
        # plain arrays are pageable: every window byte went through the slots (frames
        # and page tables of paged arguments are skmd's own arrays, sent straight)
        if "frames" in rec.notes[0]:
            assert 0 < sum(p.bytes for p in up) < ins
        else:
            assert sum(p.bytes for p in up) == ins
        assert sum(p.bytes for p in down) == outs
        # placed on the host clock, within the launch
        for p in up + down:
            assert rec.start_s - 1e-3 <= p.start <= p.end <= rec.start_s + rec.wall_s + 1e-3


def test_without_bouncing_nothing_goes_through_slots(bouncing):
    off = replace(Tuning(), vast_bounce_chunk=0)
    bad, records = compare_with_and_without(triad_program, host_backed_min=1 << 20, tuning=off)
    assert not bad, bad
    assert all(TAG not in r.notes[0] and not _bounced(r, "h2d") for r in _vast(records))


def _by_device(rec) -> dict[str, list[list]]:
    """Per device, the pieces of its chunks in the order it ran them (rows ascending)."""
    out: dict[str, dict[int, list]] = {}
    for p in rec.pieces:
        first = int(p.label.split()[1].split("-")[0])
        out.setdefault(p.device, {}).setdefault(first, []).append(p)
    return {d: [ps for _, ps in sorted(c.items())] for d, c in out.items()}


def test_a_slot_is_written_again_only_after_its_late_read_back(bouncing, monkeypatch):
    """The first read-back of each device is held back: later chunks' kernels end
    before it (out of order), yet the chunk that takes its slot next uploads only
    once it has ended, and the bytes are right."""
    real, seen, lock = copies.read, set(), threading.Lock()

    def late_read(queue, *a, **k):
        with lock:
            first = queue.int_ptr not in seen
            seen.add(queue.int_ptr)
        if first:
            time.sleep(0.3)
        return real(queue, *a, **k)
    monkeypatch.setattr(copies, "read", late_read)
    bad, records = compare_with_and_without(triad_program, host_backed_min=1 << 20,
                                            tuning=SMALL)
    assert not bad, bad
    rec = _vast(records)[0]
    lanes = _by_device(rec)
    assert any(len(chunks) >= 3 for chunks in lanes.values())
    for chunks in lanes.values():
        if len(chunks) >= 2:  # the next chunk's kernel ended first
            late = max(p.end for p in chunks[0] if p.kind == "d2h")
            assert max(p.end for p in chunks[1] if p.kind == "kernel") < late
        for before, after in zip(chunks, chunks[2:]):  # the same slot, in turn
            back_end = max(p.end for p in before if p.kind == "d2h")
            up_start = min(p.start for p in after if p.kind == "h2d")
            assert up_start >= back_end


@pytest.mark.parametrize("way", ["read", "write"])
def test_a_failed_move_reaches_the_program(bouncing, monkeypatch, way):
    """On the read-back thread or the lane's: raised where the program launched,
    after the other moves ended (nothing hangs)."""
    # read-backs go by copies.read; uploads by the lane's one copies.Flow
    target = copies if way == "read" else copies.Flow
    real, calls = getattr(target, way), []

    def failing(*a, **k):
        calls.append(1)
        if len(calls) == 2:
            raise cl.RuntimeError("move refused")
        return real(*a, **k)
    monkeypatch.setattr(target, way, failing)

    def program(cl):
        with pytest.raises(cl.RuntimeError, match="move refused"):
            triad_program(cl)
        return {}
    run_with_skmd(program, host_backed_min=1 << 20, tuning=SMALL)
    assert len(calls) >= 2


def test_only_devices_that_are_not_host_memory_bounce():
    gpu = SimpleNamespace(host_unified=False)
    cpu = SimpleNamespace(host_unified=True)
    assert bounce_ring.wanted(gpu, Tuning()) and not bounce_ring.wanted(cpu, Tuning())
    assert not bounce_ring.wanted(gpu, replace(Tuning(), vast_bounce_chunk=0))
    plan = bounce_ring.plan_of(SMALL)
    assert plan.chunk == 100_003 and 2 * plan.threads <= SMALL.vast_bounce_slots
    more = bounce_ring.plan_of(replace(SMALL, vast_bounce_threads=5, vast_bounce_slots=24))
    assert more.threads == 5 and more.slots(10**9) == 10


def _page_locked_budget(monkeypatch, budget: int) -> None:
    """Host-backed buffers page-locked up to ``budget`` bytes, in the order made."""
    from skmd.runtime import host_backed, host_bytes
    real = host_backed.configure
    # the budget counts from nothing (a context at an earlier one's address inherits
    # its count and spares)
    monkeypatch.setattr(host_bytes, "_made", {})
    monkeypatch.setattr(host_bytes, "_free", {})

    def pieces(limit, force_min, make=None):
        def make_pieces(n):
            from skmd.runtime.core import get_runtime
            home = get_runtime().home
            return host_bytes.page_locked(n, home.context, home.queue, piece=3 << 18,
                                          budget=budget)
        real(limit, force_min, make_pieces)
    monkeypatch.setattr(host_backed, "configure", pieces)


def test_page_locked_pieces_go_straight_and_the_others_through_slots(bouncing, monkeypatch):
    """Host bytes partly page-locked (a budget of 5 MiB): those pieces are sent as
    they are, the pageable ones and the program's own arrays through the slots."""
    _page_locked_budget(monkeypatch, 5 << 20)
    bad, records = compare_with_and_without(triad_program, host_backed_min=1 << 20,
                                            tuning=SMALL)
    assert not bad, bad
    rec = _vast(records)[0]
    for kind, key in (("h2d", "host->"), ("d2h", "->host")):
        moved = sum(v for k, v in rec.bytes_moved.items() if key in k)
        slots = sum(p.bytes for p in _bounced(rec, kind))
        straight = sum(p.bytes for p in rec.pieces if p.kind == kind and TAG not in p.label)
        assert slots + straight == moved
    # the output (made first) is page-locked; the inputs are partly (b) or not at all (c)
    assert not _bounced(rec, "d2h") and _bounced(rec, "h2d")
    assert sum(p.bytes for p in rec.pieces if p.kind == "h2d" and TAG not in p.label)


def test_every_slot_is_of_one_size(bouncing, monkeypatch):
    """Runs shorter than a slot take a whole one: the page-locked pool keeps one size
    class for the slots, whatever the windows' sizes."""
    from skmd.runtime import devices, staging
    real, sizes = staging.take, []
    monkeypatch.setattr(staging, "take", lambda n: sizes.append(n) or real(n))
    # (the link probes ask whether a helper reads host memory in place: that experiment
    # takes a few bytes of the pool, not a slot)
    monkeypatch.setattr(devices, "_aliases_host", lambda dev: dev.host_unified)
    bad, _ = compare_with_and_without(triad_program, host_backed_min=1 << 20, tuning=SMALL)
    assert not bad, bad
    assert sizes and set(sizes) == {SMALL.vast_bounce_chunk}


SLOW_SRC = """
__kernel void slow(__global float *a, __global const float *b, int iters) {
  size_t i = get_global_id(0);
  float v = b[i];
  for (int k = 0; k < iters; k++) v = v * 0.999f + 0.001f * b[i];
  a[i] = v;
}
"""


def slow_program(cl):
    """A kernel far slower than moving its chunk's input: the next chunks' inputs are
    copied while it still reads its own window."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = 1 << 20
    b = np.random.default_rng(11).random(n, dtype=np.float32)
    a = np.empty_like(b)
    ab = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)  # made first: page-locked, sent straight
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cl.Program(ctx, SLOW_SRC).build().slow(q, (n,), (128,), ab, bb, np.int32(400))
    cl.enqueue_copy(q, a, ab)
    return {"a": a}


def test_inputs_wait_for_the_window_they_overwrite(bouncing, monkeypatch):
    """Uploads through the slots into a chunk's window wait, on the device, for that
    window's previous chunk (its kernel may still read it): with page-locked outputs
    nothing on the host waits for that kernel, so only the transfers' own wait lists
    order them.  PoCL's CPU devices have not been seen to run a copy beside a kernel of
    another queue (the unordered writes gave right results there too); a GPU's copy
    engines do.  Here: many chunks, a slow kernel, results a bare run's."""
    _page_locked_budget(monkeypatch, 4 << 20)
    bad, records = compare_with_and_without(slow_program, host_backed_min=1 << 20,
                                            tuning=SMALL)
    assert not bad, bad
    rec = _vast(records)[0]
    assert _bounced(rec, "h2d") and not _bounced(rec, "d2h")
    assert len({p.label for p in rec.pieces if p.kind == "kernel"}) >= 3
