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


#: host-access flags (OpenCL 1.2) under which skmd cannot move a buffer's bytes through
#: the host, as every split and every other device's copy does
_CLOSED = tuple((int(getattr(cl.mem_flags, name)), f"{name} ({what})") for name, what in (
    ("HOST_NO_ACCESS", "the host may not access it"),
    ("HOST_READ_ONLY", "the host may only read it"),
    ("HOST_WRITE_ONLY", "the host may only write it")) if hasattr(cl.mem_flags, name))
CLOSED_MASK = sum(bit for bit, _ in _CLOSED)


def closed_by(flags: int) -> str:
    """Why a buffer made with ``flags`` cannot be read and written by the host ("": it
    can): such a buffer stays on the device that holds it."""
    if not flags & CLOSED_MASK:
        return ""
    return next(why for bit, why in _CLOSED if flags & bit)


def flags_of(buf: MemObj) -> int | None:
    """``buf``'s ``mem_flags``, asked of the driver once per object (None: it would not
    say)."""
    flags = getattr(buf, "_skmd_flags", None)
    if flags is None:
        try:
            flags = int(buf.get_info(cl.mem_info.FLAGS))
        except (cl.Error, AttributeError):
            return None
        try:
            buf._skmd_flags = flags
        except AttributeError:
            pass
    return flags


def host_closed(buf: MemObj) -> str | None:
    """:func:`closed_by` for ``buf`` (None: open), worked out once per object (a buffer
    made while skmd is installed knows it from its making)."""
    why = getattr(buf, "_skmd_closed", None)
    if why is None:
        why = closed_by(flags_of(buf) or 0)
        try:
            buf._skmd_closed = why
        except AttributeError:
            pass
    return why or None
