"""Graph mode (MKMD): kernels deferred until the program could observe them.

In ``SKMD_MODE=mkmd|coarse`` a kernel launch on the virtual device is not run
at once: it is recorded (its arguments snapshotted) and answered with a user
event.  At the next point where the program could see a result — a read, a
map, a copy, ``finish``, waiting on an event — the recorded kernels become a
dependency graph (:mod:`skmd.mkmd_graph`), are scheduled over the devices, and
run concurrently: each node when its predecessors are done and its devices are
free, or, whole on one device after predecessors whole there, on that device's
in-order queue behind them as soon as they are enqueued.  Results stay on the
device that made them, after the batch too, until a consumer elsewhere or the
program itself needs them (see :mod:`buffers`); the scheduler is told where each
buffer's current content is.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyopencl as cl

from skmd import config, mkmd_graph, modes
from skmd.mkmd_graph.resimulate import batch_to_dict
from skmd.report.records import LaunchRecord
from skmd.runtime import buffers as bufmod
from skmd.runtime import homecoming
from skmd.runtime.executor import Share, SplitRun
from skmd.runtime.kernels import ArgValue, KernelEntry
from skmd.runtime.prefetch import StagedSends
from skmd.transform import Launch


#: batches predicted to run shorter than this on the home device run in program order
GRAPH_MIN_US = 2000.0
#: the scheduling phases a recurring graph is measured under in ``mkmd`` mode
PHASES = ("mkmd", "coarse")
#: a launch shape in this many batches in a row that ran whole on the home device in
#: program order (too short to schedule, or, with slow helpers only, scheduled there
#: whole or held there by the guard rail) is launched at once for the next
#: AT_ONCE_LAUNCHES launches, then deferred once to look again: there deferring gives
#: nothing back for what it costs (recording each launch, keeping the device idle
#: while the host records the batch, making or finding a schedule)
AT_ONCE_AFTER = 3
AT_ONCE_LAUNCHES = 64
#: helpers at most this fraction of the home device's speed (the prior of
#: ``PhysicalDevice.speed_score``: a CPU beside a GPU) are slow: only then do batches
#: scheduled whole on home, or held there by the guard rail, count towards launching
#: at once.  With a peer helper (a second GPU) the models may yet find the graph
#: worth spreading, and only batches too short to schedule count
SLOW_HELPER = 1 / 8
#: each look that finds the shape still so doubles its span of launches at once, up
#: to this: a loop of tiny kernels with no sync point between looks would otherwise
#: defer everything after a look until its batch is full
AT_ONCE_MAX = 4096
#: once this many whole uploads were staged in page-locked memory for helpers since the
#: latest graph batch that used one, and the batches since ran whole on the home
#: device, uploads go home at once instead (staging waits for the queue and copies the
#: bytes once more) until a batch uses a helper again; counted in uploads, not
#: batches, since kernels launched at once make no batches at all
STAGE_IDLE_AFTER = 8
#: a batch is scheduled once it holds this many kernels, sync point or not: the
#: devices would otherwise idle while the host records a long loop, and what a
#: schedule costs grows with the batch while what it can gain does not
MAX_BATCH = 256
#: batches of one shape that run with a schedule before it is made again from
#: what the models have learned since (the schedule costs milliseconds)
SCHEDULE_REUSE = 8


def phase_name(phase: str) -> str:
    """What notes call a phase: the ``mkmd`` scheduler's own phase is the fine one."""
    return "fine" if phase == "mkmd" else phase


@dataclass
class PhaseTuner:
    """Which scheduling phase a recurring graph runs with: both measured, the faster kept.

    The fine phase's splits pay merges and partial transfers the models only
    estimate, and on some graphs the coarse schedule alone is faster.  A batch
    signature runs fine first; that first run pays the one-time costs (builds on
    every device, device buffers) and is not counted.  Then coarse and fine are
    measured once each, and from then on the phase with the lower recent time
    runs; the other is measured again after ``recheck`` batches, so that a change
    in the machine's load cannot lock a wrong choice in.  Plain data, no OpenCL.
    """
    recheck: int = 16
    keep: int = 3
    #: signature -> phase -> the last ``keep`` counted batch times (seconds)
    times_: dict[tuple, dict[str, list[float]]] = field(default_factory=dict)
    #: signatures run once (their one-time costs paid)
    seen_: set[tuple] = field(default_factory=set)
    #: signature -> batches run with the chosen phase since the other was measured
    since_: dict[tuple, int] = field(default_factory=dict)

    def best(self, sig: tuple) -> str | None:
        """The phase with the lower recent time, once both are measured."""
        times = self.times_.get(sig, {})
        if not all(times.get(p) for p in PHASES):
            return None
        return min(PHASES, key=lambda p: min(times[p]))

    def choose(self, sig: tuple) -> tuple[str, str]:
        """The phase to run this batch with, and why."""
        if sig not in self.seen_:
            return PHASES[0], "first run"
        times = self.times_.get(sig, {})
        for p in PHASES[::-1]:
            if not times.get(p):
                return p, "measuring"
        best = self.best(sig)
        other = next(p for p in PHASES if p != best)
        if self.since_.get(sig, 0) >= self.recheck:
            return other, "measuring again"
        return best, (f"measured {min(times[best]) * 1e3:.2f} ms < {phase_name(other)} "
                      f"{min(times[other]) * 1e3:.2f} ms")

    def record(self, sig: tuple, phase: str, took: float) -> bool:
        """One batch of ``sig`` run with ``phase`` took ``took`` seconds.

        Returns whether the batch shows how the graph runs at its best, for the
        guard rail against program order: not a signature's first run (one-time
        costs, not counted here either), nor a run of the slower phase, made only
        to compare."""
        if sig not in self.seen_:
            self.seen_.add(sig)
            return False
        chosen = self.best(sig)  # what this batch was measured against
        kept = self.times_.setdefault(sig, {}).setdefault(phase, [])
        kept.append(took)
        del kept[:-self.keep]
        # counting restarts whenever the other phase ran or the choice changed
        same = phase == chosen and self.best(sig) == chosen
        self.since_[sig] = self.since_.get(sig, 0) + 1 if same else 0
        return self.best(sig) in (None, phase)


@dataclass
class Deferred:
    id: int
    queue: cl.CommandQueue
    entry: KernelEntry
    args: dict[int, ArgValue]
    launch: Launch
    event: cl.UserEvent
    kernel: cl.Kernel | None = None
    #: its launch record, once a graph node ran it
    record: LaunchRecord | None = None


class _Held:
    """The helper locks a node holds, released once: when its kernel, whole on one
    helper, is on that helper's in-order queue (what follows it there may then be
    enqueued behind it), else when the node ends."""

    def __init__(self, locks: list[threading.Lock]) -> None:
        self.locks = locks
        self.guard = threading.Lock()

    def release(self) -> None:
        with self.guard:
            locks, self.locks = self.locks, []
        for lk in reversed(locks):
            lk.release()


class GraphBatch:
    """The deferred kernels of one process, and how to run them."""

    def __init__(self, runtime: Any) -> None:
        self.rt = runtime
        self.pending: list[Deferred] = []
        self.lock = threading.RLock()
        self.last_schedule: mkmd_graph.Schedule | None = None
        self.last_graph: Any = None
        self.node_pool = ThreadPoolExecutor(max_workers=64, thread_name_prefix="skmd-node")
        self.dev_locks = {d.label: threading.Lock() for d in runtime.devices}
        #: the guard rail's state.  The in-order time is per batch signature (kernels
        #: and sizes); the rest per (settings' run key, signature), so that a graph held
        #: back in one mode is not held back in another, and the tuner's timings under
        #: one setting do not decide for another (the benchmarks switch them in one
        #: process)
        self.inorder_s: dict[tuple, float] = {}
        self.hold: dict[tuple, int] = {}
        self.hold_why: dict[tuple, str] = {}
        self.backoff: dict[tuple, int] = {}
        #: graphs measured slower than in order once, not yet held back for it
        self.struck: set[tuple] = set()
        #: graphs run before: a first run pays one-time costs
        #: (partition-ready builds, device buffers, staging) and is not judged
        self.tried: set[tuple] = set()
        #: mkmd mode: fine or coarse phase per signature, by measurement
        self.tuner = PhaseTuner()
        #: (run key, kernel, global size) -> batches in a row it was in that ran whole
        #: on the home device in program order
        self.home_runs: dict[tuple, int] = {}
        #: (run key, kernel, global size) -> launches left to run at once
        self.at_once: dict[tuple, int] = {}
        #: (run key, kernel, global size) -> its latest span of launches at once
        self.at_once_span: dict[tuple, int] = {}
        #: whether the latest graph batch ran whole on the home device
        self.latest_home_only = False
        home = runtime.home
        #: every helper is slow (see SLOW_HELPER); true with no helper at all
        self.helpers_slow = all(d.speed_score <= SLOW_HELPER * home.speed_score
                                for d in runtime.devices if d is not home)
        #: uploads staged since the latest batch that used a helper
        self.staged_since_helper = 0
        #: (run key, signature, phase) -> [batch shape, schedule, graph, batches it
        #: may still run]
        self.kept: dict[tuple, list] = {}
        #: kernels whole on a helper whose successors there were let go once it was
        #: enqueued, not once it had ended
        self.helper_chained = 0

    def defer(self, queue: cl.CommandQueue, entry: KernelEntry, args: dict[int, ArgValue],
              launch: Launch, kernel: cl.Kernel | None = None) -> cl.Event:
        ev = cl.UserEvent(queue.context)
        with self.lock:
            # a node's id is its place in the batch, so that one schedule fits every
            # batch of a shape
            self.pending.append(Deferred(len(self.pending), queue, entry, dict(args),
                                         launch, ev, kernel))
            full = len(self.pending) >= MAX_BATCH
        if full:
            self.flush()
        return ev

    def runs_at_once(self, entry: KernelEntry, launch: Launch) -> bool:
        """Whether this launch skips the graph: its recent batches all ran whole on the
        home device in program order."""
        settings = config.get()
        if not settings.online:
            return False
        k = (settings.run_key, entry.key, tuple(launch.global_size))
        with self.lock:
            left = self.at_once.get(k, 0)
            if left <= 0:
                return False
            self.at_once[k] = left - 1
            return True

    def helpers_idle(self) -> bool:
        """Whether uploads were staged for helpers that the batches since left idle:
        staging more of them then only costs (``SKMD_ONLINE``)."""
        return (config.get().online and self.latest_home_only
                and self.staged_since_helper >= STAGE_IDLE_AFTER)

    def note_staged(self) -> None:
        """A whole upload was kept in page-locked memory for the helpers."""
        with self.lock:
            self.staged_since_helper += 1

    def _count_home_runs(self, batch: list[Deferred], in_order: bool, run_key: tuple,
                         counts: bool) -> None:
        """Count, per launch shape, the batches in a row that ran whole on home in order;
        ``counts``: whether this batch's reason for that counts towards launching at
        once (see SLOW_HELPER)."""
        with self.lock:
            self.latest_home_only = in_order
            if not in_order:
                self.staged_since_helper = 0
            for k in {(run_key, d.entry.key, tuple(d.launch.global_size)) for d in batch}:
                if not (in_order and counts):
                    self.home_runs.pop(k, None)
                    self.at_once_span.pop(k, None)
                    continue
                self.home_runs[k] = self.home_runs.get(k, 0) + 1
                if self.home_runs[k] >= AT_ONCE_AFTER:
                    span = self.at_once_span.get(k)
                    span = AT_ONCE_LAUNCHES if span is None else min(2 * span, AT_ONCE_MAX)
                    self.at_once_span[k] = self.at_once[k] = span

    # -- scheduling ----------------------------------------------------------------
    def _commands(self, batch: list[Deferred]
                  ) -> tuple[list[Any], dict[int, int], dict[int, list[str]]]:
        """The batch as graph commands, buffer sizes and where each buffer is now."""
        ids: dict[int, int] = {}
        sizes: dict[int, int] = {}
        where: dict[int, list[str]] = {}
        home = self.rt.home.label
        cmds = []
        for d in batch:
            an = d.entry.analysis
            reads, writes, overwrites = set(), set(), set()
            contiguous = True
            for i, a in d.args.items():
                if a[0] != "obj" or not isinstance(a[1], cl.MemoryObjectHolder):
                    continue
                root = bufmod.root_of(a[1])
                bid = ids.setdefault(root.int_ptr, len(ids))
                size = int(root.size)
                sizes[bid] = size
                if bid not in where:
                    where[bid] = bufmod.state_of(root).locations(home, mkmd_graph.HOST)
                ai = an.args[i]
                if ai.read:
                    reads.add(bid)
                if ai.written:
                    writes.add(bid)
                    r = an.byte_range(i, "write", d.launch, (0, d.launch.total_groups))
                    if r is None:
                        contiguous = False
                    elif (max(r[0], 0), min(r[1], size)) == (0, size) and an.write_dense(
                            i, d.launch, (0, d.launch.total_groups)):
                        overwrites.add(bid)
            cmds.append(mkmd_graph.Command(
                id=d.id, kind="kernel", name=d.entry.name, reads=frozenset(reads),
                writes=frozenset(writes), total_groups=max(1, d.launch.total_groups),
                splittable=d.entry.splittable, overwrites=frozenset(overwrites - reads),
                contiguous=contiguous))
        return cmds, sizes, where

    def _platform(self, batch: list[Deferred]) -> mkmd_graph.Platform:
        rt = self.rt
        by_id = {d.id: d for d in batch}
        curves: dict[tuple[int, str], Any] = {}

        def exec_time(cid: int, label: str, groups: int) -> float:
            curve = self._curve_of(by_id[cid], label, curves)
            if curve is None:
                return self._prior(by_id[cid], label, groups, curves)
            return float(curve(np.array([groups]))[0])

        h2d, d2h = {}, {}
        for dev in rt.devices:
            h2d[dev.label], d2h[dev.label] = (rt.home_link() if dev is rt.home
                                              else rt.link(dev))
        return mkmd_graph.Platform(devices=tuple(d.label for d in rt.order),
                                   exec_time=exec_time, h2d_bps=h2d, d2h_bps=d2h,
                                   home=rt.home.label)

    def _curve_of(self, d: Deferred, label: str, curves: dict) -> Any:
        """The time curve of ``d`` on a device, looked up once per batch (None too)."""
        key = (d.id, label)
        if key not in curves:
            curves[key] = self.rt._curve(d.entry, d.launch, self.rt.by_label[label])
        return curves[key]

    def _prior(self, d: Deferred, label: str, groups: int, curves: dict) -> float:
        """A guess for a device nothing was measured on: scale a measured one by speed."""
        rt = self.rt
        for other in rt.devices:
            c = self._curve_of(d, other.label, curves)
            if c is not None:
                ratio = other.speed_score / max(rt.by_label[label].speed_score, 1e-9)
                return float(c(np.array([groups]))[0]) * ratio
        return 1e-3 * groups / max(d.launch.total_groups, 1)

    # -- running -------------------------------------------------------------------
    def flush(self) -> None:
        """Schedule and run every deferred kernel; afterwards all results are home."""
        with self.lock:
            batch, self.pending = self.pending, []
        if not batch:
            return
        settings = config.get()
        mode = modes.mode_named(settings.mode)
        sig = tuple((d.entry.name, tuple(d.launch.global_size)) for d in batch)
        key = (settings.run_key, sig)
        home_s = self._home_estimate(batch)
        reason = None
        short = self._too_small(home_s)
        if short:
            reason = f"graph batch shorter than {GRAPH_MIN_US:g} us: program order"
        elif self.hold.get(key, 0) > 0:
            self.hold[key] -= 1
            reason = self.hold_why[key]
        if reason is not None:
            # too short, or held back by the guard rail: whole on home, in order
            self._count_home_runs(batch, True, settings.run_key,
                                  counts=short or self.helpers_slow)
            t = time.perf_counter()
            try:
                self._run_in_order(batch, reason)
                self.inorder_s[sig] = time.perf_counter() - t
            finally:
                for d in batch:
                    d.event.set_status(cl.command_execution_status.COMPLETE)
            return
        online = settings.online
        if mode.tunes_phases and online:
            phase, why = self.tuner.choose(key)
        else:
            phase, why = mode.phase(), "as set"
        t_batch = time.perf_counter()
        sched = None
        links_used = None
        reused = False
        try:
            cmds, sizes, where = self._commands(batch)
            shape = (tuple(cmds), tuple(sorted(sizes.items())),
                     tuple(sorted((b, tuple(w)) for b, w in where.items())))
            kept = self.kept.get(key + (phase,))
            t = time.perf_counter()
            if kept is not None and kept[0] == shape and kept[3] > 0:
                _, sched, self.last_graph, _ = kept
                kept[3] -= 1
                reused = True
            else:
                links_used = self.rt.link_note()
                # a split must gain what one too short to split would take
                sched = mkmd_graph.schedule(cmds, sizes, self._platform(batch), phase,
                                            initial=where,
                                            min_gain=settings.min_split_us * 1e-6)
                self.last_graph = mkmd_graph.build_graph(cmds, sizes, where)
                self.kept[key + (phase,)] = [shape, sched, self.last_graph,
                                             SCHEDULE_REUSE - 1]
            self.sched_s = time.perf_counter() - t
            self.last_schedule = sched
        except Exception as exc:  # a scheduling failure falls back to program order
            self.rt.warn_once("mkmd-schedule", f"graph scheduling failed ({exc}); "
                                               "running kernels in order")
        seq_before = self.rt.seq
        all_home = sched is not None and self._all_home(batch, sched)
        self._count_home_runs(batch, all_home, settings.run_key, counts=self.helpers_slow)
        try:
            t_run = time.perf_counter()
            if sched is None:
                for d in batch:
                    self._run_node(d, [(self.rt.home, 0, d.launch.total_groups)], "inorder")
            elif all_home:
                # one in-order queue keeps the order with no host wait between kernels
                self._run_in_order(batch, f"{phase_name(phase)} schedule: every kernel "
                                          "whole on the home device, in program order")
            else:
                self._execute(batch, sched)
            t_home = time.perf_counter()
            moved = self._settle_results()
            t_end = time.perf_counter()
            if sched is not None:
                # the batch's last launch: nodes end, and are kept, out of order
                last = max((d.record for d in batch if d.record is not None),
                           key=lambda r: r.seq, default=None
                           ) or self.rt.last_record(seq_before)
                if last is not None:
                    # where a batch's time goes, beyond its kernels' own pieces
                    last.notes.append(
                        f"graph batch of {len(batch)} kernels, "
                        f"{phase_name(phase)} phase ({why}): "
                        f"schedule {(t_run - t_batch) * 1e3:.2f} ms"
                        f"{' (kept from an earlier batch)' if reused else ''}, "
                        f"run {(t_home - t_run) * 1e3:.2f} ms, results home "
                        f"{(t_end - t_home) * 1e3:.2f} ms ({moved / 2**20:.1f} MiB)")
                    if links_used:
                        last.notes.append(links_used)
                    last.graph = batch_to_dict(cmds, sizes, where, self.rt.home.label)
                judged = True
                if mode.tunes_phases and online:
                    judged = self.tuner.record(key, phase, t_end - t_batch)
                if online and judged and key in self.tried:
                    self._judge(key, home_s, t_end - t_batch)
                self.tried.add(key)
        finally:
            for d in batch:
                d.event.set_status(cl.command_execution_status.COMPLETE)

    def _settle_results(self) -> int:
        """After a batch: results stay where they are, except where the host sees them.

        A USE_HOST_PTR buffer's home copy is the program's own memory, which it
        may look at without a command skmd sees: those come home now.  Stale
        buffers the program dropped are forgotten.  Returns the bytes moved.
        """
        bufmod.prune_stale()
        seen = [(st, app) for st, app in bufmod.stale_buffers() if st.host_ptr]
        if not seen:
            return 0
        return homecoming.sync_all_home(seen, lambda app: self.rt.home_queue(app.context))

    def _judge(self, key: tuple, home_s: float | None, took: float) -> None:
        """Guard rail: a graph measured slower than program order runs in order for a while.

        The yardstick is the same batch measured in order when there is one, else
        the models' figure for the home device.  Each failure against a measured
        batch doubles how many batches run in order before the graph is tried
        again; a failure against the models' figure (kernel time only, no
        transfers) runs one batch in order, to measure the real yardstick.  One
        slow batch can be noise (runs of one batch spread by 14-49 % on a GPU
        machine): the first hold against a measured batch needs two in a row.
        ``key`` is (the settings' run key, batch signature).
        """
        from skmd.runtime.core import GAIN_MARGIN, MAX_REUSE
        measured = self.inorder_s.get(key[1])
        est = home_s if measured is None else measured
        if est is None or took <= GAIN_MARGIN * est:
            self.backoff.pop(key, None)
            self.struck.discard(key)
            return
        if measured is None:
            span = 1
        else:
            if key not in self.backoff and key not in self.struck:
                self.struck.add(key)
                return
            self.struck.discard(key)
            span = min(2 * self.backoff.get(key, 4), MAX_REUSE)
            self.backoff[key] = span
        self.hold[key] = span
        self.hold_why[key] = (f"graph batch measured {took * 1e3:.2f} ms > {est * 1e3:.2f} ms "
                              f"in order: program order for {span} batch{'es' if span > 1 else ''}")

    def _home_estimate(self, batch: list[Deferred]) -> float | None:
        """The models' time for the whole batch on the home device (None: unmodelled)."""
        rt = self.rt
        total = 0.0
        for d in batch:
            curve = rt._curve(d.entry, d.launch, rt.home)
            if curve is None:
                return None
            total += float(curve(np.array([d.launch.total_groups]))[0])
        return total

    def _too_small(self, home_s: float | None) -> bool:
        """Kernels predicted to take less on the home device than a graph costs to run."""
        return home_s is not None and home_s * 1e6 < GRAPH_MIN_US

    def _run_in_order(self, batch: list[Deferred], reason: str) -> None:
        """The program's own kernels, whole on the home device, in its order."""
        from skmd.runtime import raw
        from skmd.runtime.kernels import replay_args
        homecoming.sync_args([a[1] for d in batch for a in d.args.values() if a[0] == "obj"],
                         lambda app: self.rt.home_queue(app.context))
        for d in batch:
            if d.kernel is None:
                self._run_node(d, [(self.rt.home, 0, d.launch.total_groups)], "inorder")
                continue
            replay_args(d.kernel, d.args, {})
            ls = d.launch.program_local_size
            t_call = time.perf_counter()
            evt = raw.enqueue_nd_range_kernel(d.queue, d.kernel, d.launch.global_size, ls,
                                              None, None, False, False)
            for b in d.entry.written_buffers(d.args):
                bufmod.note_written(b)
            self.rt.note_whole(d.entry, d.launch.global_size, ls, reason, evt, t_call,
                               d.queue)
        for d in batch:
            raw.queue_finish(d.queue)

    def _all_home(self, batch: list[Deferred], sched: mkmd_graph.Schedule) -> bool:
        """Whether ``sched`` runs every kernel of ``batch`` whole on the home device."""
        return all(self._whole_on_home(self._ranges(sched, d.id)) for d in batch)

    def _execute(self, batch: list[Deferred], sched: mkmd_graph.Schedule) -> None:
        settings = config.get()
        by_id = {d.id: d for d in batch}
        graph = self.last_graph
        order = sorted(by_id, key=lambda n: sched.span(n)[0] if sched.node_slots(n) else 0.0)
        ranges = {n: self._ranges(sched, n) for n in order}
        sends = None
        if settings.send_ahead:
            sends = StagedSends(self.rt)
            try:
                sends.start([(by_id[n], ranges[n]) for n in order])
            except Exception:
                sends.settle()  # nothing sent ahead; each kernel fetches its own
                sends = None
        futures: dict[int, Future] = {}
        # done[n]: node n's results are in place (its task goes on to learn from them)
        done: dict[int, Future] = {n: Future() for n in order}
        # queued[n]: node n, whole on one device, is on that device's in-order queue; a
        # successor also whole there need not wait for more (SKMD_CHAIN_HOME,
        # SKMD_CHAIN_HELPERS): the queue runs it after n, with no host wait between
        solo = {n: self._solo(ranges[n], settings) for n in order}
        queued = {n: Future() for n in order if solo[n] is not None}
        # whole on one helper, read by a kernel elsewhere: its results go to host memory
        # right behind it, not behind the next kernels queued on that helper
        home = self.rt.home.label
        push = {n for n in queued if solo[n] != home and any(
            s in solo and solo[s] != solo[n] for s in graph.successors(n))}
        try:
            for n in order:
                chained = [p for p in graph.predecessors(n)
                           if p in futures and p in queued and solo[p] == solo[n]]
                preds = [queued[p] if p in chained else done[p]
                         for p in graph.predecessors(n) if p in futures]
                futures[n] = self.node_pool.submit(self._node_task, by_id[n], ranges[n],
                                                   preds, sends, done[n], queued.get(n),
                                                   n in push)
            errors = []
            for n in order:
                try:
                    futures[n].result()
                except Exception as exc:
                    errors.append(exc)
        finally:
            for f in futures.values():
                f.exception()  # every task is over before the sends are settled
            if sends is not None:
                sends.settle()
        if errors:
            raise errors[0]

    def _ranges(self, sched: mkmd_graph.Schedule, n: int) -> list[tuple[Any, int, int]]:
        """One contiguous range of work-groups per device the schedule gives node ``n``."""
        counts: dict[str, int] = {}
        for s in sched.node_slots(n):
            if s.kind == "run" and s.groups[1] > s.groups[0]:
                counts[s.device] = counts.get(s.device, 0) + s.groups[1] - s.groups[0]
        # a device may hold several slots of a kernel; which rows go where does not
        # matter, how many does
        ranges = []
        cur = 0
        for dev in self.rt.order:
            k = counts.get(dev.label, 0)
            if k:
                ranges.append((dev, cur, cur + k))
                cur += k
        return ranges

    def _whole_on_home(self, ranges: list[tuple[Any, int, int]]) -> bool:
        return all(dev is self.rt.home for dev, _, _ in ranges)

    def _solo(self, ranges: list[tuple[Any, int, int]], settings: config.Settings
              ) -> str | None:
        """The device a node runs whole on, where chaining there is on; else None."""
        devs = {dev for dev, _, _ in ranges} or {self.rt.home}
        if len(devs) != 1:
            return None
        dev = devs.pop()
        on = settings.chain_home if dev is self.rt.home else settings.chain_helpers
        return dev.label if on else None

    def _node_task(self, d: Deferred, ranges: list[tuple[Any, int, int]],
                   preds: list[Future], sends: StagedSends | None = None,
                   done: Future | None = None, queued: Future | None = None,
                   push: bool = False) -> None:
        try:
            for p in preds:
                p.result()
            self._run_node(d, ranges, config.get().mode, sends, done, queued, push)
        except BaseException as exc:
            for f in (queued, done):
                if f is not None and not f.done():
                    f.set_exception(exc)  # its successors fail rather than run on
            raise

    def _run_node(self, d: Deferred, ranges: list[tuple[Any, int, int]], mode: str,
                  sends: StagedSends | None = None, done: Future | None = None,
                  queued: Future | None = None, push: bool = False) -> None:
        """Run one kernel of a graph; ``done`` is set once its results are in place and
        its devices free, before the models learn from it (successors need not wait);
        ``queued``, for a kernel whole on one device, once it is on that device's
        in-order queue; ``push``: a kernel elsewhere reads its results (see
        ``BufferState.push_host``)."""
        rt = self.rt
        if not ranges:
            ranges = [(rt.home, 0, d.launch.total_groups)]
        # The home device is not locked: its rows go to skmd's in-order home queue,
        # behind whatever runs there, while the helpers start at once (a plan that
        # gives a kernel a sliver of home after another kernel must not hold the
        # helpers' rows back until then).  The graph keeps nodes that run at the
        # same time off each other's buffers.
        labels = sorted({dev.label for dev, _, _ in ranges if dev is not rt.home})
        locks = [self.dev_locks[lb] for lb in labels]
        for lk in locks:
            lk.acquire()
        held = _Held(locks)
        try:
            with rt.seq_lock:
                rt.seq += 1
                seq = rt.seq
            rec = LaunchRecord(run_id=rt.run_id, seq=seq, kernel=d.entry.name,
                               program=d.entry.key.rpartition(":")[0][:8],
                               total_groups=d.launch.total_groups,
                               global_size=d.launch.global_size,
                               local_size=d.launch.local_size,
                               policy=config.get().policy, mode=mode, node=d.id)
            d.record = rec
            t0 = time.perf_counter()
            run = SplitRun(rt, d.queue, d.entry, d.args, d.launch,
                           [Share(dev, a, b) for dev, a, b in ranges], rec, lazy=True)
            if sends is not None:
                sends.wait_for(d, ranges, run._piece)
            run.push_host = push
            if queued is not None:
                def enqueued() -> None:
                    # whole on one device: its in-order queue orders whatever follows
                    held.release()
                    queued.set_result(None)
                run.on_enqueued = enqueued
            run.run()
            rec.wall_s = time.perf_counter() - t0
        finally:
            held.release()
        if run.chained:
            with self.lock:
                self.helper_chained += 1
        if queued is not None and not queued.done():  # none was enqueued: no kernel
            queued.set_result(None)
        if done is not None:
            done.set_result(None)
        rt.learn(d.entry, d.launch, rec)
        rt.keep_record(rec)
