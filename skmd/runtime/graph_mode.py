"""Graph mode (MKMD): kernels deferred until the program could observe them.

In ``SKMD_MODE=mkmd|coarse`` a kernel launch on the virtual device is not run
at once: it is recorded (its arguments snapshotted) and answered with a user
event.  At the next point where the program could see a result — a read, a
map, a copy, ``finish``, waiting on an event — the recorded kernels become a
dependency graph (:mod:`skmd.mkmd_graph`, through :mod:`.graph_commands`), are
scheduled over the devices, and run concurrently (:mod:`.graph_nodes`).  Results
stay on the device that made them, after the batch too, until a consumer
elsewhere or the program itself needs them (see :mod:`buffers`); the scheduler
is told where each buffer's current content is.  When to stop deferring (the
guard rail, launches at once) and which phase a graph runs with are decided in
:mod:`skmd.decide.graph_guard` and :mod:`skmd.decide.graph_phase`.
"""
from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pyopencl as cl

from skmd import mkmd_graph, modes
from skmd.decide import graph_guard
from skmd.decide.graph_guard import AT_ONCE_REASON, AtOnce, GuardRail
from skmd.decide.graph_phase import PhaseTuner, phase_name
from skmd.mkmd_graph.resimulate import batch_to_dict
from skmd.runtime import buffers as bufmod
from skmd.runtime import graph_commands, homecoming, launches, pools, raw, running, shield
from skmd.runtime.graph_commands import Deferred
from skmd.runtime.graph_nodes import NodeRunner
from skmd.runtime.kernels import ArgValue, KernelEntry
from skmd.transform import Launch

#: a batch whose queues still ran the program's earlier commands (see ``_drained``)
BEHIND_REASON = ("the program's queue still ran what came before: in program order "
                 "behind it")


def skmd_thread() -> bool:
    """Whether the calling thread is one of skmd's own (their names start ``skmd-``):
    they carry out a batch's commands, through pyopencl calls that would flush."""
    return threading.current_thread().name.startswith("skmd-")


class GraphBatch(NodeRunner):
    """The deferred kernels of one process, and how to run them."""

    #: the run log's reason for a launch that skipped the graph
    at_once_reason = AT_ONCE_REASON

    def __init__(self, runtime: Any) -> None:
        self.rt = runtime
        self.pending: list[Deferred] = []
        self.lock = threading.RLock()
        #: held while a batch runs: another thread's flush waits for it (its launches
        #: may be in the batch, and their events are set only once it has run)
        self.flush_lock = threading.RLock()
        #: batches being run now (counted before the pending list is taken)
        self.flushing = 0
        self.last_schedule: mkmd_graph.Schedule | None = None
        self.last_graph: Any = None
        self.node_pool = ThreadPoolExecutor(max_workers=64, thread_name_prefix="skmd-node")
        self.dev_locks = {d.label: threading.Lock() for d in runtime.devices}
        #: the guard rail against program order
        self.guard = GuardRail()
        #: mkmd mode: fine or coarse phase per signature, by measurement
        self.tuner = PhaseTuner()
        #: launch shapes that skip the graph, and whether staging uploads still pays
        self.at_once = AtOnce()
        home = runtime.home
        #: every helper is slow (see Tuning.slow_helper); true with no helper at all
        self.helpers_slow = graph_guard.helpers_are_slow(
            home.speed_score, [d.speed_score for d in runtime.devices if d is not home],
            runtime.settings.tuning.slow_helper)
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
            full = len(self.pending) >= self.rt.settings.tuning.max_batch
        if full or not pools.pools_open(self.node_pool):  # (at exit: no later flush may come)
            self.flush()
        return ev

    def runs_at_once(self, entry: KernelEntry, launch: Launch) -> bool:
        """Whether this launch skips the graph: its recent batches all ran whole on the
        home device in program order."""
        settings = self.rt.settings
        if not settings.online:
            return False
        with self.lock:
            return self.at_once.take((settings.run_key, entry.key, tuple(launch.global_size)))

    def remember(self, entry: KernelEntry, key: tuple, launch: Launch | None,
                 reason: str | None = None) -> None:
        """Keep for :meth:`launch_known` what a launch of decision ``key`` found on the
        full path: deferred or launched at once (``launch``, and its shape's count of
        launches at once), or whole for ``reason``, which the key decides.  Kept with
        these books (``at_once``): a kernel may outlive the runtime that launched it,
        and another runtime's counts are not this one's."""
        if not launches.kept_by_key(entry):
            return  # its description depends on more than the key
        if reason is not None:
            entry.graph_known[key] = (None, None, self.at_once, reason)
        elif self.rt.settings.online:  # offline nothing runs at once (runs_at_once)
            shape = (self.rt.settings.run_key, entry.key, tuple(launch.global_size))
            with self.lock:
                entry.graph_known[key] = (launch, self.at_once.span_of(shape),
                                          self.at_once, None)

    def launch_known(self, queue: cl.CommandQueue, kernel: cl.Kernel, entry: KernelEntry,
                     args: dict[int, ArgValue], known: tuple, gsize: Any, lsize: Any,
                     offset: Any, wait_for: Any, g_times_l: bool,
                     allow_empty: bool) -> cl.Event | None:
        """A launch of a decision key :meth:`remember` kept, which waits on no event,
        as the full path would run it: whole (a batch pending is run first) for the
        key's reason or while its shape's span at once lasts, deferred otherwise,
        without describing the launch or building its shape again (program order's
        cost for a launch it keeps a decision for).  None: take the full path."""
        launch, span, books, why = known
        if books is not self.at_once:
            return None
        if why is None:
            with self.lock:
                now = span.take()
            if not now:
                return self.defer(queue, entry, args, launch, kernel)
            why = AT_ONCE_REASON
        if self.must_flush():
            self.flush()
        return running.run_whole(self.rt, queue, kernel, entry, args, gsize, lsize, offset,
                                 wait_for, g_times_l, allow_empty, why)

    def helpers_idle(self) -> bool:
        """Whether uploads were staged for helpers that the batches since left idle:
        staging more of them then only costs (``SKMD_ONLINE``)."""
        s = self.rt.settings
        return s.online and self.at_once.helpers_idle(s.tuning)

    def note_staged(self) -> None:
        """A whole upload was kept in page-locked memory for the helpers."""
        with self.lock:
            self.at_once.staged_since_helper += 1

    def _count_home_runs(self, batch: list[Deferred], in_order: bool, run_key: tuple,
                         counts: bool) -> None:
        """Count, per launch shape, the batches in a row that ran whole on home in order;
        ``counts``: whether this batch's reason for that counts towards launching at
        once (see Tuning.slow_helper)."""
        shapes = {(run_key, d.entry.key, tuple(d.launch.global_size)) for d in batch}
        with self.lock:
            self.at_once.count(shapes, in_order, counts, self.rt.settings.tuning)

    # -- running -------------------------------------------------------------------
    def flush(self) -> None:
        """Schedule and run every deferred kernel; afterwards all results are home,
        those of a batch another thread is running included (the program may wait on
        their events next: a driver command waiting on one would hold that batch).
        From the program's thread through the shield: a raising signal handler would
        cut the batch in two, its kernels' events never set (:mod:`.shield`)."""
        if skmd_thread():  # (one of skmd's own, which run a batch's commands: no wait)
            self._flush()
            return
        shield.run(self._flush_in_turn)

    def _flush_in_turn(self) -> None:
        """:meth:`_flush`, after any batch another thread is running."""
        with self.flush_lock:
            self.flushing += 1
            try:
                self._flush()
            finally:
                self.flushing -= 1

    def must_flush(self) -> bool:
        """Whether a flush has work for this thread: kernels pending, or a batch another
        of the program's threads is running (it may hold this thread's launches)."""
        return bool(self.pending) or (self.flushing > 0 and not skmd_thread())

    def _flush(self) -> None:
        with self.lock:
            batch, self.pending = self.pending, []
        if not batch:
            return
        for st in graph_commands.host_memory_read(batch):
            st.written()
        settings = self.rt.settings
        mode = modes.mode_named(settings.mode)
        sig = tuple((d.entry.name, tuple(d.launch.global_size)) for d in batch)
        key = (settings.run_key, sig)
        home_s = self._home_estimate(batch)
        short = self._too_small(home_s)
        if short:
            reason = (f"graph batch shorter than {settings.tuning.graph_min_us:g} us: "
                      "program order")
        else:  # (at exit, where the pools take no more work: no schedule over them)
            reason = (pools.late_reason(self.node_pool) or self.guard.held(key)
                      or self._unbuilt(batch))
        if reason is not None:
            # too short, held back by the guard rail, or late: whole on home, in order
            self._count_home_runs(batch, True, settings.run_key,
                                  counts=short or self.helpers_slow)
            t = time.perf_counter()
            try:
                self._run_in_order(batch, reason)
                self.guard.inorder_s[sig] = time.perf_counter() - t
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
            cmds, sizes, where = graph_commands.commands(batch, self.rt.home.label)
            shape = (tuple(cmds), tuple(sorted(sizes.items())),
                     tuple(sorted((b, tuple(w)) for b, w in where.items())))
            kept = self.kept.get(key + (phase,))
            t = time.perf_counter()
            if kept is not None and kept[0] == shape and kept[3] > 0:
                _, sched, self.last_graph, _ = kept
                kept[3] -= 1
                reused = True
            else:
                links_used = self.rt.links.link_note()
                # a split must gain what one too short to split would take
                sched = mkmd_graph.schedule(cmds, sizes, graph_commands.platform(self.rt, batch),
                                            phase, initial=where,
                                            min_gain=settings.min_split_us * 1e-6,
                                            min_rel_gain=settings.tuning.graph_min_gain)
                self.last_graph = mkmd_graph.build_graph(cmds, sizes, where)
                self.kept[key + (phase,)] = [shape, sched, self.last_graph,
                                             settings.tuning.schedule_reuse - 1]
            self.sched_s = time.perf_counter() - t
            self.last_schedule = sched
        except Exception as exc:  # a scheduling failure falls back to program order
            self.rt.warn_once("mkmd-schedule", f"graph scheduling failed ({exc}); "
                                               "running kernels in order")
        seq_before = self.rt.seq
        all_home = sched is not None and self._all_home(batch, sched)
        self._count_home_runs(batch, all_home, settings.run_key, counts=self.helpers_slow)
        behind = False
        try:
            t_run = time.perf_counter()
            if (sched is None or not all_home) and not self._drained(batch):
                behind = self._run_behind(batch)
                if behind:  # its events complete as its kernels end
                    return
                self._drain(batch)
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
                if online and judged and key in self.guard.tried:
                    self._judge(key, home_s, t_end - t_batch)
                self.guard.tried.add(key)
        finally:
            for d in batch if not behind else ():
                d.event.set_status(cl.command_execution_status.COMPLETE)

    # A batch about to run on skmd's own queues and the helpers' must not start before
    # what the program enqueued on its kernels' queues has ended (a kernel launched at
    # once, a write the driver still runs): those queues would have ordered it.
    def _unbuilt(self, batch: list[Deferred]) -> str | None:
        """Why the batch runs in program order, the program's own kernels whole: a
        kernel's partition-ready program fails to build on home (kept on its entry,
        so its later launches run whole at once)."""
        for d in batch:
            why = d.entry.reason or self.rt.home_build_reason(d.entry, d.queue)
            if why is not None:
                return why
        return None

    def _drained(self, batch: list[Deferred]) -> bool:
        """Whether the batch's queues ran everything before it, waiting up to
        ``Tuning.graph_drain_wait_s`` (a marker on each, polled: a queue the program
        holds on an event of its own must not hold the host)."""
        queues = graph_commands.queues(batch)
        marks = [raw.enqueue_marker(q) for q in queues]
        for q in queues:
            raw.queue_flush(q)
        deadline = time.perf_counter() + self.rt.settings.tuning.graph_drain_wait_s
        pause = 2e-5
        while any(m.command_execution_status != cl.command_execution_status.COMPLETE
                  for m in marks):
            if time.perf_counter() >= deadline:
                return False
            time.sleep(pause)
            pause = min(2 * pause, 1e-3)
        return True

    def _run_behind(self, batch: list[Deferred]) -> bool:
        """The batch in program order on its own queues, behind what they still run,
        not waited for: each kernel's end completes its launch's event.  False (nothing
        run) where a kernel object is gone."""
        if any(d.kernel is None for d in batch):
            return False
        done = cl.command_execution_status.COMPLETE
        for d, evt in zip(batch, self._run_in_order(batch, BEHIND_REASON, wait=False)):
            try:
                evt.set_callback(done, lambda _status, ev=d.event: ev.set_status(done))
            except (cl.Error, AttributeError, TypeError):  # no callbacks: wait for it
                raw.event_wait(evt)
                d.event.set_status(done)
        return True

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
        """Guard rail: a graph measured slower than program order runs in order for a
        while (see :meth:`GuardRail.judge`); ``key`` is (the settings' run key, batch
        signature)."""
        self.guard.judge(key, home_s, took, self.rt.settings.tuning)

    def _home_estimate(self, batch: list[Deferred]) -> float | None:
        """The models' time for the whole batch on the home device (None: unmodelled)."""
        return graph_commands.home_estimate(self.rt, batch)

    def _too_small(self, home_s: float | None) -> bool:
        """Kernels predicted to take less on the home device than a graph costs to run."""
        return graph_guard.too_small(home_s, self.rt.settings.tuning.graph_min_us)
