"""Measured host<->device link speeds, cached in the profile store.

The partitioner weighs transfers by these figures, so they are measured on this
machine (once, then read back from the store) rather than assumed.
"""
from __future__ import annotations

import time
from typing import Any

import pyopencl as cl

from skmd.runtime import raw, staging
from skmd.runtime.devices import PhysicalDevice

PROBE_BYTES = 16 << 20


def measure(dev: PhysicalDevice, nbytes: int = PROBE_BYTES, repeats: int = 3) -> tuple[float, float]:
    """Best-of-``repeats`` host->device and device->host bytes/s through the staging
    memory skmd itself uses (page-locked where the driver offers it)."""
    q = dev.queue
    host = staging.take(nbytes)
    host[:] = 1
    back = staging.take(nbytes)
    buf = cl.Buffer(dev.context, cl.mem_flags.READ_WRITE, nbytes)
    raw.enqueue_write_buffer(q, buf, host, is_blocking=True)  # warm up, allocate
    h2d = d2h = 0.0
    for _ in range(repeats):
        t = time.perf_counter()
        raw.enqueue_write_buffer(q, buf, host, is_blocking=True)
        h2d = max(h2d, nbytes / max(time.perf_counter() - t, 1e-9))
        t = time.perf_counter()
        raw.enqueue_read_buffer(q, buf, back, is_blocking=True)
        d2h = max(d2h, nbytes / max(time.perf_counter() - t, 1e-9))
    buf.release()
    staging.give(host)
    staging.give(back)
    return h2d, d2h


def link_speed(runtime: Any, dev: PhysicalDevice, remeasure: bool = False) -> tuple[float, float]:
    """The stored figure for ``dev``, measuring (and storing) it when missing."""
    store = runtime.store if runtime is not None else None
    if store is not None and not remeasure:
        try:
            p = staging.pool()
            hit = store.get_link(dev.fingerprint, pinned=bool(p and p.pinned))
        except Exception:
            hit = None
        if hit is not None:
            return float(hit.h2d_bps), float(hit.d2h_bps)
    h2d, d2h = measure(dev)
    if store is not None:
        try:
            p = staging.pool()
            store.put_link(dev.fingerprint, h2d, d2h, pinned=bool(p and p.pinned))
        except Exception:
            pass
    return h2d, d2h
