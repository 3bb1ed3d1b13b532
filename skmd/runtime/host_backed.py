"""Buffers larger than the device that would run the work, kept in host memory.

While skmd is installed ``cl.Buffer`` is :class:`Buffer`, a subclass of
pyopencl's that makes every buffer as before, except one too large for the home
device (more than its largest allocation, or at least ``SKMD_HOST_BACKED_MIN``
bytes): that one is a :class:`HostBackedBuffer`, a real (tiny) OpenCL buffer
standing in for it, whose bytes live in host memory:

* ``USE_HOST_PTR``: the program's own array, as OpenCL says (no second copy);
* ``COPY_HOST_PTR``: a copy of it, as OpenCL says;
* otherwise fresh host memory.

Commands on such buffers are served from the host bytes (:func:`write`,
:func:`read`, :func:`fill`, :func:`copy`); launches over them run in chunks
(:mod:`skmd.runtime.chunked`).  The stand-in is never given to a kernel that runs.
"""
from __future__ import annotations

import os
import sys
import threading
from typing import Any

import numpy as np
import pyopencl as cl
from pyopencl import _cl

from skmd.runtime import gates, host_bytes, memobj, raw
from skmd.runtime.host_bytes import HostBytes, Maker, plain

_INIT = _cl.Buffer.__init__
#: bytes of the real buffer standing in for a host-backed one
STAND_IN_BYTES = 64
#: buffers larger than this are host-backed (the home device's largest allocation)
_limit: int | None = None
#: buffers of at least this many bytes are host-backed even when they fit (0: off)
_force_min: int = 0
#: makes the bytes of buffers the program gives no memory for
_make: Maker = plain
#: the virtual device's largest allocation: larger buffers are refused (0: unknown)
_most: int = 0
#: how many host-backed buffers exist (launches look for them only when some do)
live = 0
_live_lock = threading.Lock()


def configure(limit: int | None, force_min: int, make: Maker | None = None) -> None:
    """Set at install from the home device and the settings."""
    global _limit, _force_min, _make
    _limit, _force_min, _make = limit, int(force_min), make or plain


def advertise(most: int) -> None:
    """Set at install: the virtual device's largest allocation, past which buffers are
    refused as a driver refuses them (the shim knows it; skmd's runtime does not)."""
    global _most
    _most = int(most)


def host_memory() -> int:
    """What skmd can back: the machine's physical memory."""
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 0


def _nbytes(size: int, hostbuf: Any) -> int:
    if size:
        return int(size)
    if hostbuf is None:
        return 0
    try:
        return memoryview(hostbuf).nbytes
    except TypeError:
        return 0


class Buffer(_cl.Buffer):
    """``cl.Buffer`` while skmd is installed."""
    __slots__ = ()

    def __new__(cls, context: Any, flags: int, size: int = 0, hostbuf: Any = None) -> Any:
        n = int(size) if size else _nbytes(0, hostbuf)
        if (cls is Buffer and _limit is not None and (n > _limit or 0 < _force_min <= n)
                and not _made_by_skmd()):
            cls = HostBackedBuffer
        buf = _cl.Buffer.__new__(cls)
        # what a launch over it asks (its size, whether it is a sub-buffer) is known
        # here: pyopencl.array makes a new buffer for every result, and asking the
        # driver cost a launch over a new buffer 9 us more than over an old one (H100)
        buf._skmd_root = False
        # host-access flags: bytes skmd keeps in host memory move without the driver, so
        # only the program's own reads and writes of them are held to the flags (_span)
        flags = int(flags)
        closed = memobj.closed_by(flags) if flags & memobj.CLOSED_MASK else ""
        buf._skmd_closed, buf._skmd_forbids = ("", closed) if cls is HostBackedBuffer \
            else (closed, "")
        if n:
            buf._skmd_size = n
        return buf

    @staticmethod
    def from_int_ptr(int_ptr_value: int, retain: bool = True) -> Any:
        """pyopencl's, giving this class: a round trip through ``int_ptr`` keeps the
        type the program sees (pyopencl's own tests compare it).  Whether it is a
        sub-buffer, and its size, are asked of the driver when a launch needs them."""
        buf = _cl.Buffer.from_int_ptr(int_ptr_value, retain)
        buf.__class__ = Buffer
        return buf


def _made_by_skmd() -> bool:
    """skmd's own buffers (mirrors, page-locked staging and pieces) are never host-backed."""
    try:
        return sys._getframe(2).f_globals.get("__name__", "").startswith("skmd.")
    except ValueError:
        return False


Buffer.__module__ = _cl.Buffer.__module__
Buffer.__qualname__ = Buffer.__name__ = "Buffer"


class HostBackedBuffer(Buffer):
    """A buffer whose bytes are ``self.host`` (:class:`HostBytes`, its logical size)."""

    def __init__(self, context: Any, flags: int, size: int = 0, hostbuf: Any = None) -> None:
        global live
        mf = cl.mem_flags
        n = _nbytes(size, hostbuf)
        if hostbuf is not None and not int(flags) & (int(mf.USE_HOST_PTR) | int(mf.COPY_HOST_PTR)):
            raise cl.LogicError("Buffer: hostbuf given but neither USE_HOST_PTR nor "
                                "COPY_HOST_PTR in flags")
        plain = int(flags) & ~(int(mf.USE_HOST_PTR) | int(mf.COPY_HOST_PTR)
                               | int(mf.ALLOC_HOST_PTR))
        _refuse_past_limit(n)
        _INIT(self, context, plain, STAND_IN_BYTES)
        self.logical_size = n
        self.mem_flags = int(flags)
        try:
            self.host = _host_bytes(flags, n, hostbuf)
        except MemoryError as exc:  # as a driver that could not allocate says it
            raise driver_error("clCreateBuffer", "MEM_OBJECT_ALLOCATION_FAILURE",
                               f"{n} bytes in host memory: {exc}", cl.MemoryError) from None
        self.program_array = hostbuf if int(flags) & int(mf.USE_HOST_PTR) else None
        with _live_lock:
            live += 1
        self.counted = True

    def __del__(self) -> None:
        global live
        if getattr(self, "counted", False):  # not when making it failed
            with _live_lock:
                live -= 1
            host_bytes.release(self.host)

    @property
    def size(self) -> int:  # type: ignore[override]
        return self.logical_size

    @property
    def flags(self) -> int:  # type: ignore[override]
        return self.mem_flags

    @property
    def hostbuf(self) -> Any:  # type: ignore[override]
        return self.program_array

    def get_info(self, param: Any) -> Any:  # type: ignore[override]
        if param == cl.mem_info.SIZE:
            return self.logical_size
        if param == cl.mem_info.FLAGS:
            return self.mem_flags
        if param == cl.mem_info.HOST_PTR and self.program_array is not None:
            return self.host.pieces[0].ctypes.data
        return super().get_info(param)

    def get_sub_region(self, origin: int, size: int, flags: int = 0) -> Any:
        """No sub-buffers of host memory: refused with the driver's code for a region
        it cannot make, naming why (the driver would refuse it for the stand-in's size)."""
        raise driver_error("clCreateSubBuffer", "INVALID_VALUE",
                           f"skmd keeps this buffer of {self.logical_size} bytes in host "
                           "memory (larger than the device holds): it makes no sub-buffers "
                           "of it")

    def __getitem__(self, index: Any) -> Any:
        """A slice is a sub-buffer: refused as :meth:`get_sub_region` refuses it."""
        if isinstance(index, slice):
            self.get_sub_region(0, 0)
        return super().__getitem__(index)

    def __repr__(self) -> str:
        return f"<pyopencl.Buffer of {self.logical_size} bytes in host memory (skmd)>"


def _refuse_past_limit(n: int) -> None:
    """A size past the virtual device's largest allocation is refused before anything
    is allocated, with the error a driver gives for a size past its own limit (numpy
    would otherwise try, and fail with its own ``MemoryError``)."""
    most = _most or host_memory()
    if most and n > most:
        raise driver_error("clCreateBuffer", "INVALID_BUFFER_SIZE",
                           f"{n} bytes, more than the device's largest allocation ({most})")


def _host_bytes(flags: int, n: int, hostbuf: Any) -> HostBytes:
    mf = cl.mem_flags
    if hostbuf is None:
        return _make(n)
    view = memoryview(hostbuf)
    src = _flat_bytes(view)
    if src.nbytes < n:
        raise cl.LogicError(f"Buffer: hostbuf has {src.nbytes} bytes, fewer than the size {n}")
    if int(flags) & int(mf.USE_HOST_PTR) and not view.readonly:
        return HostBytes.of(src[:n])  # the program's memory is the buffer, as OpenCL says
    out = _make(n)
    out.copy_in(0, src[:n])
    return out


def is_host_backed(obj: Any) -> bool:
    return type(obj) is HostBackedBuffer


def any_in(values: Any) -> bool:
    """Whether any of ``values`` (kernel arguments, command arguments) is host-backed."""
    return live > 0 and any(type(v) is HostBackedBuffer for v in values)


def _done(queue: Any, wait_for: Any, what: str = "the command") -> Any:
    """An event already complete, after what the command had to wait for."""
    _runs_now(queue, wait_for, what)
    if wait_for:
        raw.wait_for_events(list(wait_for))
    return raw.done_event(queue)


def _runs_now(queue: Any, wait_for: Any, what: str) -> None:
    """A command served from host memory runs at its call: behind a user event the
    program has not set yet (in its own wait list, or behind a command its queue
    holds) it would wait for ever, so it is refused by name.  (Other events end of
    themselves: the command waits for them.)"""
    why = ("waits on a user event not set yet" if gates.user_open(wait_for) else
           "its queue holds a command behind a user event not set yet"
           if gates.held_by_user(queue) else None)
    if why is not None:
        raise driver_error("clEnqueue", "INVALID_OPERATION",
                           f"skmd: {what} on a buffer larger than the device (kept in host "
                           f"memory) runs at its call, but {why}: set the event first",
                           cl.RuntimeError)


def _view(hostbuf: Any, writable: bool) -> np.ndarray:
    view = memoryview(hostbuf)
    if writable and view.readonly:
        raise cl.LogicError("enqueue_copy: the host buffer is read-only")
    return _flat_bytes(view)


def _flat_bytes(view: memoryview) -> np.ndarray:
    """The bytes of a host buffer in memory order, as the driver is given them:
    pyopencl takes any contiguous buffer (C or Fortran order) and refuses others
    with the buffer protocol's ``ValueError``."""
    if view.c_contiguous:
        return np.frombuffer(view.cast("B"), dtype=np.uint8)
    if view.f_contiguous:
        return np.asarray(view).ravel(order="F").view(np.uint8)  # (a view: no copy)
    raise ValueError(f"{type(view.obj).__name__} is not contiguous")  # (numpy's words)


def driver_error(routine: str, status: str, detail: str = "",
                 kind: type[cl.Error] = cl.LogicError) -> cl.Error:
    """The error a driver gives for ``status`` (``"INVALID_VALUE"``...), as pyopencl
    raises it: a ``kind`` (``LogicError``; ``MemoryError`` for an allocation that
    failed) whose ``code`` a program may look at."""
    try:  # (its text: "<routine> failed: <status> - <detail>")
        return kind(_cl._ErrorRecord(routine, int(getattr(cl.status_code, status)), detail))
    except Exception:  # noqa: BLE001 - a pyopencl without error records: the message
        return kind(f"{routine} failed: {status} - {detail}")


def _span(buf: HostBackedBuffer, offset: int, nbytes: int, what: str,
          host: str = "") -> slice:
    """Bytes ``[offset, offset + nbytes)`` of ``buf``, which the host ``host``s ("read",
    "write": a command the buffer's host-access flags forbid fails as the driver's)."""
    if offset < 0 or nbytes < 0 or offset + nbytes > buf.logical_size:
        raise driver_error(what, "INVALID_VALUE", f"bytes {offset}..{offset + nbytes} are "
                           f"outside the buffer of {buf.logical_size} bytes")
    closed = getattr(buf, "_skmd_forbids", "")
    if host and closed and not closed.startswith(
            "HOST_WRITE_ONLY" if host == "write" else "HOST_READ_ONLY"):
        raise driver_error(what, "INVALID_OPERATION", f"the buffer is made with {closed}")
    return slice(offset, offset + nbytes)


def write(queue: Any, mem: HostBackedBuffer, hostbuf: Any, dst_offset: int = 0,
          wait_for: Any = None, is_blocking: bool = True) -> Any:
    src = _view(hostbuf, False)
    _span(mem, dst_offset, src.nbytes, "clEnqueueWriteBuffer", "write")
    evt = _done(queue, wait_for, "a write")
    mem.host.copy_in(dst_offset, src)
    return evt


def read(queue: Any, mem: HostBackedBuffer, hostbuf: Any, src_offset: int = 0,
         wait_for: Any = None, is_blocking: bool = True) -> Any:
    dst = _view(hostbuf, True)
    _span(mem, src_offset, dst.nbytes, "clEnqueueReadBuffer", "read")
    evt = _done(queue, wait_for, "a read")
    mem.host.copy_out(src_offset, dst)  # a USE_HOST_PTR buffer read into itself: nothing
    return evt


def fill(queue: Any, mem: HostBackedBuffer, pattern: Any, offset: int, size: int,
         wait_for: Any = None) -> Any:
    pat = _view(pattern, False)
    _span(mem, offset, size, "clEnqueueFillBuffer")
    if not pat.nbytes or size % pat.nbytes or offset % pat.nbytes:
        raise driver_error("clEnqueueFillBuffer", "INVALID_VALUE",
                           "offset and size must be multiples of the pattern")
    evt = _done(queue, wait_for, "a fill")
    for at, view in mem.host.segments(offset, offset + size):
        view.reshape(-1, pat.nbytes)[:] = pat  # pieces are whole multiples of patterns
    return evt


def copy(queue: Any, src: Any, dst: Any, byte_count: int = -1, src_offset: int = 0,
         dst_offset: int = 0, wait_for: Any = None) -> Any:
    """Buffer to buffer where one or both are host-backed (through the host bytes)."""
    if byte_count < 0:
        byte_count = min(int(src.size) - src_offset, int(dst.size) - dst_offset)
    _runs_now(queue, wait_for, "a copy")
    if wait_for:
        raw.wait_for_events(list(wait_for))
    raw.queue_finish(queue)
    if is_host_backed(src):
        _span(src, src_offset, byte_count, "clEnqueueCopyBuffer")
    if is_host_backed(dst):
        _span(dst, dst_offset, byte_count, "clEnqueueCopyBuffer")
    for at, view in (src.host.transfers(src_offset, src_offset + byte_count)
                     if is_host_backed(src) else [(src_offset, None)]):
        n = view.nbytes if view is not None else byte_count
        to = dst_offset + at - src_offset
        if view is None:  # device to host bytes
            for d_at, d_view in dst.host.transfers(to, to + n):
                raw.enqueue_read_buffer(queue, src, d_view, src_offset + d_at - to, None, True)
        elif is_host_backed(dst):
            dst.host.copy_in(to, view)
        else:
            raw.enqueue_write_buffer(queue, dst, view, to, None, True)
    return _done(queue, None)


class _HostMap:
    """What a map of a host-backed buffer hands back as its array's ``base``: the
    host bytes themselves, and ``release`` as pyopencl's ``MemoryMap`` has."""

    def __init__(self, view: np.ndarray, queue: Any) -> None:
        self.__array_interface__ = view.__array_interface__
        self._view, self._queue = view, queue

    def release(self, queue: Any = None, wait_for: Any = None) -> Any:
        return _done(queue or self._queue, wait_for)


def map_buffer(queue: Any, buf: HostBackedBuffer, flags: int, offset: int, shape: Any,
               dtype: Any, order: str = "C", strides: Any = None, wait_for: Any = None,
               is_blocking: bool = True) -> tuple[np.ndarray, Any]:
    """The host bytes themselves, as the array of a map (no copy either way)."""
    dt = np.dtype(dtype)
    shape = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
    nbytes = int(np.prod(shape, dtype=np.int64)) * dt.itemsize
    _span(buf, offset, nbytes, "enqueue_map_buffer")
    segs = buf.host.segments(offset, offset + nbytes)
    if len(segs) > 1:
        refuse(f"enqueue_map_buffer of bytes {offset}..{offset + nbytes} (they span "
               "page-locked pieces)")
    evt = _done(queue, wait_for)
    flat = segs[0][1] if segs else np.empty(0, np.uint8)
    view = np.ndarray(shape, dt, buffer=flat, order=order, strides=strides)
    return np.asarray(_HostMap(view, queue)), evt


def refuse(what: str) -> None:
    raise driver_error(what, "INVALID_OPERATION", "not supported on a buffer skmd keeps in "
                       "host memory (larger than the device); use enqueue_copy",
                       cl.RuntimeError)
