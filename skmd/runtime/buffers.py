"""Coherent buffers across physical devices (SnuCL's protocol, with byte ranges).

The application's ``cl.Buffer`` lives on the home device.  Other devices hold
*mirrors*: buffers in their own contexts, allocated lazily, each with the byte
ranges it holds at the buffer's current version.  Any write to the application
buffer bumps the version, which invalidates every mirror and the host shadow at
once; a mirror is only trusted for the ranges it was filled with (or computed)
at the current version.

In graph mode the home copy may fall behind (``home_valid`` False): a graph
leaves results on the device that made them, and a whole-buffer upload waits in
the page-locked host shadow for whichever devices need it.  Such buffers are
*stale*; anything that could observe the home copy (a read, a copy, a map, a
partial write, a kernel on home) brings it up to date first (:func:`skmd.runtime.homecoming.sync_args`);
which buffers are stale is kept in :mod:`.stale`, released mirrors for reuse in
:mod:`.mirror_pool`.
"""
from __future__ import annotations

import contextlib
import threading
import time
import weakref
from dataclasses import dataclass, field

import numpy as np
import pyopencl as cl
from skmd.decide import locations as placement
from skmd.runtime import copies, mirror_pool, raw, staging
from skmd.runtime.intervals import IntervalSet
# a buffer's size and parentage, reached as bufmod.* by most of the runtime
from skmd.runtime.memobj import host_closed, is_sub_buffer, root_of, size_of  # noqa: F401
# the stale set and its queries are reached as bufmod.* by the shim and graph mode
from skmd.runtime.stale import (_stale, mark_stale, prune_stale, seen_by_host,  # noqa: F401
                                stale_buffers)

MemObj = "cl.MemoryObjectHolder"


@dataclass(eq=False)
class Mirror:
    buf: cl.Buffer
    queue: cl.CommandQueue | None = None
    version: int = -1
    valid: IntervalSet = field(default_factory=IntervalSet)

    def holds(self, version: int, lo: int, hi: int) -> bool:
        return self.version == version and self.valid.covers(lo, hi)


class BufferState:
    """What skmd knows about one application buffer (keyed by its cl_mem)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.version = 0
        self.lock = threading.RLock()
        self.host: np.ndarray | None = None
        self.host_version = -1
        self.host_valid = IntervalSet()
        self.mirrors: dict[str, Mirror] = {}
        #: False while the newest bytes live only on other devices (graph mode)
        self.home_valid = True
        #: reads into the host shadow still in flight (see :meth:`prefetch_host`)
        self._pending: list[cl.Event] = []
        #: per host-unified device: a buffer over the host shadow itself (zero copy)
        self.views: dict[str, cl.Buffer] = {}
        #: the application buffer is USE_HOST_PTR: the host sees it without a read
        self.host_ptr: bool | None = None
        #: while ``home_valid`` is False: the ranges home holds at version ``home_part_v``
        #: (a launch sent home only what its share reads, :mod:`.placement`)
        self.home_part = IntervalSet()
        self.home_part_v = -1
        #: (version, bytes) home received on the way of a staged upload, until a launch counts them
        self.ahead = (-1, 0)

    def home_gaps(self) -> list[tuple[int, int]]:
        """What the home copy lacks of the current content."""
        have = list(self.home_part) if self.home_part_v == self.version else []
        return [] if self.home_valid else placement.gaps([(0, self.size)], have)

    def home_has(self, lo: int, hi: int) -> bool:
        """Whether the home copy holds ``[lo, hi)`` at the current version."""
        return self.home_valid or (self.home_part_v == self.version
                                   and self.home_part.covers(lo, hi))

    def __repr__(self) -> str:
        return f"<BufferState size={self.size} v{self.version} mirrors={list(self.mirrors)}>"

    def written(self) -> None:
        """The application buffer changed: every other copy is stale now."""
        with self.lock:
            self._settle()
            self.version += 1
            self.home_valid = True

    def written_on(self, label: str, app_buf: MemObj) -> None:
        """A device other than home rewrote the whole buffer in its mirror."""
        with self.lock:
            self.version += 1
            m = self.mirrors[label]
            m.version = self.version
            m.valid = IntervalSet([(0, self.size)])
            self.home_valid = False
            mark_stale(self, app_buf)

    def stage_host(self, src: np.ndarray, app_buf: MemObj,
                   home_queue: cl.CommandQueue | None = None,
                   home_ranges: list[tuple[int, int]] | None = None) -> None:
        """The program wrote the whole buffer from ``src`` (bytes); keep them on the host.

        They go from the page-locked shadow straight to each device that needs
        them, when it needs them, instead of to home through pageable memory and
        on to the helpers.  With ``home_queue`` (a GPU home, ``SKMD_PINNED_COPIES``)
        each chunk also leaves for home once in the shadow, overlapping the copy:
        all of it, or only ``home_ranges`` (what home's share of a split is
        expected to read); a helper still gets its bytes from the shadow.
        """
        with self.lock:
            self._settle()
            self.version += 1
            shadow = self._shadow()
            if home_queue is None:
                copies.copy(shadow, src)
            else:
                copies.write_through(home_queue, app_buf, src, shadow, ranges=home_ranges)
                self.home_part_v, self.home_part = self.version, IntervalSet(home_ranges or ())
                self.ahead = (self.version, self.home_part.total if home_ranges else 0)
            self.host_valid = IntervalSet([(0, self.size)])
            self.home_valid = home_queue is not None and home_ranges is None
            if not self.home_valid:
                mark_stale(self, app_buf)

    def staged_current(self) -> bool:
        """The host shadow holds the whole current content (a staged upload, or the
        buffer read back whole)."""
        return (self.host is not None and self.host_version == self.version
                and self.host_valid.covers(0, self.size))

    def send_staged(self, label: str, queue: cl.CommandQueue, target: cl.Buffer,
                    ranges: list[tuple[int, int]], home: bool
                    ) -> tuple[cl.Event, int, int] | None:
        """Start writing the staged content's ``ranges`` into ``target`` (``label``'s
        copy: the application buffer when ``home``) on ``queue``, without waiting.

        Returns (event of the last write, version sent, bytes), or None when the
        content is not staged or the copy already holds it.  Nothing is marked
        valid here: :meth:`staged_arrived` does that once the event completed, and
        whoever sends must not let the buffer change before then.
        """
        with self.lock:
            self._settle()  # a read into the shadow may be in flight (:meth:`push_host`)
            if not self.staged_current():
                return None
            if home:
                gaps = [] if self.home_valid else self.home_gaps()
            else:
                m = self.mirrors.get(label)
                have = m.valid if m is not None and m.version == self.version else IntervalSet()
                gaps = [g for lo, hi in IntervalSet(ranges) for g in have.missing(lo, hi)]
            evt, sent = None, 0
            for a, b in gaps:
                evt = raw.enqueue_write_buffer(queue, target, self.host[a:b], dst_offset=a,
                                               is_blocking=False)
                sent += b - a
            return None if evt is None else (evt, self.version, sent)

    def staged_arrived(self, label: str, version: int, ranges: list[tuple[int, int]],
                       home: bool) -> None:
        """A :meth:`send_staged` write completed: ``label``'s copy holds ``ranges``
        of ``version`` (ignored when the buffer changed since)."""
        with self.lock:
            if self.version != version:
                return
            if home:
                self.home_valid = True
                _stale.pop(id(self), None)
                return
            m = self.mirrors[label]
            if m.version != version:
                m.version = version
                m.valid = IntervalSet()
            for lo, hi in ranges:
                m.valid.add(lo, hi)

    def locations(self, home: str, host: str) -> list[str]:
        """Where the whole current content is: ``home``, ``host`` and mirror labels."""
        with self.lock:
            out = [home] if self.home_valid else []
            if self.staged_current():
                out.append(host)
            out += [lb for lb, m in self.mirrors.items() if m.holds(self.version, 0, self.size)]
            return out

    # -- host shadow ---------------------------------------------------------
    def __del__(self) -> None:
        try:
            self._settle()
            self.views.clear()  # before the shadow they are made over goes back
            staging.give(self.host)
            for label, m in self.mirrors.items():
                mirror_pool.give(label, m.buf, self.size)  # back to its own context's pool
        except Exception:
            pass

    def _shadow(self) -> np.ndarray:
        if self.host is None:
            self.host = staging.take(self.size)
        if self.host_version != self.version:
            self.host_version = self.version
            self.host_valid = IntervalSet()
        return self.host

    def _settle(self) -> None:
        """Wait for the shadow's reads in flight: its bytes are trusted only after."""
        if self._pending:
            pending, self._pending = self._pending, []
            for evt in pending:  # one by one: reads from helpers' queues are of
                evt.wait()       # several contexts, which one wait may not mix

    def prefetch_host(self, app_buf: MemObj, queue: cl.CommandQueue,
                      ranges: list[tuple[int, int]]) -> int:
        """Start reading ``ranges`` of the home copy into the host shadow; returns bytes.

        The reads are queued without waiting, so they can run while the home device
        computes (``queue`` a copy queue) or just before it does (the queue that then
        runs the kernel, when the kernel writes this buffer); whoever reads the shadow
        next goes through :meth:`fetch_host`, which waits for them.
        """
        with self.lock:
            if not self.home_valid:
                return 0
            shadow = self._shadow()
            moved = 0
            for lo, hi in ranges:
                for a, b in self.host_valid.missing(lo, hi):
                    self._pending.append(raw.enqueue_read_buffer(
                        queue, app_buf, shadow[a:b], src_offset=a, is_blocking=False))
                    self.host_valid.add(a, b)
                    moved += b - a
            return moved

    def push_host(self, label: str, queue: cl.CommandQueue) -> int:
        """Start reading ``label``'s copy, the only current one, into the host shadow on
        ``queue``, the device's own queue right behind the kernel that wrote it: a
        reader on another device then finds the bytes on the host instead of waiting
        behind the kernels queued on that device next.  Returns the bytes."""
        with self.lock:
            m = self.mirrors.get(label)
            if m is None or not m.holds(self.version, 0, self.size):
                return 0
            shadow = self._shadow()
            gaps = self.host_valid.missing(0, self.size)
            for a, b in gaps:
                self._pending.append(raw.enqueue_read_buffer(
                    queue, m.buf, shadow[a:b], src_offset=a, is_blocking=False))
                self.host_valid.add(a, b)
            return sum(b - a for a, b in gaps)

    def fetch_host(self, app_buf: MemObj, home_queue: cl.CommandQueue,
                   lo: int, hi: int, blocking: bool = True) -> tuple[np.ndarray, int]:
        """Make the host shadow hold ``[lo, hi)``; returns (shadow, bytes read).

        Not ``blocking``: the reads are left in flight, for :meth:`_settle`.
        """
        with self.lock:
            self._settle()
            shadow = self._shadow()
            moved = 0
            for a, b in self.host_valid.missing(lo, hi):
                for src_buf, q, x, y in self.sources(app_buf, home_queue, a, b):
                    evt = raw.enqueue_read_buffer(q, src_buf, shadow[x:y], src_offset=x,
                                                  is_blocking=blocking)
                    if not blocking:
                        self._pending.append(evt)
                self.host_valid.add(a, b)
                moved += b - a
            return shadow, moved

    def sources(self, app_buf: MemObj, home_queue: cl.CommandQueue, lo: int, hi: int
                ) -> list[tuple[MemObj, cl.CommandQueue, int, int]]:
        """(buffer, queue, a, b) reads that give ``[lo, hi)`` of the current content:
        from home where it holds them, else from the helpers' copies that do."""
        if self.home_valid:
            return [(app_buf, home_queue, lo, hi)]
        holders = [("", list(self.home_part) if self.home_part_v == self.version else [])]
        live = {str(k): m for k, m in enumerate(self.mirrors.values())
                if m.version == self.version and m.queue is not None}
        holders += [(k, list(m.valid)) for k, m in live.items()]
        plan = placement.gather_plan(lo, hi, holders)
        if plan is None:
            raise RuntimeError("skmd: no valid copy of a buffer range; "
                               "coherence state is inconsistent")
        return [(app_buf, home_queue, a, b) if k == "" else (live[k].buf, live[k].queue, a, b)
                for k, a, b in plan]

    def host_view(self, label: str, context: cl.Context, app_buf: MemObj,
                  home_queue: cl.CommandQueue, ranges: list[tuple[int, int]]) -> cl.Buffer:
        """The host shadow as a buffer of a host-unified device, holding ``ranges``.

        A device that shares the host's memory reads its inputs straight from the
        shadow (SnuCL's zero copy): no device copy is made or written.  Only for
        buffers a kernel does not write — the shadow is every helper's source.
        """
        with self.lock:
            for lo, hi in ranges:
                self.fetch_host(app_buf, home_queue, lo, hi)
            view = self.views.get(label)
            if view is None:
                shadow = self._shadow()
                view = cl.Buffer(context, cl.mem_flags.READ_ONLY | cl.mem_flags.USE_HOST_PTR,
                                 hostbuf=shadow[:max(self.size, 1)])
                self.views[label] = view
            return view

    def mirror(self, label: str, context: cl.Context,
               queue: cl.CommandQueue | None = None) -> Mirror:
        with self.lock:
            m = self.mirrors.get(label)
            if m is None:
                from skmd.runtime import faults
                faults.maybe_fail(label, "alloc")
                buf = mirror_pool.take(label, context, self.size)
                if buf is None:
                    buf = cl.Buffer(context, cl.mem_flags.READ_WRITE, max(self.size, 1))
                m = Mirror(buf, queue)
                self.mirrors[label] = m
            elif m.queue is None:
                m.queue = queue
            return m

    def fill_mirror(self, label: str, context: cl.Context, queue: cl.CommandQueue,
                    app_buf: MemObj, home_queue: cl.CommandQueue,
                    lo: int, hi: int) -> tuple[int, float]:
        """Make ``label``'s mirror hold ``[lo, hi)`` at the current version.

        Returns the bytes sent to the device and the seconds the sends took (the
        link alone: not the read from home into the host shadow before them).
        """
        m = self.mirror(label, context, queue)
        with self.lock:
            if m.version != self.version:
                m.version = self.version
                m.valid = IntervalSet()
            gaps = m.valid.missing(lo, hi)
            if not gaps:
                return 0, 0.0
            shadow, _ = self.fetch_host(app_buf, home_queue, lo, hi)
            sent = 0
            t = time.perf_counter()
            for a, b in gaps:
                raw.enqueue_write_buffer(queue, m.buf, shadow[a:b], dst_offset=a,
                                             is_blocking=True)
                m.valid.add(a, b)
                sent += b - a
            return sent, time.perf_counter() - t


#: guards :data:`_registry` (re-entrant: allocation can run the garbage collector,
#: and with it any clean-up, while this thread holds it)
_registry_lock = threading.RLock()
_registry: "weakref.WeakValueDictionary[int, BufferState]" = weakref.WeakValueDictionary()
#: whether any state was ever registered (until then no write has one to look up)
_any_state = False


def state_of(buf: MemObj) -> BufferState:
    """The coherence state of ``buf`` (shared by every Python object of one cl_mem).

    State rides on the Python object and is indexed weakly by ``int_ptr``: when
    the last object of a cl_mem dies its state goes with it, so a cl_mem
    recycled by a memory pool starts afresh instead of trusting stale mirrors.
    """
    st = getattr(buf, "_skmd_state", None)
    if st is not None:
        return st
    global _any_state
    ptr = buf.int_ptr
    with _registry_lock:
        st = _registry.get(ptr)
        if st is None:
            st = BufferState(int(buf.size))
            _registry[ptr] = st
            _any_state = True
    with contextlib.suppress(AttributeError):
        buf._skmd_state = st
    return st


def forget(buf: MemObj) -> None:
    """``buf`` is being released: its state must not pass to a recycled address."""
    try:
        ptr = buf.int_ptr
    except Exception:
        return
    with _registry_lock:
        st = _registry.pop(ptr, None)
    if st is not None:
        st.version += 1  # any other object still holding it sees stale mirrors go
        st.mirrors.clear()
        st.views.clear()
        st.home_valid = True  # released: nothing will read it again
        _stale.pop(id(st), None)
    with contextlib.suppress(AttributeError):
        del buf._skmd_state


def any_state() -> bool:
    """Whether any buffer has a coherence state (else a write has nothing to mark)."""
    return _any_state


def all_written() -> None:
    """A command may have written any buffer: every other copy of every one is stale."""
    with _registry_lock:
        states = list(_registry.values())
    for st in states:
        st.written()


def note_written(buf: MemObj | None, from_host: int = 0) -> None:
    """A command wrote ``buf`` (or a sub-buffer of it) on the home device: an
    upload of ``from_host`` bytes, when not 0."""
    if buf is None or not isinstance(buf, cl.MemoryObjectHolder):
        return
    st = getattr(buf, "_skmd_state", None)
    if st is None and _any_state:  # (another object of the same cl_mem may hold one)
        st = _registry.get(buf.int_ptr)
    if st is not None:
        st.written()
    if from_host:  # what the next decision about a launch over it counts (once)
        with contextlib.suppress(AttributeError):
            buf._skmd_uploaded = from_host
    root = root_of(buf)
    if root is not buf:
        note_written(root)
