"""Merging a device's partial output into the application's buffer on the home device.

Contiguous outputs are merged by slice copies (no kernel at all).  For
discontiguous outputs skmd runs a *diff merge* on the home device: the helper
device started from a full copy of the buffer as it was before the launch, so
every byte it changed is a byte its work-groups wrote; those bytes are copied
over the home buffer.  This needs no knowledge of the write addresses, costs
one streaming pass at device memory bandwidth, and is exact for any kernel in
which each byte is written by at most one work-group (bytes rewritten with their
old value need no copy).  Buffers a kernel only updates by integer atomic adds are
merged by addition instead (:func:`add_merge`).
"""
from __future__ import annotations

import threading

import numpy as np
import pyopencl as cl

from skmd.runtime import raw

MERGE_SOURCE = r"""
__kernel void skmd_diff_merge16(__global uchar16 *out, __global const uchar16 *part,
                                __global const uchar16 *orig, ulong n)
{
    size_t i = get_global_id(0);
    if (i < n) {
        uchar16 p = part[i];
        out[i] = select(out[i], p, (char16)(p != orig[i]));
    }
}
__kernel void skmd_diff_merge1(__global uchar *out, __global const uchar *part,
                               __global const uchar *orig, ulong lo, ulong hi)
{
    size_t i = lo + get_global_id(0);
    if (i < hi) {
        uchar p = part[i];
        if (p != orig[i]) out[i] = p;
    }
}
"""

ADD_SOURCE = r"""
__kernel void skmd_add_merge4(__global uint *out, __global const uint *part, ulong n)
{
    size_t i = get_global_id(0);
    if (i < n) out[i] += part[i];
}
__kernel void skmd_add_merge8(__global ulong *out, __global const ulong *part, ulong n)
{
    size_t i = get_global_id(0);
    if (i < n) out[i] += part[i];
}
"""

#: built merge kernels by (context, source), the latest :data:`KEPT` (each holds its
#: context: a program may make one per task)
_kernels: dict[tuple[int, str], dict[str, cl.Kernel]] = {}
KEPT = 16
_lock = threading.Lock()


def _built(ctx: cl.Context, source: str) -> dict[str, cl.Kernel]:
    """The kernels of ``source`` built for ``ctx`` (once per context), by name."""
    key = (ctx.int_ptr, source)
    with _lock:
        ks = _kernels.get(key)
        if ks is None:
            prg = cl._cl._Program(ctx, source)
            prg.build(b"", None)
            ks = _kernels[key] = {k.function_name: k for k in prg.all_kernels()}
            while len(_kernels) > KEPT:
                del _kernels[next(iter(_kernels))]
        return ks


def _launch(queue: cl.CommandQueue, k: cl.Kernel, gs: int, ls: int | None,
            *args: object) -> cl.Event:
    for i, a in enumerate(args):
        raw.kernel_set_arg(k, i, a)
    return raw.enqueue_nd_range_kernel(queue, k, (gs,), None if ls is None else (ls,),
                                       None, None, False, False)


def diff_merge(queue: cl.CommandQueue, out: "cl.MemoryObjectHolder", part: cl.Buffer,
               orig: cl.Buffer, size: int) -> cl.Event:
    """``out[i] = part[i]`` wherever ``part[i] != orig[i]``, byte by byte."""
    ks = _built(queue.context, MERGE_SOURCE)
    k16, k1 = ks["skmd_diff_merge16"], ks["skmd_diff_merge1"]
    n16 = size // 16
    evt = None
    if n16:
        ls = 256
        gs = -(-n16 // ls) * ls
        evt = _launch(queue, k16, gs, ls, out, part, orig, np.uint64(n16))
    tail = size - n16 * 16
    if tail:
        evt = _launch(queue, k1, tail, None, out, part, orig,
                      np.uint64(n16 * 16), np.uint64(size))
    return evt


def add_merge(queue: cl.CommandQueue, out: "cl.MemoryObjectHolder", part: cl.Buffer,
              size: int, elem: int) -> cl.Event:
    """``out[i] += part[i]`` over ``elem``-byte integers (wrapping, as atomics do).

    The merge of aggregated atomics: every helper added into a zeroed copy, and
    integer addition commutes, so the sum is what one device would have left.
    """
    k = _built(queue.context, ADD_SOURCE)[f"skmd_add_merge{elem}"]
    n = size // elem
    ls = 256
    return _launch(queue, k, max(ls, -(-n // ls) * ls), ls, out, part, np.uint64(n))


def diff_merge_host(out: np.ndarray, part: np.ndarray, orig: np.ndarray) -> None:
    """The same merge on host arrays (bytes), for tests and host-side merges."""
    o, p, g = (a.view(np.uint8) for a in (out, part, orig))
    np.copyto(o, p, where=p != g)
