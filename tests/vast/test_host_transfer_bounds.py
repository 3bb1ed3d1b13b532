"""Transfers into and out of host bytes go in bounded pieces, for a buffer of any size."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from skmd.runtime import host_bytes
from skmd.runtime.host_bytes import PIECE_BYTES, HostBytes


def _huge(n: int) -> np.ndarray:
    return np.broadcast_to(np.zeros(1, np.uint8), (n,))  # n bytes, none allocated


@pytest.mark.parametrize("n", [30_000_000_000, 41 * 10**9 + 7, 3 * PIECE_BYTES, 5])
def test_pageable_transfers_are_bounded_and_cover(n: int) -> None:
    host = HostBytes.of(_huge(n))
    lo, hi = n // 7, n - n // 5
    parts = host.transfers(lo, hi)
    assert all(0 < v.nbytes <= PIECE_BYTES for _, v in parts)
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


def test_page_locked_pieces_never_exceed_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(host_bytes, "page_locked",
                        lambda n, ctx, q, piece: asked.append(piece) or host_bytes.plain(0))
    home = SimpleNamespace(host_unified=False, context=None, queue=None,
                           max_alloc=40 * 10**9)
    host_bytes.maker_for(home, lambda *a: None)(30_000_000_000)
    assert asked == [PIECE_BYTES]
