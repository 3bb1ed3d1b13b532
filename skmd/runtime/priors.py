"""Per-device speed priors: two micro-kernels, timed once per device fingerprint.

Before a kernel has run on a helper nothing says how fast the helper is for it;
these figures bound it (:mod:`skmd.decide.calibration`), so a helper a thousand
times slower than the home device is never handed a slice it would stall on.
They are measured in the runtime's background set-up and kept in the profile
store next to the measured links.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyopencl as cl

from skmd.decide import DevicePrior
from skmd.runtime import raw
from skmd.runtime.devices import PhysicalDevice

_SOURCE = """
__kernel void skmd_fma(__global float *out, float a, float b) {
    float x = (float)get_global_id(0), y = x + 1.0f, z = x + 2.0f, w = x + 3.0f;
    for (int i = 0; i < 256; ++i) {
        x = x * a + b; y = y * a + b; z = z * a + b; w = w * a + b;
    }
    out[get_global_id(0)] = x + y + z + w;
}
__kernel void skmd_copy(__global const float4 *src, __global float4 *dst) {
    dst[get_global_id(0)] = src[get_global_id(0)];
}
"""
#: multiply-adds per work-item of ``skmd_fma``, counted as two operations each
_FLOP_PER_ITEM = 256 * 4 * 2
#: a timing is trusted once it lasts this long (launch costs are then small)
_MIN_S = 1e-3
#: the largest buffer a measurement allocates
_MOST_BYTES = 256 << 20


def _timed(q: cl.CommandQueue, k: cl.Kernel, items: int) -> float:
    evt = raw.enqueue_nd_range_kernel(q, k, (items,), None, None, None, False, False)
    evt.wait()
    return max((evt.profile.end - evt.profile.start) * 1e-9, 1e-9)


def _rate(dev: PhysicalDevice, k: cl.Kernel, bytes_per_item: list[int], most_items: int,
          work_per_item: float) -> float:
    """Work per second at the first size (doubling from 16 Ki items) that runs for
    ``_MIN_S``, best of two.  Each size gets buffers of its own (``bytes_per_item``
    per argument), so a device fast enough at small sizes never allocates large ones."""
    items = 1 << 14
    while True:
        bufs = [cl.Buffer(dev.context, cl.mem_flags.READ_WRITE, items * b)
                for b in bytes_per_item]
        try:
            for i, b in enumerate(bufs):
                k.set_arg(i, b)
            t = min(_timed(dev.queue, k, items), _timed(dev.queue, k, items))
        finally:
            for b in bufs:
                b.release()
        if t >= _MIN_S or items * 2 > most_items:
            return items * work_per_item / t
        items *= 2


def measure(dev: PhysicalDevice) -> DevicePrior:
    """Multiply-add and copy throughput of ``dev`` (a few milliseconds on a CPU)."""
    prg = cl._cl._Program(dev.context, _SOURCE)
    prg.build(b"", [dev.device])
    most_bytes = int(min(dev.max_alloc, _MOST_BYTES))
    fma = cl.Kernel(prg, "skmd_fma")
    fma.set_arg(1, np.float32(0.999))
    fma.set_arg(2, np.float32(0.001))
    flops = _rate(dev, fma, [4], most_bytes // 4, _FLOP_PER_ITEM)
    copy = cl.Kernel(prg, "skmd_copy")
    bps = _rate(dev, copy, [16, 16], most_bytes // 16, 32.0)  # 16 bytes read, 16 written
    return DevicePrior(flops=flops, bytes_per_s=bps)


def prior_of(store: Any, dev: PhysicalDevice) -> DevicePrior:
    """The stored prior of ``dev``, measuring (and storing) it when missing."""
    hit = None
    if store is not None:
        try:
            hit = store.get_prior(dev.fingerprint)
        except Exception:  # a store without the table, or failing: measure
            hit = None
    if hit is not None:
        return DevicePrior(*hit)
    got = measure(dev)
    if store is not None:
        try:
            store.put_prior(dev.fingerprint, got.flops, got.bytes_per_s)
        except Exception:
            pass
    return got
