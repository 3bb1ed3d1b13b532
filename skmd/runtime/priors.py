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


def _timed(q: cl.CommandQueue, k: cl.Kernel, items: int) -> float:
    evt = raw.enqueue_nd_range_kernel(q, k, (items,), None, None, None, False, False)
    evt.wait()
    return max((evt.profile.end - evt.profile.start) * 1e-9, 1e-9)


def _rate(q: cl.CommandQueue, k: cl.Kernel, items: int, most: int, per_item: float) -> float:
    """Work per second at the first size (doubling) that runs for ``_MIN_S``; best of two."""
    while True:
        t = min(_timed(q, k, items), _timed(q, k, items))
        if t >= _MIN_S or items * 2 > most:
            return items * per_item / t
        items *= 2


def measure(dev: PhysicalDevice) -> DevicePrior:
    """Multiply-add and copy throughput of ``dev`` (a few milliseconds on a CPU)."""
    ctx, q = dev.context, dev.queue
    prg = cl._cl._Program(ctx, _SOURCE)
    prg.build(b"", [dev.device])
    most_bytes = int(min(dev.max_alloc, 256 << 20))
    out = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, most_bytes)
    src = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, most_bytes)
    try:
        fma = cl.Kernel(prg, "skmd_fma")
        fma.set_arg(0, out)
        fma.set_arg(1, np.float32(0.999))
        fma.set_arg(2, np.float32(0.001))
        flops = _rate(q, fma, 1 << 14, most_bytes // 4, _FLOP_PER_ITEM)
        copy = cl.Kernel(prg, "skmd_copy")
        copy.set_arg(0, src)
        copy.set_arg(1, out)
        bps = _rate(q, copy, 1 << 14, most_bytes // 16, 32.0)  # 16 bytes read, 16 written
    finally:
        out.release()
        src.release()
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
