"""Transfers into and out of host bytes go in bounded pieces, for a buffer of any size."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from skmd.runtime import host_bytes
from skmd.runtime.host_bytes import PIECE_BYTES, TRANSFER_BYTES, HostBytes
from skmd.tuning import Tuning


def _huge(n: int) -> np.ndarray:
    return np.broadcast_to(np.zeros(1, np.uint8), (n,))  # n bytes, none allocated


@pytest.mark.parametrize("n", [30_000_000_000, 41 * 10**9 + 7, 3 * PIECE_BYTES, 5])
def test_pageable_transfers_are_bounded_and_cover(n: int) -> None:
    host = HostBytes.of(_huge(n))
    lo, hi = n // 7, n - n // 5
    parts = host.transfers(lo, hi)
    assert all(0 < v.nbytes <= TRANSFER_BYTES for _, v in parts)
    at = lo
    for start, v in parts:  # in order, no gap, no overlap
        assert start == at
        at += v.nbytes
    assert at == hi


def test_pieces_and_transfers_bounded_together() -> None:
    pieces = [np.zeros(10, np.uint8), np.zeros(25, np.uint8), np.zeros(3, np.uint8)]
    host = HostBytes(pieces)
    parts = host.transfers(4, 37, most=8)
    assert [v.nbytes for _, v in parts] == [6, 8, 8, 8, 1, 2]
    assert [a for a, _ in parts] == [4, 10, 18, 26, 34, 35]


def _h100() -> SimpleNamespace:
    """A home device with an H100's memory, not sharing host memory."""
    return SimpleNamespace(host_unified=False, context=None, queue=None,
                           max_alloc=40 * 10**9, global_mem=80 * 10**9)


def test_page_locked_pieces_never_exceed_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(host_bytes, "page_locked",
                        lambda n, ctx, q, piece, budget: asked.append(piece)
                        or host_bytes.plain(0))
    host_bytes.maker_for(_h100(), lambda *a: None, 0.45)(30_000_000_000)
    assert asked == [PIECE_BYTES]


def test_the_bounce_slots_count_in_the_page_locked_share(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    budgets = []
    monkeypatch.setattr(host_bytes, "page_locked",
                        lambda n, ctx, q, piece, budget: budgets.append(budget)
                        or host_bytes.plain(0))
    home = _h100()
    ring = Tuning().vast_bounce_ring
    assert ring == 2 * Tuning().vast_bounce_slots * Tuning().vast_bounce_chunk > 0
    host_bytes.maker_for(home, lambda *a: None, 0.45, ring)(1 << 30)
    assert budgets == [int(0.45 * 80 * 10**9) - ring]


@pytest.fixture
def cpu_context():
    import pyopencl as cl
    from skmd.testing import usable_platform
    ctx = cl.Context([usable_platform().get_devices()[0]])
    return ctx, cl.CommandQueue(ctx)


def test_page_locked_bytes_held_to_a_budget(cpu_context) -> None:
    ctx, q = cpu_context
    host = host_bytes.page_locked(10 * 4096 + 100, ctx, q, piece=4096, budget=3 * 4096)
    pinned = [k is not None for k in host._keep]
    assert pinned == [True] * 3 + [False] * 8
    assert host.pageable == 7 * 4096 + 100 and host.size == 10 * 4096 + 100
    more = host_bytes.page_locked(4096, ctx, q, piece=4096, budget=3 * 4096)
    assert more.pageable == 4096  # the budget counts every buffer of the context
    host_bytes.release(host)  # spares are reused, past the budget too
    again = host_bytes.page_locked(3 * 4096, ctx, q, piece=4096, budget=3 * 4096)
    assert again.pageable == 0


def test_a_refused_pin_keeps_the_pinned_pieces_and_goes_on_pageable(cpu_context, monkeypatch
                                                                    ) -> None:
    import pyopencl as cl
    from skmd.runtime import raw
    ctx, q = cpu_context
    real, calls = raw.enqueue_map_buffer, []

    def refusing(*a, **k):
        calls.append(1)
        if len(calls) > 2:
            raise cl.MemoryError(cl._cl._ErrorRecord(
                "clEnqueueMapBuffer failed", cl.status_code.MEM_OBJECT_ALLOCATION_FAILURE, "m"))
        return real(*a, **k)
    monkeypatch.setattr(raw, "enqueue_map_buffer", refusing)
    host = host_bytes.page_locked(5 * 8192, ctx, q, piece=8192)
    assert host.refused and host.pageable == 3 * 8192 and len(calls) == 3
    data = np.arange(5 * 8192, dtype=np.uint8)
    host.copy_in(0, data)
    out = np.empty_like(data)
    host.copy_out(0, out)
    assert np.array_equal(out, data)


def test_runs_say_which_bytes_are_page_locked() -> None:
    pinned = object()  # the buffer a page-locked piece is mapped from
    host = HostBytes([np.zeros(4096, np.uint8) for _ in range(5)],
                     [pinned, pinned, None, None, None])
    runs = host.runs(100, 5 * 4096 - 7)
    assert [(at, v.nbytes, locked) for at, v, locked in runs] == [
        (100, 4096 - 100, True), (4096, 4096, True), (2 * 4096, 4096, False),
        (3 * 4096, 4096, False), (4 * 4096, 4096 - 7, False)]
    assert [at for at, _ in host.segments(100, 5 * 4096 - 7)] == [at for at, _, _ in runs]
    assert not any(locked for _, _, locked in HostBytes.of(np.zeros(9, np.uint8)).runs(0, 9))


def test_page_locked_bytes_count_while_they_are_pinned(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """A context's page-locked budget counts the pieces alive: spares kept for reuse
    count, pieces dropped with their buffer do not (a context made later at the same
    address would otherwise start with a dead one's count)."""
    import gc

    import pyopencl as cl
    monkeypatch.setattr(host_bytes, "_made", {})
    monkeypatch.setattr(host_bytes, "_free", {})
    ctx = cl.Context([cl.get_platforms()[0].get_devices()[0]])
    q = cl.CommandQueue(ctx)
    ptr, mib = int(ctx.int_ptr), 1 << 20
    hb = host_bytes.page_locked(4 * mib, ctx, q, piece=mib)
    assert host_bytes._made[ptr] == 4 * mib
    host_bytes.release(hb)  # four spares, still pinned
    again = host_bytes.page_locked(2 * mib, ctx, q, piece=mib)  # two of them again
    assert host_bytes._made[ptr] == 4 * mib
    del hb, again
    gc.collect()
    assert host_bytes._made[ptr] == 2 * mib  # the two spares left
