"""When a VAST lane's commands and moves ran, on the host clock.

Commands carry their device's profiling times; moves through page-locked slots
(:mod:`skmd.runtime.bounce_ring`) are host copies and transfers together, timed on
the host.  Both go on the host clock (``time.perf_counter``) so that the run log's
pieces and the launch's overlap count them alike: the device clock is moved by the
offset a marker measures once all is done.
"""
from __future__ import annotations

import time
from typing import Any

import pyopencl as cl

from skmd.records import Piece
from skmd.runtime import raw

#: (chunk, kind, start s, end s, bytes, how it moved) on the host clock
Timed = tuple[Any, str, float, float, int, str]
#: the label's tail of a move through page-locked slots
SLOTS = " through page-locked slots"


def clock_shift(queue: cl.CommandQueue, last_ns: int) -> float:
    """Host seconds less device seconds: from a marker waited for on the idle
    ``queue``, or, where it has no times, as if the last command (``last_ns``,
    device clock) ended now."""
    try:
        m = raw.enqueue_marker(queue)
        raw.event_wait(m)
        now, end = time.perf_counter(), int(m.profile.end)
        if end >= last_ns:
            return now - end * 1e-9
    except cl.Error:
        pass
    return time.perf_counter() - last_ns * 1e-9


def settle(done: list[Any], queue: cl.CommandQueue) -> list[Timed]:
    """Every command and move of the chunks ``done`` (their ``events`` and ``spans``)
    on the host clock; each chunk's ``busy_s`` and ``kernel_s`` are added up."""
    on_device = []
    for c in done:
        for kind, evt, nb in c.events:
            try:
                on_device.append((c, kind, evt.profile.start, evt.profile.end, nb))
            except cl.Error:
                continue
    shift = clock_shift(queue, max((e for *_, e, _ in on_device), default=0))
    timed = [(c, kind, s * 1e-9 + shift, e * 1e-9 + shift, nb, "")
             for c, kind, s, e, nb in on_device]
    timed += [(c, kind, s, e, nb, SLOTS) for c in done for kind, s, e, nb in c.spans]
    for c, kind, s, e, _, _ in timed:
        c.busy_s += e - s
        if kind == "kernel":
            c.kernel_s += e - s
    return timed


def span(timed: list[Timed]) -> float:
    """Seconds from the first start to the last end."""
    return max(t[3] for t in timed) - min(t[2] for t in timed) if timed else 0.0


def pieces(device: str, timed: list[Timed], t0: float) -> list[Piece]:
    """The run log's pieces, in seconds from ``t0`` (host clock)."""
    return [Piece(device, kind, s - t0, e - t0, f"rows {c.first}-{c.last}{how}", nb)
            for c, kind, s, e, nb, how in timed]
