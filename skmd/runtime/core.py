"""The runtime: one per process, behind the virtual device.

It owns the physical devices, the home device's helper queues, the online speed
estimates, the profile store and the run log, and it decides for every kernel
launch on the home device whether to run it whole (asynchronously, as pyopencl
would) or split (synchronously, through :mod:`skmd.runtime.executor`).  What it
does is kept in rooms of their own: the run log in :mod:`.recording`, link
speeds in :mod:`.link_book`, the decisions in :mod:`.deciding`, running a launch
whole or split in :mod:`.running`; what a mode changes is asked of :mod:`skmd.modes`.
"""
from __future__ import annotations

import atexit
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd import config, modes
from skmd import partition  # noqa: F401 - the decisions' models, patched by tests here
from skmd.decide import churn
from skmd.records import LaunchRecord
from skmd.runtime import (faults, gates, knowledge, launches, mirror_pool, planner, pools,
                          raw, running, shield, waited)
from skmd.runtime.background import Background
from skmd.runtime.deciding import Decider
from skmd.runtime.devices import PhysicalDevice, choose_home, discover, select
from skmd.runtime.kernels import KernelEntry, args_of
from skmd.runtime.link_book import LinkBook
from skmd.runtime.recording import Recorder
from skmd.transform import Launch, diskcache
from skmd.warn_lines import warn


class Runtime:
    """Everything skmd holds for one process."""

    def __init__(self, settings: config.Settings) -> None:
        s = settings
        #: the settings in force, as the entry point handed them (see use_settings)
        self.settings = s
        faults.configure(s.faults, s.faults_seed)  # a malformed SKMD_FAULTS fails here
        diskcache.use_folder(s.profile_dir)  # device verdicts and analyses are kept there
        diskcache.warm()  # (what a first launch asks of it, and the shield, made ready)
        shield.start()
        everything, self.left_out = discover()
        if not everything:
            why = "".join(f"; {x.message()}" for x in self.left_out)
            raise cl.RuntimeError(f"skmd: no usable OpenCL device on any platform{why}")
        for x in self.left_out:  # a Runtime is made once a process: these show once
            warn(f"skmd: {x.message()}", RuntimeWarning, stacklevel=2)
        self.devices: list[PhysicalDevice] = select(everything, s.devices)
        self.home: PhysicalDevice = choose_home(self.devices, s.home)
        # home first: its rows need no transfer, and ranges are laid out in this order
        self.by_label = {d.label: d for d in self.devices}
        self.order = [self.home] + [d for d in self.devices if d is not self.home]
        self.t0 = time.perf_counter()
        self.run_id = time.strftime("%Y%m%d-%H%M%S-") + os.urandom(3).hex()
        self.pool = ThreadPoolExecutor(max_workers=4 * max(1, len(self.devices)),
                                       thread_name_prefix="skmd-dev")
        self.estimates = planner.Estimates()
        #: helpers' link speeds as their transfers measured them in place
        self.link_rates = planner.LinkEstimates()
        self.links = LinkBook(self, self.home, self.order, self.link_rates, s.learn_links)
        #: the run log (written to the store at exit)
        self.recorder = Recorder(self.run_id, self.t0, self.home.label, s.log, s)
        self.split_lock = threading.RLock()
        self._home_context = False
        #: the per-launch decisions, and what split launches teach them
        self.decider = Decider(self)
        self._graph: Any = None
        self._home_queues: dict[int, cl.CommandQueue] = {}
        self._copy_queues: dict[int, cl.CommandQueue] = {}
        self._store: Any = None
        self._store_failed = False
        self._registry: Any = None
        #: what :func:`.knowledge.save` wrote last (it writes only what changed)
        self.saved_knowledge: Any = None
        self._warned: set[str] = set()
        from skmd.runtime import staging
        home = self.home  # its context is taken when bytes are first staged
        staging.set_pool(staging.StagingPool(lambda: home.context, lambda: home.queue,
                                             offer=home.adopt_context))
        self.argv = list(sys.argv)
        self.pid = os.getpid()  # (the process that started the drivers)
        self.profiler: Any = None
        #: (kernel, device, why) for every device failure handled so far
        self.failures: list[tuple[str, str, str]] = []
        self.verify_mismatches: list[str] = []
        #: set-up and partition-ready builds, off the launch path unless SKMD_BACKGROUND=0
        self.background = Background(self, lazy=s.background, tuning=s.tuning,
                                     eager_devices=modes.mode_named(s.mode).defers_to_graph)
        #: SKMD_REMEMBER: speeds learned online are stored and seed the next run
        self.remember = s.remember
        atexit.register(self.close)
        self.background.start()

    def use_settings(self, settings: config.Settings) -> None:
        """Run with ``settings`` from the next launch on (``skmd bench`` switches
        configurations in one process).  Per-process ones (devices, home, the
        profile store, the run log) stay as the runtime was made with."""
        faults.configure(settings.faults, settings.faults_seed)
        self.settings = settings
        self.recorder.settings = settings
        self.links.learn = settings.learn_links
        if self._registry:
            self._registry.online = settings.online

    # -- small services ---------------------------------------------------------
    def warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            warn(f"skmd: {message}", RuntimeWarning, stacklevel=3)

    def _queue_in(self, cache: dict[int, cl.CommandQueue], ctx: cl.Context,
                  properties: int = 0) -> cl.CommandQueue:
        q = cache.get(ctx.int_ptr)
        if q is None:  # (set-up's threads make queues too: the first one made is kept)
            self.home.adopt_context(ctx)
            q = cache.setdefault(ctx.int_ptr, cl.CommandQueue(ctx, self.home.device,
                                                              properties=properties))
            while len(cache) > 8:  # the oldest let go, done (it holds its context)
                cache.pop(next(iter(cache))).finish()
        return q

    def home_queue(self, ctx: cl.Context) -> cl.CommandQueue:
        """skmd's own profiling queue on the home device, in the application's context
        (kept for the last 8 contexts asked for: a program may make one per task)."""
        return self._queue_in(self._home_queues, ctx,
                              cl.command_queue_properties.PROFILING_ENABLE)

    def copy_queue(self, ctx: cl.Context) -> cl.CommandQueue:
        """A second queue on the home device, for copies that overlap its kernels."""
        return self._queue_in(self._copy_queues, ctx)

    @property
    def store(self) -> Any:
        """The profile store, or None when it cannot be opened (warned once)."""
        if self._store is None and not self._store_failed:
            try:
                from skmd.predict.store import ProfileStore, default_path
                self._store = ProfileStore(default_path(self.settings.profile_dir))
            except Exception as exc:  # a broken store never breaks the program
                self._store_failed = True
                self.warn_once("store", f"profile store unavailable ({exc}); running without it")
        return self._store

    @property
    def registry(self) -> Any:
        """The performance models, or None (also while set-up still imports them)."""
        if self._registry is None and not self.background.lazy:
            self.make_registry()  # lazy: set-up makes it, off the launch path, if needed
        return self._registry or None

    def make_registry(self) -> None:
        """Import the models (scikit-learn: a second or more; off the program's thread,
        where a signal handler raising inside it would leave the import system's locks
        held) and open them on the store; not at exit (the pools take no more work)."""
        if self._registry is None and pools.pools_open() and self.store is not None:
            try:
                self._registry = shield.run(_open_registry, self.store, self.settings.online)
            except Exception as exc:
                self.warn_once("registry", f"performance models unavailable ({exc})")
                self._registry = False

    def load_speeds(self) -> None:
        """What earlier runs learned (:mod:`.knowledge`)."""
        knowledge.load(self)

    def clone(self, entry: KernelEntry, dev: PhysicalDevice, ctx: cl.Context) -> cl.Kernel:
        """The partition-ready kernel of ``entry`` built for ``dev`` in ``ctx``."""
        key = f"{dev.label}@{ctx.int_ptr}"
        k = entry.clones.get(key)
        if k is None:
            with entry.lock:
                k = entry.clones.get(key)
                if k is None:
                    faults.maybe_fail(dev.label, "build")
                    prg = raw.build(entry.partition_source, ctx, entry.options, [dev.device])
                    k = cl.Kernel(prg, entry.name)
                    entry.clones[key] = k
        return k

    def home_build_reason(self, entry: KernelEntry, queue: cl.CommandQueue) -> str | None:
        """Why ``entry`` runs whole: its partition-ready kernel fails to build on home
        (kept on the entry), or None.  Never a wrong answer: the original kernel, whole."""
        try:
            self.clone(entry, self.home, queue.context)
        except Exception as exc:
            entry.reason = ("partition-ready kernel failed to build on "
                            f"{self.home.label}: {faults.first_line(exc)}")
        return entry.reason

    @property
    def graph(self) -> Any:
        """The deferred-kernel batch of graph mode (made on first use)."""
        if self._graph is None:
            from skmd.runtime.graph_mode import GraphBatch
            self._graph = GraphBatch(self)
        return self._graph

    def graph_helpers_idle(self) -> bool:
        """Whether graph mode's helpers sat idle through the uploads staged lately."""
        g = self._graph
        return g is not None and g.helpers_idle()

    def flush_graph(self) -> None:
        """Run deferred kernels now: the program is about to observe their results."""
        g = self._graph
        if g is not None and g.must_flush():
            g.flush()

    # -- the launch hook -------------------------------------------------------
    def on_launch(self, queue: cl.CommandQueue, kernel: cl.Kernel, gsize: Any, lsize: Any,
                  offset: Any, wait_for: Any, g_times_l: bool, allow_empty: bool) -> cl.Event:
        if not self._home_context:  # (kept once set: an Event asked per launch is a call)
            if not self.home.has_context.is_set():
                self.home.adopt_context(queue.context)  # before set-up's probes make one
            self._home_context = self.home.has_context.is_set()
        entry = self.background.entry(kernel)
        entry.launches += 1
        if entry.reason is None or entry.analyse_from is not None:  # may split: how long
            waited.note_launch(queue, entry, gsize)  # do its launches run? (sampled)
        args = args_of(kernel)
        s = self.settings
        mode = modes.MODES[s.mode]  # (named right when the settings were made)
        reason = entry.reason or waited.short_for(entry, gsize, self, mode)
        if reason is not None and not mode.defers_to_graph:  # never splits: at once
            return running.run_whole(self, queue, kernel, entry, args, gsize, lsize, offset,
                                     wait_for, g_times_l, allow_empty, reason)
        if entry.reason is None and self.profiler is None:
            key = launches.signature(args, gsize, lsize, offset, g_times_l, s, kernel, queue)
            # graph modes: a key seen before goes the same way again, at program
            # order's cost (no description, no look-up by shape, no flush unless pending)
            known = entry.graph_known.get(key) if mode.defers_to_graph else None
            if known is not None and not wait_for and self._graph is not None and not (
                    mode.profiled_reason and raw.profiles(queue)) and not (
                    gates.held and gates.any_open()):
                evt = self._graph.launch_known(queue, kernel, entry, args, known, gsize,
                                               lsize, offset, wait_for, g_times_l,
                                               allow_empty)
                if evt is not None:
                    return evt
            hit = churn.kept(entry.decisions, entry.churn, key, entry.launches,
                             s.tuning.churn_after)
            if hit is not None:
                launch, shares, reason, _, span = (launches.kept_hit(hit, wait_for, queue)
                                                   if wait_for or gates.held else hit)
                reason = reason or pools.late_reason(self.pool)  # (a split needs the pool)
                if reason is not None:
                    return running.run_whole(self, queue, kernel, entry, args, gsize, lsize,
                                             offset, wait_for, g_times_l, allow_empty, reason)
                if not mode.defers_to_graph:
                    return running.run_split(self, queue, entry, args, launch, shares,
                                             wait_for, s, key)
        else:
            key = None
        reason = entry.reason or pools.late_reason(self.pool)  # (at exit: whole)
        if reason is None and not mode.may_split:
            reason = mode.whole_reason
        if reason is None and mode.profiled_reason and raw.profiles(queue):
            reason = mode.profiled_reason
        if reason is None and offset is not None and any(int(o) for o in offset):
            reason = "launch has a global offset"
        if reason is None and (wait_for or gates.held):  # a split waits on the host:
            reason = gates.open_wait(wait_for, queue)  # a user event set later hangs it
        launch = None
        if reason is None:
            launch, reason = launches.launch_kept(entry, args, gsize, lsize, g_times_l, key,
                                                  kernel, queue)
            if reason is not None and key is not None and mode.defers_to_graph:
                self.graph.remember(entry, key, None, reason)  # whole, as the key says
        if reason is None and self.profiler is not None:
            try:
                self.profiler.on_launch(queue, entry, args, launch)
            except Exception as exc:  # profiling must not break the program
                self.warn_once(f"profile:{entry.key}", f"could not profile {entry.name}: {exc}")
            reason = "profiling run: launches run whole"
        if mode.defers_to_graph:
            if reason is None and entry.analysis is not None:
                if key is not None:  # its next launch skips what led here
                    self.graph.remember(entry, key, launch)
                if not self.graph.runs_at_once(entry, launch):
                    return self.graph.defer(queue, entry, args, launch, kernel)
                reason = self.graph.at_once_reason
            self.flush_graph()  # a kernel the graph cannot hold orders everything before it
        plan, keep, note, span = None, True, None, None
        if reason is None:
            d = self.decider.decide(entry, launch, s, queue.context, args)
            plan, reason, keep, note, span = d.shares, d.reason, d.keep, d.note, d.span
            if key is not None:
                # kept per launch shape, for the guard rail and the run log
                entry.decisions[("alone",) + key] = d.alone
                entry.decisions[("plan",) + key] = d.plan
        # wholly on home (home timed): the program's own kernel runs, nothing is built
        alone = plan is not None and {k for k, v in plan.items() if v} == {self.home.label}
        if key is not None and not mode.defers_to_graph and keep:
            # decisions are re-made now and then so measured speeds can move them
            prev = entry.decisions.get(key)
            if span is None:
                same = prev is not None and prev[1] == plan and prev[2] == reason
                span = (min(prev[4] * 2, s.tuning.max_reuse) if same
                        else s.tuning.decision_reuse)
            churn.keep(entry.decisions, entry.churn, key, [launch, plan, reason, span, span],
                       reason is not None or plan is None or alone, entry.launches,
                       s.tuning.churn_after, s.tuning.churn_every)
        if reason is None and plan is not None and not alone:
            reason = self.home_build_reason(entry, queue)
        if reason is not None or plan is None:
            return running.run_whole(self, queue, kernel, entry, args, gsize, lsize, offset,
                                     wait_for, g_times_l, allow_empty,
                                     reason or "single device chosen")
        return running.run_split(self, queue, entry, args, launch, plan, wait_for, s, key, note,
                                 kernel if alone else None)

    # -- what graph mode and the shim ask of the runtime's rooms ------------------
    # links (see :class:`LinkBook`): the home device's own, and ``dev``'s (h2d, d2h)
    # bytes/s as the decisions take them
    def home_link(self) -> tuple[float, float]:
        return self.links.home_link()

    def link(self, dev: PhysicalDevice) -> tuple[float, float]:
        return self.links.link(dev)

    # the run log (see :class:`Recorder`)
    @property
    def records(self) -> list[LaunchRecord]:
        """Every launch recorded so far, in launch order."""
        return self.recorder.records

    @property
    def seq(self) -> int:
        """The last launch's sequence number (taken under the recorder's ``seq_lock``)."""
        return self.recorder.seq

    def keep_record(self, rec: LaunchRecord) -> None:
        """Keep a split launch's (or a graph node's) full record."""
        self.recorder.keep_record(rec)

    def last_record(self, after: int) -> LaunchRecord | None:
        """The latest launch recorded after sequence number ``after``, or None."""
        return self.recorder.last_record(after)

    # the decisions (see :class:`Decider`)
    def _curve(self, entry: KernelEntry, launch: Launch, dev: PhysicalDevice
               ) -> Callable[[np.ndarray], np.ndarray] | None:
        """Seconds for so many work-groups of ``launch`` on ``dev`` (None: unknown)."""
        return self.decider.curve(entry, launch, dev)

    def learn(self, entry: KernelEntry, launch: Launch, rec: LaunchRecord) -> None:
        """Fold a launch's measured sub-kernel times into the estimates."""
        self.decider.learn(entry, launch, rec)

    # -- at exit ------------------------------------------------------------------
    def close(self) -> None:
        """At exit: finish what runs in the background, then write what was learnt."""
        self.background.stop()
        self.flush()

    def forked(self) -> bool:
        """A child forked after the drivers started (their threads stayed behind)."""
        return os.getpid() != self.pid

    def flush(self, keep_empty: bool = False) -> None:
        """Write this run's launch records to the store (at exit, or on demand);
        ``keep_empty``: the run is logged even with none (``skmd run``'s program, which
        ``skmd explain`` then tells had no kernel launches)."""
        if self.forked():
            return
        try:
            self.flush_graph()
        except Exception as exc:
            self.warn_once("flush-graph", f"deferred kernels failed at exit ({exc})")
        try:  # the next run starts from what this one measured
            knowledge.save(self)
        except Exception as exc:
            self.warn_once("flush-speeds", f"could not store the speeds learned ({exc})")
        rows = self.recorder.log_rows() if self.settings.log and self.store is not None else None
        if not rows and not (keep_empty and rows is not None):
            return
        try:
            self.store.run_log.add_run(self.run_id, self.argv)
            self.store.run_log.extend_rows(rows)
            self.store.run_log.keep_newest(self.settings.tuning.log_keep_runs)
        except Exception as exc:
            self.warn_once("flush", f"could not write the run log ({exc})")


_runtime: Runtime | None = None
_runtime_lock = threading.Lock()


def _open_registry(store: Any, online: bool) -> Any:
    from skmd.predict.registry import ModelRegistry
    return ModelRegistry(store, online=online)


def start(settings: config.Settings) -> Runtime:
    """The process's runtime, made with ``settings`` if there is none yet, else
    handed them (what an entry point calls)."""
    global _runtime
    with _runtime_lock:
        if _runtime is None:
            _runtime = Runtime(settings)
        elif _runtime.settings is not settings:
            _runtime.use_settings(settings)
    return _runtime


def current() -> Runtime | None:
    """The process's runtime, or None before an entry point started one."""
    return _runtime


def use_settings(settings: config.Settings) -> None:
    """Hand new settings to the runtime, if there is one (subscribed to
    :func:`skmd.config.override` by :func:`skmd.install`)."""
    rt = _runtime
    if rt is not None:
        rt.use_settings(settings)


def get_runtime() -> Runtime:
    """The process's runtime, which an entry point started (:func:`start`)."""
    rt = _runtime
    if rt is None:
        raise cl.RuntimeError("skmd: no runtime: skmd.install() starts it")
    return rt


def reset_runtime() -> None:
    """Drop the runtime (tests, or after ``SKMD_DEVICES`` changed)."""
    global _runtime
    if _runtime is not None:
        _runtime.close()
        _runtime.pool.shutdown(wait=True)
    _runtime = None
    mirror_pool.clear()
