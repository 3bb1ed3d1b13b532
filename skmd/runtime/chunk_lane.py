"""One device's chunks of a VAST launch, double-buffered on their own queues.

A lane has two *slots* of device buffers (a window per host-backed argument, and
for paged arguments frames, a page table and a page accessed set).  Chunk k+1's
inputs go in on the input queue while chunk k runs on the kernel queue and chunk
k-1's outputs come back on the output queue; a slot is reused only after its last
chunk's outputs have left.  Events order it all; the host waits only when a paged
chunk's inspection (on a fourth queue, beside the previous chunk's kernel) must come
back before its frames are packed.  Pageable host bytes on a device that is not host
memory move through page-locked slots (:mod:`skmd.runtime.bounce_ring`): uploads
before the kernel is enqueued, read-backs on a thread of their own.
"""
from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn

import numpy as np
import pyopencl as cl
from pyopencl import _cl

from skmd.records import Piece
from skmd.runtime import bounce_ring, chunk_times, host_backed, raw
from skmd.runtime import buffers as bufmod
from skmd.runtime.host_bytes import TRANSFER_BYTES, cut
from skmd.runtime.kernels import ArgValue, KernelEntry, replay_args
from skmd.runtime.split_plan import sub_launch_size
from skmd.tuning import Tuning
from skmd.vast import chunks as vchunks
from skmd.vast import pages


def refuse(kernel: str, why: str) -> NoReturn:
    """Refuse a launch over a host-backed buffer the way pyopencl refuses one (with a
    ``code`` a program may look at)."""
    raise host_backed.driver_error(
        "clEnqueueNDRangeKernel", "INVALID_OPERATION", f"skmd: kernel {kernel} cannot run "
        f"over a buffer larger than the device (kept in host memory): {why}", cl.RuntimeError)


@dataclass
class LaneWork:
    """What every lane of one launch shares."""
    entry: KernelEntry
    args: dict[int, ArgValue]
    launch: Any
    uses: list[vchunks.ArgUse]
    others: dict[int, Any]
    range_of: vchunks.RangeOf
    plan: vchunks.ChunkPlan
    reserve: dict[int, int]
    #: the host bytes of every argument with windows or frames
    hosts: dict[int, Any] = field(default_factory=dict)
    tuning: Tuning = field(default_factory=Tuning)
    #: arguments passing a windowed buffer again -> the argument whose window they share
    aliases: dict[int, int] = field(default_factory=dict)

    @property
    def paged(self) -> list[vchunks.ArgUse]:
        """In argument order, as the generated kernel takes their parameters."""
        return sorted((u for u in self.uses if u.paged), key=lambda u: u.arg)

    @property
    def windowed(self) -> list[vchunks.ArgUse]:
        return sorted((u for u in self.uses if not u.paged), key=lambda u: u.arg)

    @property
    def bound(self) -> list[tuple[int, int]]:
        """(argument, the argument whose window it takes) for every windowed parameter of
        the chunk kernel, in argument order, as it takes their bases."""
        return sorted([(u.arg, u.arg) for u in self.windowed] + list(self.aliases.items()))


@dataclass
class ChunkDone:
    """What one chunk moved and how long each part took (device clock)."""
    device: str
    first: int
    last: int
    in_bytes: int = 0
    out_bytes: int = 0
    frames: int = 0
    frame_bytes: int = 0
    events: list[tuple[str, Any, int]] = field(default_factory=list)
    kernel_s: float = 0.0
    busy_s: float = 0.0
    #: pageable bytes moved through page-locked slots, each way
    bounced_in: int = 0
    bounced_out: int = 0
    #: those moves as (kind, start, end, bytes), host clock (``time.perf_counter``):
    #: host copies and transfers together (uploads: until the last was enqueued)
    spans: list[tuple[str, float, float, int]] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return self.last - self.first


def _alloc(ctx: cl.Context, n: int) -> cl.Buffer:
    buf = _cl.Buffer.__new__(_cl.Buffer)
    _cl.Buffer.__init__(buf, ctx, cl.mem_flags.READ_WRITE, max(int(n), 64))
    return buf


def _program(ctx: cl.Context, dev: Any, source: str, options: str, name: str) -> cl.Kernel:
    return cl.Kernel(raw.build(source, ctx, options, [dev.device]), name)


#: generated chunk programs by (kernel key, argument shape): parsed once per process
_sources: dict[tuple, str] = {}


def _kernel_for(work: LaneWork, dev: Any, ctx: cl.Context, inspector: bool) -> cl.Kernel:
    """The chunk kernel (or inspector) for these windowed and paged arguments, built
    once per device and context (kept with the kernel's partition-ready clones)."""
    e, an = work.entry, work.entry.analysis
    windowed = {i: an.args[i].space for i, _ in work.bound}
    paged = {u.arg: int(an.args[u.arg].elem_size) for u in work.paged}
    page = {u.arg: u.page for u in work.paged}
    shape = (tuple(sorted(windowed.items())), tuple(sorted(paged.items())),
             tuple(sorted(page.items())), inspector)
    key = f"vast{hash(shape)}:{dev.label}@{ctx.int_ptr}"
    k = e.clones.get(key)
    if k is None:
        with e.lock:
            src = _sources.get((e.key, shape))
            if src is None:
                from skmd.transform.vast_codegen import vast_source  # libclang: when needed
                src = _sources[(e.key, shape)] = vast_source(
                    e.source, e.options, e.name, an.launch_mode, windowed, paged, inspector,
                    page)
            k = e.clones[key] = _program(ctx, dev, src, e.options, e.name)
    return k


class _Slot:
    def __init__(self, ctx: cl.Context, work: LaneWork) -> None:
        sizes: dict[int, int] = {}
        for c in work.plan.chunks:
            for w in c.windows:
                sizes[w.arg] = max(sizes.get(w.arg, 0), w.nbytes)
        self.bufs = {u.arg: _alloc(ctx, sizes.get(u.arg, 0)) for u in work.windowed}
        paged = work.paged
        self.scratch = {u.arg: _alloc(ctx, sizes.get(u.arg, 0))
                        for u in work.windowed if u.written} if paged else {}
        self.frames = {}
        self.lpt = {}
        self.pas = {}
        self.frames_host: dict[int, np.ndarray] = {}
        for u in paged:
            npg = pages.page_count(u.size, u.page)
            cap = work.reserve[u.arg] - pages.PER_PAGE * npg
            self.frames[u.arg] = _alloc(ctx, cap)
            self.frames_host[u.arg] = np.empty(cap, dtype=np.uint8)
            self.lpt[u.arg] = _alloc(ctx, 4 * npg)
            self.pas[u.arg] = _alloc(ctx, npg)
        #: what must end before the slot's buffers are written again
        self.busy: list[Any] = []
        self.back: Future | None = None
        self.frames_sent: list[Any] = []


class Lane:
    def __init__(self, work: LaneWork, dev: Any, ctx: cl.Context, is_home: bool,
                 home_queue: cl.CommandQueue) -> None:
        self.work, self.dev, self.ctx = work, dev, ctx
        e, an = work.entry, work.entry.analysis
        props = cl.command_queue_properties.PROFILING_ENABLE
        # inputs, kernels, outputs, and inspections (beside the previous chunk's kernel)
        self.q_in, self.q_run, self.q_out, self.q_look = (
            cl.CommandQueue(ctx, dev.device, properties=props) for _ in range(4))
        self.bounce = (bounce_ring.BounceRing(ctx, dev, work.tuning)
                       if bounce_ring.wanted(dev, work.tuning) else None)
        self.kernel = _kernel_for(work, dev, ctx, False)
        self.inspector = _kernel_for(work, dev, ctx, True) if work.paged else None
        self.swap: dict[int, Any] = {}
        if not is_home:  # small buffers the kernel reads: whole copies on this device
            for i, b in work.others.items():
                root = bufmod.root_of(b)
                st = bufmod.state_of(root)
                st.fill_mirror(dev.label, ctx, self.q_in, root, home_queue, 0, st.size)
                self.swap[i] = st.mirrors[dev.label].buf
        self.miss = _alloc(ctx, 4)
        raw.enqueue_fill_buffer(self.q_in, self.miss, np.int32(0), 0, 4, None)
        self.slots = [_Slot(ctx, work), _Slot(ctx, work)]
        self._touch()
        self.done: list[ChunkDone] = []
        self._timed: list[chunk_times.Timed] = []

    def _touch(self) -> None:
        """A command on every slot buffer now: drivers allocate device memory at first
        use, and a refusal here (before any chunk ran) lets the launch halve its chunks."""
        for slot in self.slots:
            for group in (slot.bufs, slot.scratch, slot.frames, slot.lpt, slot.pas):
                for buf in group.values():
                    raw.enqueue_fill_buffer(self.q_in, buf, np.uint8(0), 0, 64, None)
        raw.queue_finish(self.q_in)

    # -- the chunks ---------------------------------------------------------------
    def run(self, take: Callable[[], tuple[int, int] | None],
            first: tuple[int, int] | None = None) -> None:
        """Chunks from ``take`` (after ``first``, the one handed to this lane at the start)
        until there are none."""
        ahead: list[tuple[int, int]] = [first] if first else []
        n = 0
        try:
            while True:
                slot = self.slots[n % 2]
                self._free(slot)  # at most two chunks in flight: others go to other lanes
                item = ahead.pop() if ahead else take()
                if item is None:
                    break
                halves = self._chunk(item[0], item[1], slot)
                if halves:
                    ahead.extend(reversed(halves))
                    continue
                n += 1
                for q in (self.q_in, self.q_run, self.q_out, self.q_look):
                    raw.queue_flush(q)
            for slot in self.slots:
                self._free(slot)
        except BaseException:
            self._drain()  # the error that stopped the chunks is the one to report
            raise
        finally:
            if self.bounce is not None:
                self.bounce.close()
        for q in self._queues():
            raw.queue_finish(q)
        self._settle()

    def _queues(self) -> list[cl.CommandQueue]:
        return [self.q_in, self.q_run, self.q_out, self.q_look,
                *(self.bounce.queues if self.bounce is not None else ())]

    @staticmethod
    def _free(slot: _Slot) -> None:
        """Wait until the slot's last chunk has left it (its read-back thread's error,
        if any, is raised here)."""
        back, slot.back = slot.back, None
        if back is not None:
            back.result()
        if slot.busy:
            raw.wait_for_events(slot.busy)

    def _drain(self) -> None:
        """After a failure: nothing may still touch the slots or the host bytes."""
        for slot in self.slots:
            if slot.back is not None:
                try:
                    slot.back.exception()
                except BaseException:
                    pass
        for q in self._queues():
            try:
                raw.queue_finish(q)
            except cl.Error:
                pass

    def _trailing(self, k: cl.Kernel, first: int, last: int,
                  windows: dict[int, vchunks.ArgWindow]) -> int:
        n = self.work.entry.num_args
        sd = self.work.launch.split_dim
        for v in (self.work.launch.global_size[sd], first, last):
            raw.kernel_set_arg(k, n, np.uint64(v))
            n += 1
        for _, first_arg in self.work.bound:
            w = windows.get(first_arg)
            raw.kernel_set_arg(k, n, np.uint64(w.window[0] if w else 0))
            n += 1
        return n

    def _set_args(self, k: cl.Kernel, swap: dict[int, Any], tables: dict[int, Any],
                  first: int, last: int, windows: dict[int, vchunks.ArgWindow]) -> int:
        """The program's arguments with ``swap``, the range and window bases, then per
        paged argument its table (page table, or page accessed set) and element count;
        the index of the next parameter."""
        for i, first_arg in self.work.aliases.items():  # (the window's buffer again)
            swap[i] = swap[first_arg]
        replay_args(k, self.work.args, swap)
        n = self._trailing(k, first, last, windows)
        for u in self.work.paged:
            raw.kernel_set_arg(k, n, tables[u.arg])
            raw.kernel_set_arg(k, n + 1, np.uint64(u.size // int(
                self.work.entry.analysis.args[u.arg].elem_size)))
            n += 2
        return n

    def _enqueue(self, q: Any, k: cl.Kernel, first: int, last: int, wait: list) -> Any:
        launch = self.work.launch
        gs = sub_launch_size(launch, first, last, self.work.entry.analysis.launch_mode)
        return raw.enqueue_nd_range_kernel(q, k, gs, launch.local_size, None, wait or None,
                                           False, False)

    def _chunk(self, first: int, last: int, slot: _Slot) -> list[tuple[int, int]] | None:
        work = self.work
        ws = vchunks.windows_of(work.uses, work.range_of, first, last, work.entry.name)
        windows = {w.arg: w for w in ws}
        done = ChunkDone(self.dev.label, first, last)
        wait = list(slot.busy)
        ins, up = self._move(slot, windows, True, wait, done)
        if up and self.bounce is not None:
            raw.queue_flush(self.q_in)  # page-locked pieces travel while these are copied
            arrived = self.bounce.up(up, done, wait)
            if arrived is not None:
                ins.append(arrived)  # the kernel waits for them on the device, not here
        if work.paged:
            tables = self._inspect(first, last, windows, slot, ins + wait)
            if tables is None:
                if last - first < 2:
                    refuse(work.entry.name, "the pages one work-group row reads through the "
                                            "page table do not fit the device")
                mid = (first + last) // 2
                return [(first, mid), (mid, last)]
            if slot.frames_sent:
                raw.wait_for_events(slot.frames_sent)
            slot.frames_sent = []
            for arg, t in tables.items():
                host = work.hosts[arg]
                if t.run_count > pages.MANY_RUNS:  # (scattered pages: one gather)
                    pages.gather_frames(t, host.pieces, host.starts, host.size,
                                        slot.frames_host[arg])
                else:
                    pages.pack_frames(t, host.size, host.copy_out, slot.frames_host[arg])
                nb = t.frame_bytes
                for at in range(0, nb, TRANSFER_BYTES):  # bounded: pageable memory
                    part = slot.frames_host[arg][at:min(nb, at + TRANSFER_BYTES)]
                    e1 = raw.enqueue_write_buffer(self.q_in, slot.frames[arg], part, at,
                                                  wait or None, False)
                    slot.frames_sent.append(e1)
                    ins.append(e1)
                    done.events.append(("h2d", e1, part.nbytes))
                e2 = raw.enqueue_write_buffer(self.q_in, slot.lpt[arg], t.table, 0,
                                              wait or None, False)
                ins.append(e2)
                done.in_bytes += nb + t.table.nbytes
                done.frames += t.frames
                done.frame_bytes += nb
        k = self.kernel
        n = self._set_args(k, {**self.swap, **slot.bufs, **slot.frames}, slot.lpt, first,
                           last, windows)
        if work.paged:
            raw.kernel_set_arg(k, n, self.miss)
        kevt = self._enqueue(self.q_run, k, first, last, ins + wait)
        done.events.append(("kernel", kevt, 0))
        outs, back = self._move(slot, windows, False, [kevt], done)
        if back and self.bounce is not None:
            raw.queue_flush(self.q_run)  # the read-back thread waits for this kernel
            slot.back = self.bounce.back(kevt, back, done)
        slot.busy = outs + [kevt]
        self.done.append(done)
        return None

    def _move(self, slot: _Slot, windows: dict[int, vchunks.ArgWindow], inward: bool,
              wait: list, done: ChunkDone) -> tuple[list, list[bounce_ring.Move]]:
        """The chunk's reads into its windows (``inward``) or its writes back to the host:
        the events of those enqueued, and the pageable ones left to the lane's
        page-locked slots (none where it has none)."""
        evts, bounced = [], []
        for u in self.work.windowed:
            w = windows[u.arg]
            span = w.read if inward else w.write
            if not span:
                continue
            host, buf = self.work.hosts[u.arg], slot.bufs[u.arg]
            lo, hi = span
            for start, run, locked in host.runs(lo, hi):
                if self.bounce is not None and not locked:
                    bounced.append((buf, run, start - w.window[0]))
                    continue
                for at, view in cut(start, run):  # bounded: pageable memory
                    if inward:
                        evts.append(raw.enqueue_write_buffer(self.q_in, buf, view,
                                                             at - w.window[0], wait or None,
                                                             False))
                    else:
                        evts.append(raw.enqueue_read_buffer(self.q_out, buf, view,
                                                            at - w.window[0], wait or None,
                                                            False))
                    done.events.append(("h2d" if inward else "d2h", evts[-1], view.nbytes))
            if inward:
                done.in_bytes += hi - lo
            else:
                done.out_bytes += hi - lo
        return evts, bounced

    def _inspect(self, first: int, last: int, windows: dict[int, vchunks.ArgWindow],
                 slot: _Slot, wait: list) -> dict[int, pages.PageTable] | None:
        """The chunk's page tables from the inspector, or None if its frames do not fit."""
        work = self.work
        k = self.inspector
        assert k is not None
        fills = []
        for u in work.paged:
            npg = pages.page_count(u.size, u.page)
            fills.append(raw.enqueue_fill_buffer(self.q_look, slot.pas[u.arg], np.uint8(0), 0,
                                                 npg, wait or None))
        self._set_args(k, {**self.swap, **slot.bufs, **slot.scratch, **slot.pas}, slot.pas,
                       first, last, windows)
        evt = self._enqueue(self.q_look, k, first, last, fills + wait)
        tables = {}
        for u in work.paged:
            marks = np.empty(pages.page_count(u.size, u.page), dtype=np.uint8)
            raw.enqueue_read_buffer(self.q_look, slot.pas[u.arg], marks, 0, [evt], True)
            t = pages.table_from_marks(marks, u.page)
            if t.frame_bytes > slot.frames_host[u.arg].nbytes:
                return None
            tables[u.arg] = t
        return tables

    # -- afterwards -----------------------------------------------------------------
    def missed(self) -> bool:
        if not self.work.paged:
            return False
        flag = np.zeros(1, dtype=np.int32)
        raw.enqueue_read_buffer(self.q_in, self.miss, flag, 0, None, True)
        return bool(flag[0])

    def _settle(self) -> None:
        self._timed = chunk_times.settle(self.done, self.q_in)

    @property
    def span_s(self) -> float:
        return chunk_times.span(self._timed)

    def pieces(self, t0: float) -> list[Piece]:
        """The chunks' transfers and kernels, from ``t0`` on the host clock."""
        return chunk_times.pieces(self.dev.label, self._timed, t0)
