"""Measured host<->device link speeds, cached in the profile store.

The partitioner weighs transfers by these figures, so they are measured on this
machine (once, then read back from the store) rather than assumed.  A helper
whose buffers are host memory is read back by mapping them
(:mod:`.mapped_reads`): its device->host figure is measured that way, and kept
apart from a figure its driver's read gave.
"""
from __future__ import annotations

import time
from typing import Any

import pyopencl as cl

from skmd.runtime import mapped_reads, raw, staging
from skmd.runtime.devices import PhysicalDevice

PROBE_BYTES = 16 << 20


#: what a stored figure of a device read back by mapping is kept under, beside its
#: fingerprint (a figure measured with the driver's read must not stand for it)
MAPPED = "+mapped"


def measure(dev: PhysicalDevice, nbytes: int = PROBE_BYTES, repeats: int = 3,
            mapped: bool = False) -> tuple[float, float]:
    """Best-of-``repeats`` host->device and device->host bytes/s through the staging
    memory skmd itself uses (page-locked where the driver offers it); ``mapped``:
    device->host as :func:`mapped_reads.read` moves it."""
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
        mapped_reads.read(q, buf, back, 0, mapped)
        d2h = max(d2h, nbytes / max(time.perf_counter() - t, 1e-9))
    buf.release()
    staging.give(host)
    staging.give(back)
    return h2d, d2h


def link_speed(runtime: Any, dev: PhysicalDevice, remeasure: bool = False,
               mapped: bool = False) -> tuple[float, float]:
    """The stored figure for ``dev``, measuring (and storing) it when missing;
    ``mapped``: its results are read back by mapping (see :func:`measure`)."""
    store = runtime.store if runtime is not None else None
    key = dev.fingerprint + (MAPPED if mapped else "")
    if store is not None and not remeasure:
        try:
            p = staging.pool()
            hit = store.get_link(key, pinned=bool(p and p.pinned))
        except Exception:
            hit = None
        if hit is not None:
            return float(hit.h2d_bps), float(hit.d2h_bps)
    h2d, d2h = measure(dev, mapped=mapped)
    if store is not None:
        try:
            p = staging.pool()
            store.put_link(key, h2d, d2h, pinned=bool(p and p.pinned))
        except Exception:
            pass
    return h2d, d2h
