"""Launches over host-backed buffers, in chunks of work-group rows (VAST, thesis ch. IV).

A launch that takes a :class:`~skmd.runtime.host_backed.HostBackedBuffer` comes
here from :meth:`Runtime.on_launch <skmd.runtime.core.Runtime.on_launch>`.  The
chunks are planned by :mod:`skmd.vast.chunks` from the access analysis; each
device then runs its chunks through :class:`~skmd.runtime.chunk_lane.Lane` (two
slots: one chunk's inputs move while the other computes and its outputs move
back).  Host-backed arguments read through data-dependent indices go through the
inspector and the look-ahead page table.

What cannot be proved right is refused with a ``cl.RuntimeError`` that names the
kernel and the reason: such a launch cannot run whole anywhere, and a wrong answer
is never an option.
"""
from __future__ import annotations

import dataclasses
import gc
import threading
import time
from collections import deque
from typing import Any, NoReturn

import pyopencl as cl

from skmd.records import LaunchRecord
from skmd.runtime import gates, homecoming, host_backed, launches, raw
from skmd.runtime import buffers as bufmod
from skmd.runtime import kernels as kmod
from skmd.runtime.chunk_lane import Lane, LaneWork, refuse
from skmd.runtime.kernels import ArgValue
from skmd.tuning import Tuning
from skmd.vast import chunks as vchunks
from skmd.vast import pages

#: share of a device's memory the chunk slots of a launch may take in all (two slots
#: per device): drivers need room of their own and allocate lazily, so an allocation
#: too large fails only at a chunk's first command
FILL = 0.4

#: a launch runs in at least this many chunks (when they are not below CHUNK_FLOOR)
MIN_CHUNKS = 16
CHUNK_FLOOR = 32 << 20


def _uses(an: Any, args: dict[int, ArgValue], launch: Any, name: str
          ) -> tuple[list[vchunks.ArgUse], dict[int, Any], dict[int, int]]:
    """The host-backed arguments' uses, the other buffer arguments by index, and the
    arguments that pass a host-backed buffer again (``a += b`` of pyopencl arrays
    reads and writes one buffer through two): index -> the first one's index, whose
    window they share."""
    uses: dict[int, vchunks.ArgUse] = {}
    others: dict[int, Any] = {}
    seen: dict[int, int] = {}
    aliases: dict[int, int] = {}
    total = launch.total_groups
    for i, a in sorted(args.items()):
        if a[0] != "obj" or not isinstance(a[1], cl.MemoryObjectHolder):
            continue
        ai = an.args[i]
        if not host_backed.is_host_backed(a[1]):
            others[i] = a[1]
            continue
        if ai.atomic:
            refuse(name, f"argument {ai.name} is updated by atomics")
        paged = ai.read and an.byte_range(i, "read", launch, (0, 1)) is None
        if paged and ai.written:
            refuse(name, f"argument {ai.name} is written, and read through indices that "
                         "depend on data")
        if paged and not pages.element_fits(int(ai.elem_size or 0)):
            refuse(name, f"argument {ai.name} is read through indices that depend on data, "
                         f"and its elements ({ai.elem_size} bytes) do not tile a page")
        dense = bool(ai.written) and an.write_dense(i, launch, (0, total))
        first = seen.get(id(a[1]))
        if first is not None:  # one window for both: it moves once, and holds one copy
            u = uses[first]
            if paged or u.paged:
                refuse(name, f"argument {ai.name} is the same host-backed buffer as "
                             f"argument {u.name}, read through indices that depend on data")
            # a write of two arguments' hull may skip bytes between them: read in first
            uses[first] = dataclasses.replace(
                u, read=u.read or bool(ai.read), written=u.written or bool(ai.written),
                dense_write=(u.dense_write if not ai.written else
                             dense if not u.written else False))
            aliases[i] = first
            continue
        seen[id(a[1])] = i
        uses[i] = vchunks.ArgUse(i, ai.name, int(a[1].size), bool(ai.read),
                                 bool(ai.written), dense, paged)
    return list(uses.values()), others, aliases


def _driver_refusal(kernel: Any, gsize: Any, why: str | None) -> None:
    """Raise the error the driver gives a launch it refuses (``why``: the launch's
    description failed so), as a plain run raises it at the call."""
    status = None
    if why == launches.RANK_DIFFERS:
        status = "INVALID_VALUE"
    elif why in (launches.DRIVER_JUDGES, launches.NOT_MULTIPLE):
        status = ("INVALID_WORK_DIMENSION" if len(tuple(gsize)) > 3
                  else "INVALID_WORK_GROUP_SIZE")
    elif why == launches.NOT_EVERY_ARG and not getattr(kernel, "_skmd_stand_ins", False):
        status = "INVALID_KERNEL_ARGS"  # never set (an earlier call's are refused below)
    if status is not None:
        raise host_backed.driver_error("clEnqueueNDRangeKernel", status, why or "")


def _stage(an: Any, args: dict[int, ArgValue], launch: Any, uses: list, others: dict,
           written: list[int], hosts: dict, hq: Any, name: str) -> tuple[list, dict, dict]:
    """Move written device buffers into host memory for the launch (they fit: a copy)."""
    from skmd.runtime.host_bytes import plain
    staged = {}
    uses, others = list(uses), dict(others)
    for i in written:
        buf = others.pop(i)
        if any(b is buf for j, b in others.items()):
            refuse(name, f"argument {an.args[i].name} is passed twice")
        host = plain(int(buf.size))
        for at, view in host.transfers(0, host.size):  # bounded pieces (pageable memory)
            raw.enqueue_read_buffer(hq, buf, view, at, None, True)
        hosts[i] = host
        staged[i] = buf
        ai = an.args[i]
        dense = an.write_dense(i, launch, (0, launch.total_groups))
        uses.append(vchunks.ArgUse(i, ai.name, int(buf.size), bool(ai.read), True, dense))
    return uses, others, staged


def over_capacity(args: dict[int, ArgValue], kernel: Any = None) -> bool:
    """Whether a launch takes a buffer kept in host memory (nothing to look at when
    there is none, as in every program that fits its device); or may, through an
    argument ``Kernel.__call__`` set earlier that skmd let go of since (then it is
    refused: the driver holds the buffer's small stand-in there)."""
    if host_backed.live <= 0:
        return False
    if host_backed.any_in(a[1] for a in args.values()):
        return True
    return (getattr(kernel, "_skmd_stand_ins", False)
            and len(args) < int(kernel.num_args))


def run(rt: Any, queue: cl.CommandQueue, kernel: cl.Kernel, gsize: Any, lsize: Any,
        offset: Any, wait_for: Any, g_times_l: bool) -> cl.Event:
    """Run the launch in chunks; synchronous, like a split launch."""
    t_start = time.perf_counter()
    args, settings = kmod.args_of(kernel), rt.settings
    rt.flush_graph()  # deferred kernels come first, in program order
    entry = kmod.entry_of(kernel)  # the analysis is needed now, not in the background
    an = entry.analysis
    name = entry.name
    if an is None or entry.partition_source is None:
        refuse(name, entry.reason or "the kernel could not be analysed")
    if not an.splittable:
        refuse(name, f"its work-groups cannot run apart ({an.reason})")
    if kernel.context.int_ptr != queue.context.int_ptr:
        raise host_backed.driver_error("clEnqueueNDRangeKernel", "INVALID_CONTEXT",
                                       f"kernel {name} and the queue")
    if offset is not None and len(tuple(offset)) != len(tuple(gsize)):
        raise host_backed.driver_error("clEnqueueNDRangeKernel", "INVALID_VALUE",
                                       "global offset of another rank than the global size")
    if offset is not None and any(int(o) for o in offset):
        refuse(name, "the launch has a global offset")
    if gates.user_open(wait_for):  # (the program sets it after this call returns)
        refuse(name, "it waits on a user event not set yet (a launch over host memory runs "
                     "at its call: set the event first)")
    if gates.held_by_user(queue):
        refuse(name, "its queue holds a command that waits on an event not complete yet (a "
                     "launch over host memory runs at its call: set the event first)")
    launch, why = launches.launch_of(entry, args, gsize, lsize, g_times_l, min_groups=1)
    if launch is None:
        _driver_refusal(kernel, gsize, why)
        if why == launches.NOT_EVERY_ARG:
            why += (" (an earlier Kernel.__call__ set them: set them all again, e.g. with "
                    "Kernel.set_args, before enqueue_nd_range_kernel)")
        refuse(name, why or "the launch could not be described")
    uses, others, aliases = _uses(an, args, launch, name)
    devices = [d for d in rt.order if d.label not in entry.excluded]
    if settings.policy == "single":
        devices = [rt.home]
    hosts = {u.arg: args[u.arg][1].host for u in uses}
    # buffers that fit but are written: on one device they stay where they are; on
    # several they are staged in host memory and take windows like the large ones
    written_others = [i for i in others if an.args[i].written]
    if wait_for:
        raw.wait_for_events(list(wait_for))
    raw.queue_finish(queue)
    hq = rt.home_queue(queue.context)
    for b in others.values():
        st = bufmod.state_of(bufmod.root_of(b))
        if not st.home_valid:
            homecoming.sync_home(st, bufmod.root_of(b), hq)
    staged: dict[int, Any] = {}
    if written_others and any(an.byte_range(i, "write", launch, (0, 1)) is None
                              for i in written_others):
        devices = [rt.home]  # writes it cannot bound stay in the program's buffer
    if written_others and len(devices) > 1:
        uses, others, staged = _stage(an, args, launch, uses, others, written_others,
                                      hosts, hq, name)
    uses, work = _planned(entry, args, launch, uses, others, devices, hosts, settings.tuning,
                          aliases)
    rec = LaunchRecord(run_id=rt.run_id, seq=rt.recorder.next_seq(), kernel=name,
                       program=entry.key.rpartition(":")[0][:8],
                       start_s=t_start - rt.t0, total_groups=launch.total_groups,
                       global_size=launch.global_size, local_size=launch.local_size,
                       policy="chunks", mode=settings.mode)
    halvings = 0
    while True:  # an allocation the device refuses: chunks half as large, from the start
        lanes: list[Lane] = []
        try:
            with rt.split_lock:
                lanes = _lanes(rt, queue, work, devices, hq, name)
                _run_lanes(lanes, work.plan)
            break
        except cl.Error as exc:
            if not (_alloc_failure(exc) and halvings < settings.tuning.vast_max_halvings
                    and _rerun_safe(lanes, work, an)):
                raise
            halvings += 1
            rt.warn_once(f"vast-halve:{name}:{halvings}",
                         f"kernel {name}: a device refused the memory of its chunks ({exc}); "
                         f"running it again in chunks 1/{2 ** halvings} as large")
            del lanes, exc  # the refused buffers go before smaller ones are asked for
            gc.collect()
            try:
                work = _work(entry, args, launch, uses, others, devices, hosts, halvings,
                             settings.tuning, aliases)
            except vchunks.Unplannable as exc:
                _refuse_plan(name, exc)
    plan = work.plan
    for i, buf in staged.items():  # what the chunks wrote goes back where it lives
        for at, view in hosts[i].transfers(0, hosts[i].size):
            raw.enqueue_write_buffer(hq, buf, view, at, None, True)
    for u in uses:
        if u.written:
            bufmod.note_written(args[u.arg][1])
    for i in written_others:
        if i in others:
            bufmod.note_written(others[i])
    rec.wall_s = time.perf_counter() - t_start
    _record(rt, rec, lanes, plan, t_start)
    return raw.enqueue_marker(queue)


def _refuse_plan(name: str, exc: vchunks.Unplannable) -> NoReturn:
    refuse(name, str(exc).split(": ", 1)[-1])  # the message names the kernel already


def _planned(entry: Any, args: dict[int, ArgValue], launch: Any, uses: list, others: dict,
             devices: list, hosts: dict, tuning: Tuning, aliases: dict[int, int]
             ) -> tuple[list, LaneWork]:
    """The uses and plan of the launch: through windows, or where a window over a
    row's reads does not fit and those reads lie far apart (``in[i] + in[i + n/2]``),
    with those arguments read through the page table, which moves only the pages
    touched."""
    an = entry.analysis
    try:
        return uses, _work(entry, args, launch, uses, others, devices, hosts, 0, tuning,
                           aliases)
    except vchunks.Unplannable as exc:
        spread = vchunks.far_apart(
            uses, lambda i: an.read_spread(i, launch, (0, 1)),
            lambda i: pages.element_fits(int(an.args[i].elem_size or 0)),
            set(aliases) | set(aliases.values()))
        if not spread:
            _refuse_plan(entry.name, exc)
    uses = [dataclasses.replace(u, paged=True) if u.arg in spread else u for u in uses]
    try:
        return uses, _work(entry, args, launch, uses, others, devices, hosts, 0, tuning,
                           aliases)
    except vchunks.Unplannable as exc:
        _refuse_plan(entry.name, exc)


def _work(entry: Any, args: dict[int, ArgValue], launch: Any, uses: list, others: dict,
          devices: list, hosts: dict, halvings: int, tuning: Tuning,
          aliases: dict[int, int] | None = None) -> LaneWork:
    """The chunk plan: two slots per device within ``FILL`` of its memory (halved
    ``halvings`` times after the device refused an allocation)."""
    an = entry.analysis
    small = sum(int(b.size) for b in others.values())
    per_chunk = int(min(d.global_mem for d in devices) * FILL - small) // 2
    # enough chunks that moving some overlaps computing others, even on data that fits
    per_chunk = min(per_chunk, max(sum(u.size for u in uses) // MIN_CHUNKS, CHUNK_FLOOR))
    per_chunk >>= halvings
    max_alloc = min(d.max_alloc for d in devices)
    uses = [dataclasses.replace(u, page=pages.page_bytes_for(
        u.size, int(an.args[u.arg].elem_size), per_chunk)) if u.paged else u for u in uses]
    paged = [u for u in uses if u.paged]
    reserve: dict[int, int] = {}
    if paged:
        share = min(per_chunk // (2 * len(paged)), max_alloc)
        for u in paged:
            npg = pages.page_count(u.size, u.page)
            reserve[u.arg] = min(share, npg * u.page) + pages.PER_PAGE * npg
        # written windows have a scratch twin for the inspector
        per_chunk = sum(reserve.values()) + (per_chunk - sum(reserve.values())) // 2

    aliases = aliases or {}
    group = {u.arg: [u.arg] + [j for j, f in aliases.items() if f == u.arg] for u in uses}

    def range_of(i: int, mode: str, a: int, b: int) -> tuple[int, int] | None:
        """The bytes argument ``i`` (and those sharing its window) read or write."""
        spans = []
        members = group.get(i, [i])
        for j in members:
            does = an.args[j].read if mode == "read" else an.args[j].written
            if len(members) > 1 and not does:
                continue
            r = an.byte_range(j, mode, launch, (a, b))
            if r is None:
                return None
            spans.append(r)
        return (min(r[0] for r in spans), max(r[1] for r in spans)) if spans else (0, 0)

    plan = vchunks.plan_chunks(uses, range_of, launch.total_groups, per_chunk, max_alloc,
                               entry.name, reserve)  # Unplannable: see _planned
    sparse = frozenset(u.arg for u in uses if u.written and not u.dense_write)
    cross = vchunks.crossing_writes(plan.chunks, sparse)
    if cross is not None:
        refuse(entry.name, f"rows of chunk {cross[2]} touch bytes of argument "
                           f"{an.args[cross[0]].name} that rows of chunk {cross[1]} write")
    return LaneWork(entry, args, launch, uses, others, range_of, plan, reserve, hosts, tuning,
                    aliases)


#: allocation failures (lazy on most drivers: they show at a chunk's first command)
_ALLOC_CODES = frozenset(int(c) for c in (cl.status_code.MEM_OBJECT_ALLOCATION_FAILURE,
                                           cl.status_code.OUT_OF_RESOURCES,
                                           cl.status_code.OUT_OF_HOST_MEMORY))


def _alloc_failure(exc: BaseException) -> bool:
    return getattr(exc, "code", None) in _ALLOC_CODES


def _rerun_safe(lanes: list[Lane], work: LaneWork, an: Any) -> bool:
    """Running the launch again from its start gives the same answer: no chunk sent
    outputs back yet, or no argument is both read and written (outputs that went back
    are written again with the same values)."""
    if not any(ln.done for ln in lanes):
        return True
    return not any(u.read and u.written for u in work.uses) and not any(
        an.args[i].read and an.args[i].written for i in work.others)


def _lanes(rt: Any, queue: cl.CommandQueue, work: LaneWork, devices: list, hq: Any,
           name: str) -> list[Lane]:
    lanes = []
    for d in devices:
        ctx = queue.context if d is rt.home else d.context
        try:
            lanes.append(Lane(work, d, ctx, d is rt.home, hq))
        except Exception as exc:
            if d is rt.home and _alloc_failure(exc):
                raise  # chunks too large for it: run() halves them
            if d is rt.home:
                refuse(name, f"its chunk kernels could not be made ({exc})")
            rt.warn_once(f"vast:{name}:{d.label}", f"{d.label} left out of chunks of "
                                                   f"{name}: {exc}")
    return lanes


def _run_lanes(lanes: list[Lane], plan: vchunks.ChunkPlan) -> None:
    """Every lane starts with a chunk of its own, then takes the next one whenever it
    has a slot free (devices that run faster take more)."""
    todo = deque((c.first, c.last) for c in plan.chunks)
    firsts = [todo.popleft() if todo else None for _ in lanes]
    lock = threading.Lock()

    def take() -> tuple[int, int] | None:
        with lock:
            return todo.popleft() if todo else None

    errors: list[BaseException] = []

    def go(lane: Lane, first: tuple[int, int] | None) -> None:
        try:
            lane.run(take, first)
        except BaseException as exc:  # raised again below, on the program's thread
            errors.append(exc)
            with lock:
                todo.clear()

    threads = [threading.Thread(target=go, args=(ln, f), name=f"skmd-vast-{ln.dev.label}")
               for ln, f in zip(lanes[1:], firsts[1:])]
    for t in threads:
        t.start()
    go(lanes[0], firsts[0])
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    for ln in lanes:
        if ln.missed():
            refuse(ln.work.entry.name, "a work-group read a page its inspection did not "
                                       "predict (indices depend on values read through "
                                       "the page table)")


def _overlap(span: float, serial: float) -> float:
    """Percent of the one-after-the-other time that running at once saved."""
    return max(0.0, 1 - span / serial) * 100 if serial else 0.0


def _mib(n: float) -> str:
    return f"{n / 2**20:.1f} MiB"


def _record(rt: Any, rec: LaunchRecord, lanes: list[Lane], plan: vchunks.ChunkPlan,
            t_start: float) -> None:
    done = [c for ln in lanes for c in ln.done]
    serial = sum(c.busy_s for c in done)
    span = max((ln.span_s for ln in lanes), default=0.0)
    for ln in lanes:
        rec.shares[ln.dev.label] = sum(c.rows for c in ln.done)
        rec.measured[ln.dev.label] = sum(c.kernel_s for c in ln.done)
        rec.bytes_moved[f"host->{ln.dev.label}"] = sum(c.in_bytes for c in ln.done)
        rec.bytes_moved[f"{ln.dev.label}->host"] = sum(c.out_bytes for c in ln.done)
        rec.pieces.extend(ln.pieces(rt.t0))
    n = len(done)
    rec.reason = None
    rec.merge = "chunks"
    rec.notes.append(
        f"VAST: {n} chunks on {', '.join(ln.dev.label for ln in lanes)}; per chunk "
        f"in {_mib(sum(c.in_bytes for c in done) / max(n, 1))}, out "
        f"{_mib(sum(c.out_bytes for c in done) / max(n, 1))}"
        + (f", frames {_mib(sum(c.frame_bytes for c in done) / max(n, 1))}"
           if any(c.frame_bytes for c in done) else "")
        + (f"; through page-locked slots (pageable bytes) in "
           f"{_mib(sum(c.bounced_in for c in done))}, out "
           f"{_mib(sum(c.bounced_out for c in done))} in all"
           if any(c.bounced_in or c.bounced_out for c in done) else "")
        + f"; transfers and kernels {serial * 1e3:.1f} ms end to end, ran in "
          f"{span * 1e3:.1f} ms: overlap {_overlap(span, serial):.0f} %")
    for c in sorted(done, key=lambda c: c.first)[:8]:
        rec.notes.append(f"VAST chunk rows {c.first}-{c.last} on {c.device}: in "
                         f"{_mib(c.in_bytes)}, out {_mib(c.out_bytes)}"
                         + (f", {c.frames} frames" if c.frames else ""))
    rt.recorder.keep_record(rec)
