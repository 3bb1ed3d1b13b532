"""Uploads wait in host memory; a launch sends each device only what its share reads.

When the program uploads a whole buffer and a launch might be split, the bytes
are copied into the buffer's page-locked host shadow and go nowhere yet (the
program may reuse its array at once).  Once a launch that reads the buffer is
decided, the home device receives the ranges its own share reads and each
helper the ranges its share reads, each over its own link, at the same time;
a device that shares host memory reads the shadow in place.  Anything that
later looks at the home copy brings the rest home first (:mod:`.homecoming`).

Graph mode stages uploads the same way (:meth:`BufferState.stage_host`), and
its sends to the home device take only what home lacks (:meth:`BufferState.home_gaps`).
The pure parts (where bytes are, what moving them costs, who supplies which
range) are in :mod:`skmd.decide.locations`.
"""
from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import numpy as np
import pyopencl as cl

from skmd.decide import locations as where_mod
from skmd.decide.pinning import PinRental
from skmd.runtime import buffers as bufmod
from skmd.runtime import copies, homecoming, mapped_reads, raw
from skmd.runtime.stale import any_stale, prune_stale

#: at most so many uploads of one size go home at once between two that are staged
#: (the program's launches of that size ran whole: nothing to place)
MAX_SKIP = 64


class Placement:
    """What the runtime learns about placing uploads in this process, per upload size
    (programs upload buffers of the same sizes again and again)."""

    def __init__(self, pin_after_bytes: int = 0) -> None:
        self.lock = threading.Lock()
        #: size -> [uploads still to send home at once, the current interval]
        self.skips: dict[int, list[int]] = {}
        #: whether page-locked memory pays yet (chunked copies, staged uploads)
        self.pinning = PinRental(pin_after_bytes)
        #: size -> the byte ranges home read of the latest staged upload of that size
        #: (its share of a split, or all of it for a launch run whole): the next
        #: such upload sends them home while it is copied into host memory
        self.shares: dict[int, list[tuple[int, int]]] = {}

    def read_whole(self, size: int) -> None:
        """A staged upload of ``size`` bytes was read by a launch run whole on home:
        the next ones of that size go home whole on their way into host memory."""
        with self.lock:
            _, interval = self.skips.get(size, (0, 0))
            nxt = where_mod.backoff(interval, MAX_SKIP)
            self.skips[size] = [nxt, nxt]
            self.shares[size] = [(0, size)]

    def read_split(self, size: int, home_read: list[tuple[int, int]]) -> None:
        """A staged upload of ``size`` bytes was read by a split launch whose home
        share read ``home_read`` of it: keep staging, and send those ahead next time."""
        with self.lock:
            self.skips.pop(size, None)
            self.shares[size] = list(home_read)

    def home_share(self, size: int) -> list[tuple[int, int]] | None:
        """The ranges of an upload of ``size`` bytes that home is expected to read
        (None: no staged upload of that size was read yet)."""
        with self.lock:
            return self.shares.get(size)

    def ready_again(self) -> None:
        """A kernel's helpers just got ready: every upload size is staged again, with
        nothing sent ahead (so that launches are priced from host memory)."""
        with self.lock:
            self.skips.clear()
            self.shares.clear()

    def take(self, size: int) -> int:
        """Uploads of ``size`` still to send home at once, counting this one."""
        with self.lock:
            got = self.skips.get(size)
            if got is None or got[0] <= 0:
                return 0
            got[0] -= 1
            return got[0] + 1


def book(rt: Any) -> Placement:
    """What ``rt`` learned about placing uploads (made on first use)."""
    got = getattr(rt, "_skmd_placement", None)
    if got is None:
        got = rt._skmd_placement = Placement(rt.settings.tuning.pin_after_bytes)
    return got


def where_class(buf: Any) -> str | None:
    """Where ``buf``'s whole current content is, when not simply on home (None): part
    of a launch's decision key, since a split is priced from there."""
    root = getattr(buf, "_skmd_root", None)  # as root_of left it (False: a root)
    root = bufmod.root_of(buf) if root is None else (buf if root is False else root)
    st = getattr(root, "_skmd_state", None)
    if st is None or (st.home_valid and st.host is None):
        return None
    # (BufferState.staged_current, without another call into the buffers module)
    staged = st.host_version == st.version and st.host_valid.covers(0, st.size)
    w = where_mod.location(st.home_valid, staged)
    return None if w == where_mod.HOME else w


def waits_on_host(rt: Any, size: int) -> bool:
    """Whether a whole upload of ``size`` bytes should wait in host memory for the
    launch that reads it."""
    if len(rt.devices) < 2:
        return False
    b = book(rt)
    return where_mod.stages_lazily(len(rt.devices), b.take(size)) and b.pinning.pays(size)


def upload(rt: Any, queue: cl.CommandQueue, mem: Any, src: np.ndarray, graph: bool,
           through: bool) -> cl.Event:
    """Keep the program's whole upload ``src`` of ``mem`` in host memory.

    With ``through`` (a GPU home), chunks also leave for home as they arrive: in
    graph mode (``graph``) all of them, as graph batches need most uploads there;
    otherwise the ranges home read of the latest staged upload of this size
    (all of it when a launch ran whole over it), when there is one.  The rest
    moves only once a launch reads the buffer.  Returns a completed event.
    """
    if any_stale():  # buffers of earlier uploads the program dropped
        prune_stale()
    ahead = None if graph or not through else book(rt).home_share(src.nbytes)
    whole = (graph and through) or ahead == [(0, src.nbytes)]
    bufmod.state_of(mem).stage_host(src, mem, queue if whole or ahead else None,
                                     None if whole else ahead or None)
    if whole and not graph:  # the next launch waited for all of it, as for a plain
        with contextlib.suppress(AttributeError):  # upload (bufmod.note_written)
            mem._skmd_uploaded = src.nbytes
    if graph:
        rt.graph.note_staged()
    return raw.done_event(queue)


def where_args(rt: Any, args: dict) -> dict[int, str]:
    """Per buffer argument index: where its whole current content is (only those
    not simply on home), for the decisions."""
    out: dict[int, str] = {}
    if len(rt.devices) < 2:
        return out
    for i, a in args.items():
        v = a[1] if a[0] == "obj" else None
        if isinstance(v, cl.Buffer):
            w = where_class(v)
            if w is not None:
                out[i] = w
    return out


def fresh_uploads(args: dict, take: bool = True) -> dict[int, int]:
    """Per buffer argument index: bytes the program uploaded into it since a decision
    last asked (each upload counted once, unless ``take`` is false: only looked at):
    a launch after such uploads waited for them, and a split could have sent each
    device only its part."""
    out: dict[int, int] = {}
    for i, a in args.items():
        v = a[1] if a[0] == "obj" else None
        got = getattr(v, "_skmd_uploaded", 0) if isinstance(v, cl.Buffer) else 0
        if got:
            out[i] = out.get(i, 0) + got
            if take:
                v._skmd_uploaded = 0
    return out


def bring_home(rt: Any, plans: list, home_runs: bool, queue: cl.CommandQueue,
               whole: bool) -> dict[str, int]:
    """Before a split launch: make the home copy hold what home needs; bytes by source
    (``"upload"``: home's share, sent while the upload was staged).

    ``whole``: a buffer the kernel writes comes home whole, since results merge
    into the home copy (before the helpers start: they may read it).  Else a
    buffer the kernel only reads gets the ranges home's share reads (none when
    home runs no rows) from the host shadow, while the helpers take theirs from
    it too.  Writes are queued on ``queue`` ahead of home's kernel.
    """
    moved: dict[str, int] = {}
    for bp in plans:
        st = bp.state
        if st.home_valid or (bp.stays and not bp.read):
            continue  # (an output every device rewrites: its old bytes are not needed)
        if bp.written or bp.home_need is None:
            if whole:
                n = homecoming.sync_home(st, bp.root, queue)
                moved["host"] = moved.get("host", 0) + n
            continue
        if whole:
            continue
        if st.staged_current():
            book(rt).read_split(st.size, bp.home_need if home_runs else [])
            if st.ahead[0] == st.version:  # counted once, by the first launch to read it
                moved["upload"] = moved.get("upload", 0) + st.ahead[1]
                st.ahead = (-1, 0)
        if home_runs:
            n = send_home(st, bp.root, queue, bp.home_need)
            moved["host"] = moved.get("host", 0) + n
    return moved


def send_home(st: bufmod.BufferState, app_buf: Any, queue: cl.CommandQueue,
              ranges: list[tuple[int, int]]) -> int:
    """Queue writes of what the home copy lacks of ``ranges``; returns bytes.

    The writes go out without the buffer's lock: NVIDIA's driver copies even a
    write not asked to block before it returns, and a helper reading the shadow
    in place meanwhile needs the lock only to find it."""
    with st.lock:
        have = list(st.home_part) if st.home_part_v == st.version else []
        todo = where_mod.gaps(ranges, have)
        if not todo:
            return 0
        version = st.version
        shadow = None
        for a, b in todo:
            shadow, _ = st.fetch_host(app_buf, queue, a, b)
    for a, b in todo:
        raw.enqueue_write_buffer(queue, app_buf, shadow[a:b], dst_offset=a,
                                 is_blocking=False)
    with st.lock:
        if st.version == version:  # (a split holds the program's thread meanwhile)
            if st.home_part_v != version:
                st.home_part_v = version
                st.home_part = bufmod.IntervalSet()
            for a, b in todo:
                st.home_part.add(a, b)
    return sum(b - a for a, b in todo)


def results_stay(bp: Any, helpers: list[str]) -> None:
    """After a split: ``helpers``' slices of ``bp``'s buffer stay in their copies
    (marked valid there by the caller); the home copy holds the rest."""
    st = bp.state
    kept = [bp.out_slice[lb] for lb in helpers if bp.out_slice[lb][1] > bp.out_slice[lb][0]]
    if not kept:
        return
    with st.lock:
        st.home_valid = False
        st.home_part_v = st.version
        st.home_part = bufmod.IntervalSet(where_mod.gaps([(0, st.size)], kept))
        bufmod.mark_stale(st, bp.root)


def gather(rt: Any, queue: cl.CommandQueue, mem: Any, hostbuf: Any, offset: int,
           chunked: bool) -> cl.Event | None:
    """A blocking read of ``mem`` whose bytes are spread over devices, straight into
    the program's ``hostbuf``: each range from the host shadow or the device that
    holds it, all at once, without bringing the buffer home (a helper sharing host
    memory mapped and copied on several threads, :mod:`.mapped_reads`, while home's
    reads run).  None when this read is not one of those (the caller goes the
    ordinary way).

    ``chunked``: the home device's ranges go through page-locked chunks.
    """
    st = getattr(mem, "_skmd_state", None)
    if st is None or st.home_valid or not isinstance(mem, cl.Buffer) or bufmod.is_sub_buffer(mem):
        return None
    try:
        view = memoryview(hostbuf)
        if view.readonly or not view.c_contiguous:
            return None
        dst = np.frombuffer(view, dtype=np.uint8)
    except (TypeError, ValueError):
        return None
    lo, hi = offset, offset + dst.nbytes
    if lo < 0 or hi > st.size:
        return None  # pyopencl's own error, from the ordinary path
    raw.queue_finish(queue)  # what the program queued before the read comes first
    hq = rt.home_queue(mem.context)
    with st.lock:
        st._settle()
        holders: list[tuple[str, list]] = []
        if st.host is not None and st.host_version == st.version:
            holders.append(("\0host", list(st.host_valid)))
        holders.append(("\0home", list(st.home_part) if st.home_part_v == st.version else []))
        live = {lb: m for lb, m in st.mirrors.items()
                if m.version == st.version and m.queue is not None}
        holders += [(lb, list(m.valid)) for lb, m in live.items()]
        plan = where_mod.gather_plan(lo, hi, holders)
        if plan is None:
            return None
        reads, home_parts = [], []
        t0 = time.perf_counter()
        try:
            for name, a, b in plan:
                piece = dst[a - lo:b - lo]
                if name == "\0host":
                    piece[:] = st.host[a:b]
                elif name == "\0home":
                    home_parts.append((piece, a))
                else:  # a helper: mapped and copied on several threads where it shares
                    # host memory, a large range of a GPU through page-locked chunks
                    m, dev = live[name], rt.by_label.get(name)
                    mapped = dev is not None and where_mod.reads_mapped(dev.zero_copy, False)
                    big = chunked and b - a >= rt.settings.tuning.pipeline_min_bytes
                    reads.append((name, b - a, mapped_reads.start(m.queue, m.buf, piece, a,
                                                                  mapped, t0, big)))
            for piece, a in home_parts:  # while the helpers' reads run
                if chunked:
                    copies.read(hq, mem, piece, a)
                else:
                    raw.enqueue_read_buffer(hq, mem, piece, src_offset=a, is_blocking=True)
        finally:  # nothing may still write into the program's memory once this returns
            took = mapped_reads.wait_all([r for _, _, r in reads])
        for (label, n, _), secs in zip(reads, took):  # timed in place, for the models' links
            rt.link_rates.observe(label, "d2h", n, secs)
    return raw.done_event(queue)
