"""Released mirrors kept for reuse, by device, context and size.

Device allocations are slow, and programs make buffers of the same sizes again
and again: a mirror whose application buffer went away goes back here (up to
:data:`MAX_DEVICE_POOLED` bytes per device) and is handed to the next buffer of
its size on that device.
"""
from __future__ import annotations

import threading

import pyopencl as cl

#: (device label, context, size) -> released buffers
_device_free: dict[tuple[str, int, int], list[cl.Buffer]] = {}
_device_pooled: dict[str, int] = {}
MAX_DEVICE_POOLED = 4 << 30
#: re-entrant: a buffer state collected while this thread holds the lock (allocation
#: can run the garbage collector anywhere) gives its mirrors back under the same lock
_lock = threading.RLock()


def take(label: str, context: cl.Context, size: int) -> cl.Buffer | None:
    """A pooled buffer of ``size`` bytes on ``label`` in ``context``, or None."""
    with _lock:
        free = _device_free.get((label, context.int_ptr, size))
        if free:
            _device_pooled[label] -= size
            return free.pop()
    return None


def give(label: str, buf: cl.Buffer, size: int) -> None:
    """Keep ``buf`` (``size`` bytes on ``label``) for reuse, within the cap."""
    with _lock:
        if _device_pooled.get(label, 0) + size > MAX_DEVICE_POOLED:
            return  # dropped: released by pyopencl when collected
        key = (label, buf.get_info(cl.mem_info.CONTEXT).int_ptr, size)
        _device_free.setdefault(key, []).append(buf)
        _device_pooled[label] = _device_pooled.get(label, 0) + size


def clear() -> None:
    """Drop every pooled buffer (the runtime is reset)."""
    with _lock:
        _device_free.clear()
        _device_pooled.clear()
