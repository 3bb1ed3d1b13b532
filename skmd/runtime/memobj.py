"""What a memory object is: its size and the buffer it was carved from.

Both are asked of the driver once per Python object and kept on it (every
launch's decision key and every upload's staging check need them); a buffer
made while skmd is installed has them from its making
(:class:`skmd.runtime.host_backed.Buffer`).
"""
from __future__ import annotations

import pyopencl as cl

MemObj = "cl.MemoryObjectHolder"


def root_of(buf: MemObj) -> MemObj:
    """The buffer a sub-buffer was carved from (the buffer itself otherwise).

    Remembered on the object as the parent, or ``False`` for a root: storing the
    buffer in its own attribute would be a reference cycle that keeps it alive.
    """
    root = getattr(buf, "_skmd_root", None)
    if root is None:
        try:
            parent = buf.get_info(cl.mem_info.ASSOCIATED_MEMOBJECT)
        except (cl.Error, AttributeError):
            parent = None
        root = parent if parent is not None else False
        try:  # (not contextlib.suppress: three calls more, for every new pooled array)
            buf._skmd_root = root
        except AttributeError:
            pass
    return buf if root is False else root


def size_of(buf: MemObj) -> int:
    """``buf``'s size in bytes, asked of the driver once per object (every launch's
    decision key and every upload's staging check need it)."""
    size = getattr(buf, "_skmd_size", None)
    if size is None:
        size = int(buf.size)
        try:
            buf._skmd_size = size
        except AttributeError:
            pass
    return size


def is_sub_buffer(buf: MemObj) -> bool:
    return root_of(buf) is not buf
