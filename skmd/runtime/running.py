"""The two ways a launch on the home device runs: whole or split.

Whole is the application's own kernel, enqueued as pyopencl would; split waits
for what the launch waits on, runs the shares through :class:`SplitRun` and
folds what it measured into the decisions and the run log.
"""
from __future__ import annotations

import time
from typing import Any

import pyopencl as cl

from skmd import config
from skmd.records import LaunchRecord
from skmd.runtime import buffers as bufmod
from skmd.runtime import faults, gates, homecoming, placement, planner, raw, shield, waited
from skmd.runtime.kernels import ArgValue, KernelEntry
from skmd.transform import Launch


def run_whole(rt: Any, queue: cl.CommandQueue, kernel: cl.Kernel, entry: KernelEntry,
              args: dict[int, ArgValue], gsize: Any, lsize: Any, offset: Any,
              wait_for: Any, g_times_l: bool, allow_empty: bool, reason: str) -> cl.Event:
    """The original kernel on the application's queue, asynchronously, as pyopencl
    would run it (after bringing back to home any buffer a split left elsewhere).

    An upload that waited in host memory for this launch counts against staging
    uploads of its size (:meth:`placement.Placement.read_whole`), also while the
    helpers get ready: that can take seconds, and once they are ready staging
    starts afresh (:meth:`placement.Placement.ready_again`)."""
    if bufmod._stale:
        behind = []
        for _, b in entry.buffer_args(args):
            root = bufmod.root_of(b)
            st = bufmod.state_of(root)
            if not st.home_valid:
                behind.append((root, st))
        every = len(args) < entry.num_args  # (any buffer may be one skmd was not told of)
        if behind or every:  # (through the shield: it takes buffers' locks in Python)
            shield.run(_home_first, rt, queue, behind, every)
    t_call = time.perf_counter()
    evt = raw.enqueue_nd_range_kernel(queue, kernel, gsize, lsize, offset, wait_for,
                                      g_times_l, allow_empty)
    if bufmod.any_state():  # (a write marks stale what other copies hold)
        note_writes(entry, args)
    rt.recorder.note_whole(entry, gsize, lsize, reason, evt, t_call, queue)
    if reason in _GATING:  # later launches wait
        gates.note_gate(queue, evt, reason, wait_for)
    return evt


#: reasons a launch ran whole that gate its queue's later launches (one look-up a launch)
_GATING = frozenset((gates.WAITS_OPEN, gates.QUEUE_GATED))


def _home_first(rt: Any, queue: cl.CommandQueue, behind: list[tuple[Any, Any]],
                every: bool) -> None:
    """Bring home the buffers (root, state) ``behind`` a launch run whole reads, whose
    newest bytes are elsewhere (``every``: all stale buffers first).  On the shield's
    thread: ``ExitStack.enter_context`` takes a buffer's lock, then registers its
    release a step later, and a handler raising between the two on the program's
    thread would leave the lock held for ever."""
    if every:
        homecoming.sync_all_home(bufmod.stale_buffers(),
                                 lambda app: rt.home_queue(app.context))
    hq = None
    for root, st in behind:
        if not st.home_valid:  # (every stale buffer may have come home just now)
            if st.staged_current():  # waited for a split in vain
                placement.book(rt).read_whole(st.size)
            hq = hq or rt.home_queue(queue.context)
            homecoming.sync_home(st, root, hq)


def note_writes(entry: KernelEntry, args: dict[int, ArgValue]) -> None:
    """A launch of ``entry`` was enqueued: what it may write is stale in other copies.

    Arguments the program set in a way skmd did not see (an earlier ``Kernel.__call__``
    set them, and the program launches the kernel again through
    ``enqueue_nd_range_kernel`` after changing one with ``set_arg``) may be any buffer:
    then every buffer's other copies are."""
    if not bufmod.any_state():  # (no buffer has other copies)
        return
    if len(args) < entry.num_args:
        bufmod.all_written()
        return
    for b in entry.written_buffers(args):
        bufmod.note_written(b)


def run_split(rt: Any, queue: cl.CommandQueue, entry: KernelEntry, args: dict[int, ArgValue],
              launch: Launch, shares: dict[str, int], wait_for: Any,
              s: config.Settings, key: tuple | None = None,
              note: str | None = None, original: cl.Kernel | None = None) -> cl.Event:
    """``shares`` work-groups per device, synchronously (the application's queue
    and events are waited on first); the split is recorded and learned from.
    ``original``: the program's kernel, run where home takes every row.  Whole,
    whatever the program's signal handlers raise meanwhile (:mod:`.shield`)."""
    # what a finish() bounds of a split is its time, shorter than its whole run's (a
    # split of 0.9 ms may take 1.5 ms whole): waited.short_for starts afresh after it
    entry.waits_s.clear()
    entry.items_s.clear()
    entry.short_items, entry.short_next = -1, entry.launches + waited.ASK_EVERY
    return shield.run(_run_split, rt, queue, entry, args, launch, shares, wait_for, s, key,
                      note, original)


def _run_split(rt: Any, queue: cl.CommandQueue, entry: KernelEntry, args: dict[int, ArgValue],
               launch: Launch, shares: dict[str, int], wait_for: Any,
               s: config.Settings, key: tuple | None, note: str | None,
               original: cl.Kernel | None) -> cl.Event:
    t_start = time.perf_counter()
    if wait_for:
        raw.wait_for_events(list(wait_for))
    raw.queue_finish(queue)
    seq = rt.recorder.next_seq()
    rec = LaunchRecord(run_id=rt.run_id, seq=seq, kernel=entry.name,
                       program=entry.key.rpartition(":")[0][:8],
                       start_s=t_start - rt.t0, total_groups=launch.total_groups,
                       global_size=launch.global_size, local_size=launch.local_size,
                       policy=s.policy, mode=s.mode)
    plan = entry.decisions.get(("plan",) + key) if key is not None else None
    alone = entry.decisions.get(("alone",) + key) if key is not None else None
    if alone:
        rec.fastest_single_s, rec.fastest_single = alone
    if plan is not None:
        rec.predicted = {k: v for k, v in plan.predicted.items() if shares.get(k)}
        links_used = rt.links.link_note()
        if links_used:
            rec.notes.append(links_used)
    from skmd.runtime import verify  # (with the executor: imported by the first split)
    from skmd.runtime.executor import Share, SplitRun
    ranges = planner.to_ranges(shares, rt.order)
    rec.reason = note
    with rt.split_lock:
        run = SplitRun(rt, queue, entry, args, launch,
                       [Share(d, a, b) for d, a, b in ranges], rec, original=original)
        check = verify.prepare(rt, queue, entry, args, launch) if s.verify else None
        run.run()
        if check is not None:
            verify.check(rt, queue, entry, rec, check)
    rec.wall_s = time.perf_counter() - t_start
    if original is not None:  # home timed: the next decision prices the launch's bytes
        rt.background.ahead(planner.price, entry, launch)
    rt.decider.learn_overhead(rec)
    rt.decider.learn(entry, launch, rec)
    rt.decider.check_gain(entry, key, launch, rec, s)
    rt.recorder.keep_record(rec)
    # buffers whose results stayed with helpers and that the program has dropped:
    # held here they would keep their device and page-locked memory for the run
    bufmod.prune_stale()
    # an event of the program's queue (it may ask ``evt.command_queue``), complete as
    # the split is (a launch waiting for it may split too); where the program
    # profiles, the home share's kernel event on skmd's queue, whose times are a
    # kernel's (a marker's are not)
    if run.home_event is not None and raw.profiles(queue):
        return run.home_event
    done = raw.enqueue_marker(queue)
    raw.event_wait(done)
    return done
