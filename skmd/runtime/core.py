"""The runtime: one per process, behind the virtual device.

It owns the physical devices, the home device's helper queues, the online speed
estimates, the profile store and the run log, and it decides for every kernel
launch on the home device whether to run it whole (asynchronously, as pyopencl
would) or split (synchronously, through :mod:`skmd.runtime.executor`).
"""
from __future__ import annotations

import atexit
import math
import sys
import threading
import time
import uuid
import warnings
from dataclasses import replace
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

import numpy as np
import pyopencl as cl

from skmd import config, decide
from skmd import partition  # noqa: F401 - the decisions' models, patched by tests here
from skmd.decide import policy
from skmd.decide import Decision
from skmd.report.records import LaunchRecord, settle_records, whole_record
from skmd.runtime import buffers as bufmod
from skmd.runtime import faults, raw
from skmd.runtime.background import Background
from skmd.runtime.devices import PhysicalDevice, choose_home, discover, select
from skmd.runtime.executor import Share, SplitRun
from skmd.runtime.kernels import ArgValue, KernelEntry, args_of
from skmd.runtime import launches, planner, verify
from skmd.transform import Launch

#: launches recorded in full per run; later ones are only counted
MAX_RECORDS = 100_000
#: how many launches reuse one decision before it is made again with newer estimates
DECISION_REUSE = 32
#: a split must not be measured slower than this times the best single device's prediction
GAIN_MARGIN = 1.05
#: a decision that keeps coming out the same is re-made less and less often
MAX_REUSE = 4096
#: launches that reuse a decision made while builds or set-up were under way
WAIT_REUSE = 16


class Runtime:
    """Everything skmd holds for one process."""

    def __init__(self, settings: config.Settings | None = None) -> None:
        s = settings or config.get()
        faults.parse(s.faults)  # a malformed SKMD_FAULTS fails here, not mid-launch
        everything, self.left_out = discover()
        if not everything:
            why = "".join(f"; {x.message()}" for x in self.left_out)
            raise cl.RuntimeError(f"skmd: no usable OpenCL device on any platform{why}")
        for x in self.left_out:  # a Runtime is made once a process: these show once
            warnings.warn(f"skmd: {x.message()}", RuntimeWarning, stacklevel=2)
        self.devices: list[PhysicalDevice] = select(everything, s.devices)
        self.home: PhysicalDevice = choose_home(self.devices, s.home)
        # home first: its rows need no transfer, and ranges are laid out in this order
        self.by_label = {d.label: d for d in self.devices}
        self.order = [self.home] + [d for d in self.devices if d is not self.home]
        self.t0 = time.perf_counter()
        self.run_id = time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        self.pool = ThreadPoolExecutor(max_workers=4 * max(1, len(self.devices)),
                                       thread_name_prefix="skmd-dev")
        self.estimates = planner.Estimates()
        #: helpers' link speeds as their transfers measured them in place
        self.link_rates = planner.LinkEstimates()
        self._records: list[LaunchRecord] = []
        #: cheap tuples for launches that ran whole, turned into records when read
        self._light: list[tuple] = []
        self.log = config.get().log
        self.unrecorded = 0
        self.seq = 0
        self.split_lock = threading.RLock()
        self.seq_lock = threading.Lock()
        #: measured cost of a split beyond its devices' own work (EWMA, seconds)
        self.split_overhead_s = 300e-6
        #: (kernel, device) pairs that ran a split share: the first one pays one-time
        #: costs (the partition-ready build, device buffers), not a split's overhead
        self._shared_before: set[tuple[str, str]] = set()
        self._graph: Any = None
        self._home_queues: dict[int, cl.CommandQueue] = {}
        self._copy_queues: dict[int, cl.CommandQueue] = {}
        self._links: dict[str, tuple[float, float]] = {}
        self._store: Any = None
        self._store_failed = False
        self._registry: Any = None
        self._warned: set[str] = set()
        from skmd.runtime import staging
        staging.set_pool(staging.StagingPool(self.home.context, self.home.queue))
        self.argv = list(sys.argv)
        self.profiler: Any = None
        #: (kernel, device, why) for every device failure handled so far
        self.failures: list[tuple[str, str, str]] = []
        self.verify_mismatches: list[str] = []
        #: set-up and partition-ready builds, off the launch path unless SKMD_BACKGROUND=0
        self.background = Background(self, lazy=s.background)
        #: SKMD_REMEMBER: speeds learned online are stored and seed the next run
        self.remember = s.remember
        atexit.register(self.close)
        self.background.start()

    # -- small services ---------------------------------------------------------
    def warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            warnings.warn(f"skmd: {message}", RuntimeWarning, stacklevel=3)

    def _queue_in(self, cache: dict[int, cl.CommandQueue], ctx: cl.Context,
                  properties: int = 0) -> cl.CommandQueue:
        q = cache.get(ctx.int_ptr)
        if q is None:
            q = cache[ctx.int_ptr] = cl.CommandQueue(ctx, self.home.device,
                                                     properties=properties)
        return q

    def home_queue(self, ctx: cl.Context) -> cl.CommandQueue:
        """skmd's own profiling queue on the home device, in the application's context."""
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
                from skmd.predict.store import ProfileStore
                self._store = ProfileStore()
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
        """Import the models (scikit-learn: a second or more) and open them on the store."""
        if self._registry is None and self.store is not None:
            try:
                from skmd.predict.registry import ModelRegistry
                self._registry = ModelRegistry(self.store)
            except Exception as exc:
                self.warn_once("registry", f"performance models unavailable ({exc})")
                self._registry = False

    def load_speeds(self) -> None:
        """Seed the estimates with the speeds earlier runs learned on these devices."""
        store = self.store
        if store is None or not self.remember:
            return
        labels: dict[str, list[str]] = {}
        for d in self.devices:
            labels.setdefault(d.fingerprint, []).append(d.label)
        for key, fp, per_unit, overhead, samples in store.speeds(labels):
            for label in labels.get(fp, ()):
                self.estimates.seed(key, label, planner.Rate(per_unit, overhead, samples))

    def save_speeds(self) -> None:
        """Write what this run learned (and what it was seeded with) to the store."""
        store = self.store
        if store is None or not self.remember:
            return
        rows = {(key, self.by_label[label].fingerprint): (r.per_unit, r.overhead, r.samples)
                for (key, label), r in self.estimates.snapshot() if label in self.by_label}
        store.put_speeds((k, fp, *v) for (k, fp), v in rows.items())

    def clone(self, entry: KernelEntry, dev: PhysicalDevice, ctx: cl.Context) -> cl.Kernel:
        """The partition-ready kernel of ``entry`` built for ``dev`` in ``ctx``."""
        key = f"{dev.label}@{ctx.int_ptr}"
        k = entry.clones.get(key)
        if k is None:
            with entry.lock:
                k = entry.clones.get(key)
                if k is None:
                    faults.maybe_fail(dev.label, "build")
                    prg = cl._cl._Program(ctx, entry.partition_source)
                    prg.build(entry.options.encode(), [dev.device])
                    k = cl.Kernel(prg, entry.name)
                    entry.clones[key] = k
        return k

    @property
    def graph(self) -> Any:
        """The deferred-kernel batch of graph mode (made on first use)."""
        if self._graph is None:
            from skmd.runtime.graph_mode import GraphBatch
            self._graph = GraphBatch(self)
        return self._graph

    def flush_graph(self) -> None:
        """Run deferred kernels now: the program is about to observe their results."""
        g = self._graph
        if g is not None and g.pending:
            g.flush()

    def start_profiling(self) -> None:
        from skmd.runtime.profiler import Profiler
        self.make_registry()
        # a profiling run measures every launch: nothing may wait for a thread
        self.background.settle()
        self.background.lazy = False
        self.profiler = Profiler(self)
        if self.store is not None:  # profiles name devices by fingerprint: say which
            for d in self.devices:
                self.store.put_device(d.fingerprint, d.label, d.name, d.platform_name,
                                      d.kind, d.compute_units, d.global_mem)

    def finish_profiling(self) -> None:
        if self.profiler is not None:
            self.profiler.finish()
            self.profiler = None

    def sample(self, entry: KernelEntry, launch: Launch, groups: int) -> Any:
        from skmd.predict.features import Sample
        return Sample(groups_enabled=groups, total_groups=launch.total_groups,
                      global_size=launch.global_size, local_size=launch.local_size,
                      scalars={int(k): float(v) for k, v in launch.scalars.items()},
                      buffer_bytes={int(k): int(v) for k, v in launch.buffer_sizes.items()},
                      cost=float(entry.analysis.cost(launch)))

    def home_link(self) -> tuple[float, float]:
        """The home device's own measured host link (its data passes it to reach helpers)."""
        hit = self._links.get("home:" + self.home.label)
        if hit is None:
            from skmd.runtime import links
            hit = links.link_speed(self, self.home)
            self._links["home:" + self.home.label] = hit
        return hit

    # -- links -----------------------------------------------------------------
    def link(self, dev: PhysicalDevice) -> tuple[float, float]:
        """Measured host->device and device->host bytes/s (inf for the home device).

        The probe's figures, or (``SKMD_LEARN_LINKS``, on by default) what this
        process's transfers to and from ``dev`` measured where there are enough.
        """
        if dev is self.home:
            return (math.inf, math.inf)
        probe = self.probed_link(dev)
        if not config.get().learn_links:
            return probe
        return self.link_rates.correct(dev.label, probe)

    def probed_link(self, dev: PhysicalDevice) -> tuple[float, float]:
        """The link probe's (h2d, d2h) bytes/s for ``dev``, measured once per machine."""
        hit = self._links.get(dev.label)
        if hit is None:
            from skmd.runtime import links
            hit = links.link_speed(self, dev)
            self._links[dev.label] = hit
        return hit

    def link_note(self) -> str | None:
        """Which helpers' links the models take as measured in place, against the probe."""
        if not config.get().learn_links:
            return None
        told = []
        for dev in self.order[1:]:
            probe = self.probed_link(dev)
            got = self.link(dev)
            if got != probe:
                told.append(f"{dev.label} {got[0] / 1e9:.1f}/{got[1] / 1e9:.1f} GB/s "
                            f"(probe {probe[0] / 1e9:.1f}/{probe[1] / 1e9:.1f})")
        return "links in place, h2d/d2h: " + ", ".join(told) if told else None

    # -- the launch hook -------------------------------------------------------
    def on_launch(self, queue: cl.CommandQueue, kernel: cl.Kernel, gsize: Any, lsize: Any,
                  offset: Any, wait_for: Any, g_times_l: bool, allow_empty: bool) -> cl.Event:
        entry = self.background.entry(kernel)
        args = args_of(kernel)
        s = config.get()
        if entry.reason is None and self.profiler is None:
            key = launches.signature(args, gsize, lsize, offset, g_times_l, s)
            hit = entry.decisions.get(key)
            if hit is not None and hit[3] > 0:
                launch, shares, reason, uses, span = hit
                entry.decisions[key] = (launch, shares, reason, uses - 1, span)
                if reason is not None:
                    return self._whole(queue, kernel, entry, args, gsize, lsize, offset,
                                       wait_for, g_times_l, allow_empty, reason)
                if s.mode not in ("mkmd", "coarse"):
                    return self._split(queue, entry, args, launch, shares, wait_for, s, key)
        else:
            key = None
        reason = entry.reason
        if reason is None and s.mode == "inorder":
            reason = "in-order mode"
        if reason is None and offset is not None and any(int(o) for o in offset):
            reason = "launch has a global offset"
        if reason is None and wait_for and any(
                e.command_execution_status != cl.command_execution_status.COMPLETE
                for e in wait_for):
            # a split waits on the host; a user event set later would deadlock it
            reason = "waits on events not complete yet (runs whole, in queue order)"
        launch = None
        if reason is None:
            launch, reason = launches.launch_of(entry, args, gsize, lsize, g_times_l)
        if reason is None and self.profiler is not None:
            try:
                self.profiler.on_launch(queue, entry, args, launch)
            except Exception as exc:  # profiling must not break the program
                self.warn_once(f"profile:{entry.key}", f"could not profile {entry.name}: {exc}")
            reason = "profiling run: launches run whole"
        if s.mode in ("mkmd", "coarse"):
            if reason is None and entry.analysis is not None:
                if not self.graph.runs_at_once(entry, launch):
                    return self.graph.defer(queue, entry, args, launch, kernel)
                reason = ("its graph batches ran whole on the home device in program "
                          "order: launched at once")
            self.flush_graph()  # a kernel the graph cannot hold orders everything before it
        plan = None
        keep = True
        note = None
        span = None
        if reason is None:
            d = self._decide(entry, launch, s, queue.context)
            plan, reason, keep, note, span = d.shares, d.reason, d.keep, d.note, d.span
            if key is not None:
                # kept per launch shape, for the guard rail and the run log
                entry.decisions[("alone",) + key] = d.alone
                entry.decisions[("plan",) + key] = d.plan
        if key is not None and s.mode not in ("mkmd", "coarse") and keep:
            # decisions are re-made now and then so measured speeds can move them
            prev = entry.decisions.get(key)
            if span is None:
                same = prev is not None and prev[1] == plan and prev[2] == reason
                span = min(prev[4] * 2, MAX_REUSE) if same else DECISION_REUSE
            entry.decisions[key] = (launch, plan, reason, span, span)
        if reason is None and plan is not None:
            try:
                self.clone(entry, self.home, queue.context)
            except Exception as exc:  # never a wrong answer: the original kernel, whole
                entry.reason = reason = ("partition-ready kernel failed to build on "
                                         f"{self.home.label}: {faults.first_line(exc)}")
        if reason is not None or plan is None:
            return self._whole(queue, kernel, entry, args, gsize, lsize, offset, wait_for,
                               g_times_l, allow_empty, reason or "single device chosen")
        return self._split(queue, entry, args, launch, plan, wait_for, s, key, note)

    def _curve(self, entry: KernelEntry, launch: Launch, dev: PhysicalDevice
               ) -> Callable[[np.ndarray], np.ndarray] | None:
        reg = self.registry
        if reg is not None:
            try:
                curve = reg.run_time(entry.key, dev.fingerprint,
                                     self.sample(entry, launch, launch.total_groups))
            except Exception:
                curve = None
            if curve is not None:
                return curve
        rate = self.estimates.get(entry.key, dev.label)
        if rate is None or rate.samples == 0:
            return None
        return planner.rate_curve(rate, entry.analysis.cost(launch))

    def usable(self, entry: KernelEntry, launch: Launch) -> list[PhysicalDevice]:
        """Devices that may take a share: not failed for this kernel, data fits."""
        need = sum(launch.buffer_sizes.values())
        biggest = max(launch.buffer_sizes.values(), default=0)
        out = []
        for d in self.order:
            if d is not self.home:
                if d.label in entry.excluded:
                    continue
                if biggest > d.max_alloc or need > 0.9 * d.global_mem:
                    continue
            out.append(d)
        return out

    def _decide(self, entry: KernelEntry, launch: Launch, s: config.Settings,
                ctx: cl.Context) -> Decision:
        order = self.usable(entry, launch)
        total = launch.total_groups
        if len(order) < 2:
            return Decision(reason="only one device" if len(self.devices) < 2 else
                            "no other device can take a share (failed or too small)")
        bg = self.background
        # a helper takes a share only once its program is built and, for the models,
        # its links and prior are known: a launch never waits for either (every
        # build is started at once)
        model = s.policy not in ("even", "static")
        waiting = [d.label for d in order[1:]
                   if not bg.clone_ready(entry, d, d.context)
                   or (model and bg.lazy and not bg.ready.is_set())]
        if not bg.clone_ready(entry, self.home, ctx):
            return Decision(reason="partition-ready program building (off the launch "
                                   "path): whole meanwhile", span=WAIT_REUSE)
        if waiting:
            order = [d for d in order if d.label not in waiting]
        labels = [d.label for d in order]
        if len(order) < 2 and not model:
            return Decision(reason="helpers' programs building: whole meanwhile",
                            span=WAIT_REUSE)
        span = WAIT_REUSE if waiting else None
        if s.policy == "even":
            return policy.even(total, labels, span)
        if s.policy == "static":
            return policy.static(total, labels, s.static_fractions, self.home.label, span)
        d = self._model_decision(entry, launch, s, order)
        if waiting:
            d.span = span
            if d.shares is None and d.reason is not None and len(order) < 2:
                d.reason = "helpers not ready (set-up or program build under way): whole"
        return d

    def _model_decision(self, entry: KernelEntry, launch: Launch, s: config.Settings,
                        order: list[PhysicalDevice]) -> Decision:
        """hill / linear / single: the partition models, with calibration for helpers
        whose speed on this kernel is unknown (sized by their priors)."""
        total = launch.total_groups
        home = self.home.label
        try:
            home_curve = self._curve(entry, launch, self.home)
            if home_curve is not None and len(order) > 1:
                order, bound = self._hopeful(entry, launch, order, s,
                                             float(home_curve(np.array([total]))[0]))
                if bound is not None:  # stable for this shape: kept like any decision
                    return Decision(reason=bound)
            problem, unknown = planner.build_problem(
                entry, launch, order, self.home,
                lambda d: self._curve(entry, launch, d), self.link,
                home_link=self.home_link() if len(order) > 1 else None)
        except Exception as exc:
            return Decision(reason=f"cost model failed: {exc}")
        if problem is None:
            if s.policy != "single":
                entry.undecided += 1
            first = policy.unmeasured(total, home, unknown, entry.undecided, s.policy)
            return first or self._calibration(entry, launch, order, unknown, home_curve)
        if len(order) < 2:
            return Decision(reason="no helper can pay or take a share yet")
        problem = replace(problem, launch_overhead_s=self.split_overhead_s)
        return policy.modelled(problem, s.policy, s.min_split_us, home)

    def _helper_links(self, order: list[PhysicalDevice]) -> dict[str, tuple[float, float]]:
        """Each helper's effective link (through the home device's own)."""
        home = self.home_link()
        return {d.label: decide.via_home(self.link(d), home) for d in order
                if d is not self.home}

    def _hopeful(self, entry: KernelEntry, launch: Launch, order: list[PhysicalDevice],
                 s: config.Settings, t_home: float
                 ) -> tuple[list[PhysicalDevice], str | None]:
        """``order`` without the unmeasured helpers whose priors say they cannot pay here
        (they are not calibrated, and the models plan without them), or why no helper
        could pay even infinitely fast (the transfers bound it)."""
        unknown = [d for d in order[1:] if self._curve(entry, launch, d) is None]
        if not unknown or s.policy == "single":
            return order, None
        links = self._helper_links(order)
        bytes_ = planner.launch_bytes(entry, launch)
        bound = decide.transfer_bound(t_home, launch.total_groups, bytes_,
                                      list(links.values()), GAIN_MARGIN)
        if bound is not None:
            return order, bound
        hopeless = set()
        for d in unknown:
            speed = self._prior_speed(d.label)
            if speed is None or decide.never_pays(t_home, launch.total_groups, bytes_,
                                                  links[d.label], speed, GAIN_MARGIN):
                hopeless.add(d.label)
        return [d for d in order if d.label not in hopeless], None

    def _prior_speed(self, label: str) -> float | None:
        """A helper's speed prior as a multiple of the home device's (None: unknown)."""
        hp = self.background.priors
        return decide.helper_speed(hp.get(self.home.label), hp.get(label))

    def _calibration(self, entry: KernelEntry, launch: Launch, order: list[PhysicalDevice],
                     unknown: list[str], home_curve: Callable) -> Decision:
        """Slices that measure the unknown helpers, each sized by its prior to finish
        within the home device's share; none when no slice fits."""
        total = launch.total_groups
        t_home = float(home_curve(np.array([total]))[0])
        bytes_ = planner.launch_bytes(entry, launch)
        links = self._helper_links(order)
        speeds = {lb: self._prior_speed(lb) for lb in unknown}
        slices, dropped = decide.calibration_plan(
            total, t_home, bytes_, {lb: (speeds[lb], links[lb]) for lb in unknown},
            GAIN_MARGIN)
        if not slices:
            why = "; ".join(f"{lb}: {w}" for lb, w in dropped.items())
            return Decision(reason=f"helpers not calibrated ({why}): whole")
        shares = {d.label: slices.get(d.label, 0) for d in order}
        shares[self.home.label] = total - sum(slices.values())
        return Decision(shares, keep=False,
                        note=decide.slice_note(slices, speeds))  # type: ignore[arg-type]

    # -- executing ---------------------------------------------------------------
    def _whole(self, queue: cl.CommandQueue, kernel: cl.Kernel, entry: KernelEntry,
               args: dict[int, ArgValue], gsize: Any, lsize: Any, offset: Any,
               wait_for: Any, g_times_l: bool, allow_empty: bool, reason: str) -> cl.Event:
        if bufmod._stale:
            hq = None
            for _, b in entry.buffer_args(args):
                root = bufmod.root_of(b)
                st = bufmod.state_of(root)
                if not st.home_valid:
                    hq = hq or self.home_queue(queue.context)
                    st.sync_home(root, hq)
        t_call = time.perf_counter()
        evt = raw.enqueue_nd_range_kernel(queue, kernel, gsize, lsize, offset, wait_for,
                                          g_times_l, allow_empty)
        for b in entry.written_buffers(args):
            bufmod.note_written(b)
        self.note_whole(entry, gsize, lsize, reason, evt, t_call, queue)
        return evt

    def note_whole(self, entry: KernelEntry, gsize: Any, lsize: Any, reason: str,
                   evt: Any = None, t_call: float | None = None, queue: Any = None) -> None:
        """Record a launch that ran whole on the home device (cheaply: a tuple).

        ``t_call`` is when the call began (``perf_counter``); the event of a
        profiling ``queue`` is kept as it is and its profiling info read only when
        the records are (a launch must not wait on its own kernel); other events
        are not kept (about 1 KiB each in the driver, and they tell nothing).
        """
        if self.log:
            t_end = time.perf_counter()
            if evt is not None and not _profiles(queue):
                evt = None
            with self.seq_lock:
                self.seq += 1
                if len(self._light) + len(self._records) < MAX_RECORDS:
                    c = config.get()
                    self._light.append((self.seq, entry.key, gsize, lsize, reason,
                                        c.policy, c.mode, evt,
                                        t_end if t_call is None else t_call, t_end))
                else:
                    self.unrecorded += 1

    @property
    def records(self) -> list[LaunchRecord]:
        """Every launch recorded so far, in launch order."""
        if self._light:
            with self.seq_lock:
                light, self._light = self._light, []
            self._records.extend(self._from_light(t) for t in light)
            self._records.sort(key=lambda r: r.seq)
        return self._records

    def _from_light(self, t: tuple) -> LaunchRecord:
        seq, key, gsize, lsize, reason, pol, mode, evt, t_call, t_end = t
        program, _, name = key.rpartition(":")
        return whole_record(
            LaunchRecord(run_id=self.run_id, seq=seq, kernel=name, program=program[:8],
                         total_groups=0, global_size=tuple(int(x) for x in gsize),
                         local_size=None if lsize is None else tuple(int(x) for x in lsize),
                         policy=pol, mode=mode, shares={self.home.label: 0}, reason=reason),
            evt, t_call - self.t0, t_end - self.t0)

    def last_record(self, after: int) -> LaunchRecord | None:
        """The latest launch recorded after sequence number ``after``, as a full
        record (one that takes notes), or None; without sorting every record, as
        :attr:`records` does, since graph batches ask for it every time."""
        with self.seq_lock:
            full = self._records[-1] if self._records else None
            light = self._light[-1] if self._light else None
            if light is not None and light[0] > after and (full is None
                                                           or light[0] > full.seq):
                full = self._from_light(self._light.pop())
                self._records.append(full)
        return full if full is not None and full.seq > after else None

    @records.setter
    def records(self, value: list[LaunchRecord]) -> None:
        self._records = list(value)
        self._light = []

    def _split(self, queue: cl.CommandQueue, entry: KernelEntry, args: dict[int, ArgValue],
               launch: Launch, shares: dict[str, int], wait_for: Any,
               s: config.Settings, key: tuple | None = None,
               note: str | None = None) -> cl.Event:
        t_start = time.perf_counter()
        if wait_for:
            raw.wait_for_events(list(wait_for))
        raw.queue_finish(queue)
        with self.seq_lock:
            self.seq += 1
            seq = self.seq
        rec = LaunchRecord(run_id=self.run_id, seq=seq, kernel=entry.name,
                           program=entry.key.rpartition(":")[0][:8],
                           start_s=t_start - self.t0, total_groups=launch.total_groups,
                           global_size=launch.global_size, local_size=launch.local_size,
                           policy=s.policy, mode=s.mode)
        plan = entry.decisions.get(("plan",) + key) if key is not None else None
        alone = entry.decisions.get(("alone",) + key) if key is not None else None
        if alone:
            rec.fastest_single_s, rec.fastest_single = alone
        if plan is not None:
            rec.predicted = {k: v for k, v in plan.predicted.items() if shares.get(k)}
            links_used = self.link_note()
            if links_used:
                rec.notes.append(links_used)
        ranges = planner.to_ranges(shares, self.order)
        rec.reason = note
        with self.split_lock:
            run = SplitRun(self, queue, entry, args, launch,
                           [Share(d, a, b) for d, a, b in ranges], rec)
            check = verify.prepare(self, queue, entry, args, launch) if s.verify else None
            run.run()
            if check is not None:
                verify.check(self, queue, entry, rec, check)
        rec.wall_s = time.perf_counter() - t_start
        self._learn_overhead(rec)
        self.learn(entry, launch, rec)
        self._check_gain(entry, key, launch, rec, s)
        self.keep_record(rec)
        # the home device's sub-kernel: a real kernel event (profiling info covers
        # the home share); a marker when home ran no rows
        return run.home_event if run.home_event is not None else raw.enqueue_marker(queue)

    def _check_gain(self, entry: KernelEntry, key: tuple | None, launch: Launch,
                    rec: LaunchRecord, s: config.Settings) -> None:
        """Guard rail: a split measured slower than the predicted single device stops.

        The cost model can underestimate what a split really costs (transfers,
        allocations, synchronisation); when the measured split is slower than the
        model's own figure for the best device alone, the launch runs whole until
        the decision is next re-made.
        """
        if key is None or s.policy not in ("hill", "linear"):
            return
        alone = (entry.decisions.get(("alone",) + key) or (None, None))[0]
        if not alone or rec.wall_s <= GAIN_MARGIN * alone:
            return
        why = (f"split measured {rec.wall_s * 1e3:.2f} ms > {alone * 1e3:.2f} ms predicted "
               "for the best device alone")
        rec.notes.append(why + "; running whole from now on")
        entry.decisions[key] = (launch, None, why, MAX_REUSE, MAX_REUSE)

    def _learn_overhead(self, rec: LaunchRecord) -> None:
        """What a split costs beyond the busiest device's transfers and run, per extra device."""
        used = [lb for lb, g in rec.shares.items() if g]
        if len(used) < 2:
            return
        first = [lb for lb in used if (rec.kernel, lb) not in self._shared_before]
        self._shared_before.update((rec.kernel, lb) for lb in used)
        if first:
            return
        busy = {lb: 0.0 for lb in used}
        for p in rec.pieces:
            if p.device in busy and p.kind in ("h2d", "d2h", "kernel"):
                busy[p.device] += p.end - p.start
        extra = max(rec.wall_s - max(busy.values()) - rec.merge_s, 0.0) / (len(used) - 1)
        # one stall (a page fault storm, another process) must not stop all splitting:
        # a sample moves the estimate at most to a few times what it was
        extra = min(extra, 4.0 * self.split_overhead_s + 1e-3)
        self.split_overhead_s = 0.7 * self.split_overhead_s + 0.3 * extra

    def learn(self, entry: KernelEntry, launch: Launch, rec: LaunchRecord) -> None:
        """Fold a split launch's measured sub-kernel times into the estimates."""
        cost_f = float(entry.analysis.cost(launch))
        reg = self.registry
        for label, secs in rec.measured.items():
            groups = rec.shares.get(label, 0)
            self.estimates.observe(entry.key, label, secs, groups * max(cost_f, 1e-12))
            if reg is not None:
                try:
                    reg.observe(entry.key, self.by_label[label].fingerprint,
                                self.sample(entry, launch, groups), secs)
                except Exception:
                    pass

    def keep_record(self, rec: LaunchRecord) -> None:
        if not self.log:
            return
        with self.seq_lock:
            if len(self._records) + len(self._light) < MAX_RECORDS:
                self._records.append(rec)
            else:
                self.unrecorded += 1

    # -- the run log ------------------------------------------------------------
    def close(self) -> None:
        """At exit: finish what runs in the background, then write what was learnt."""
        self.background.stop()
        self.flush()

    def flush(self) -> None:
        """Write this run's launch records to the store (at exit, or on demand)."""
        try:
            self.flush_graph()
        except Exception as exc:
            self.warn_once("flush-graph", f"deferred kernels failed at exit ({exc})")
        try:  # the next run starts from what this one measured
            self.save_speeds()
        except Exception as exc:
            self.warn_once("flush-speeds", f"could not store the speeds learned ({exc})")
        if not self.records or not config.get().log:
            return
        store = self.store
        if store is None:
            return
        settle_records(self.records)
        try:
            store.add_run(self.run_id, self.argv)
            for rec in self.records:
                store.add_launch(rec)
        except Exception as exc:
            self.warn_once("flush", f"could not write the run log ({exc})")
        self.records = []


#: queue handle -> whether it profiles (asked once per queue)
_queue_profiles: dict[int, bool] = {}


def _profiles(queue: Any) -> bool:
    if queue is None:
        return False
    hit = _queue_profiles.get(queue.int_ptr)
    if hit is None:
        hit = _queue_profiles[queue.int_ptr] = bool(
            queue.properties & cl.command_queue_properties.PROFILING_ENABLE)
    return hit


_runtime: Runtime | None = None
_runtime_lock = threading.Lock()


def get_runtime() -> Runtime:
    global _runtime
    if _runtime is None:
        with _runtime_lock:
            if _runtime is None:
                _runtime = Runtime()
    return _runtime


def reset_runtime() -> None:
    """Drop the runtime (tests, or after ``SKMD_DEVICES`` changed)."""
    global _runtime
    if _runtime is not None:
        _runtime.close()
        _runtime.pool.shutdown(wait=True)
    _runtime = None
    bufmod.clear_device_pool()
