"""What the runtime does off the launch path: device set-up and program builds.

A launch must never wait for skmd's own preparations.  Each kernel's analysis
(libclang loads with the first one not found on disk), the helpers' speed priors
and link probes (once a launch looks worth splitting), the
speeds earlier runs learned, the performance models' scikit-learn (imported
only where the store holds offline profiles) and every partition-ready program
build run in daemon threads started from :func:`skmd.install`; until a kernel
is analysed it runs whole, and until a device's build is done that device gets
no share (the launch runs whole on the home device, as plain pyopencl would).
At exit nothing more is begun, and only what is under way in an OpenCL driver
(a build, a prior's or a link's measurement) is waited for: a driver must not be
in the middle of a call when the process ends, while libclang's analyses and the
models' import are simply dropped with their daemon threads, so a short program
does not wait at exit for preparations it will never use.

With ``SKMD_BACKGROUND=0`` the same steps run when first needed, on the
calling thread, so decisions do not depend on a thread's timing (tests).
"""
from __future__ import annotations

import contextlib
import threading
import time
import weakref
from concurrent.futures import Future, wait
from typing import Any, Iterator

from skmd.decide import DevicePrior
from skmd.runtime import faults, pools, raw, shield, waited
from skmd.runtime.devices import PhysicalDevice
from skmd.runtime.kernels import (KernelEntry, entry_of, function_of, on_disk,
                                  per_program, program_ptr, program_source, stand_in)
from skmd.runtime.workers import Workers
from skmd.tuning import Tuning

#: threads for kernel analyses and partition-ready builds
WORKERS = 2
class Background:
    """Set-up state and pending builds of one runtime."""

    def __init__(self, rt: Any, lazy: bool, tuning: Tuning,
                 eager_devices: bool = False) -> None:
        self.rt = rt
        self.tuning = tuning
        #: True: set-up, analyses and builds in threads; False: on the calling thread
        self.lazy = lazy
        #: probe the helpers at start-up, not on the first launch worth splitting
        #: (graph mode schedules over every device from its first batch)
        self.eager_devices = eager_devices
        self.ready = threading.Event()
        #: the longest build of a helper's partition-ready program seen so far, seconds
        #: (a first build by a CPU device's compiler, until one is measured)
        self.build_s = tuning.first_build_s
        self.builds_timed = 0
        #: set once the helpers' speed priors and links are known (:meth:`want_devices`)
        self.devices_ready = threading.Event()
        self._devices_started: Future | None = None
        #: device label -> its speed prior (set-up fills it)
        self.priors: dict[str, DevicePrior] = {}
        self._lock = threading.Lock()
        self._pending: weakref.WeakKeyDictionary[KernelEntry, dict[str, Future]] = \
            weakref.WeakKeyDictionary()
        self._setup_done: Future | None = None
        #: set at exit: steps and builds not yet begun are skipped
        self.stopping = False
        self._analyses: list[Future] = []
        #: (source, options) of the programs analysed so far: a kernel object made
        #: later from one of them (pyopencl makes one per ``prg.name`` lookup) gets its
        #: entry at once, from the analysis already in memory
        self._analysed: set[tuple[str, str]] = set()
        #: jobs now inside an OpenCL driver (builds, measurements): waited for at exit
        self._in_driver = 0
        self._driver_idle = threading.Condition(self._lock)
        #: set-up on one thread, analyses and builds on others (so one build does
        #: not hold up the next kernel's analysis)
        self._setup_worker = Workers(1) if lazy else None
        self._workers = Workers(WORKERS) if lazy else None

    # -- set-up ----------------------------------------------------------------
    def start(self) -> None:
        """Set-up now without a thread or where graph mode probes the devices at once;
        otherwise with the first kernel analysis (:meth:`_ensure_setup`)."""
        if not self.lazy:
            self._setup()
        elif self.eager_devices:
            self._ensure_setup()

    def _ensure_setup(self) -> None:
        """Set-up (the profile store opened and what earlier runs learned read) begun,
        once: not at start, so a program none of whose kernels is analysed (all too
        short, or the run too short) shares its first second with none of it."""
        with self._lock:
            if self._setup_done is None and self._begins():
                self._setup_done = self._setup_worker.submit(self._setup)

    def _setup(self) -> None:
        try:
            # what the first decisions need first; the models' import (slowest) last
            # libclang loads with the first analysis the disk cache does not hold: a
            # program run again finds its kernels' analyses there and loads none of it
            self._step(self.rt.load_speeds)
            if self.eager_devices:  # a graph mode: its runtime, before its first upload
                self._step(self._graph_imports)
            if not self.lazy or self.eager_devices:
                self._devices()
            self.ready.set()
            self.rt.decider.readiness_changed()
            self._step(self._models)
        finally:
            self.ready.set()

    def _graph_imports(self) -> None:
        """Graph mode's runtime (networkx with it: 0.1-0.2 s), imported here rather
        than by the program's first staged upload or deferred launch."""
        from skmd.runtime import graph_mode  # noqa: F401

    def _split_imports(self) -> None:
        """What a kernel's first timed launch and every split run on, imported here
        rather than by that launch (5-10 ms on a GPU host's first timed launch), once
        a splittable kernel is analysed or a launch looks worth splitting."""
        if len(self.rt.devices) > 1:
            from skmd.runtime import executor, verify  # noqa: F401

    def want_devices(self) -> bool:
        """Whether the helpers' priors and links are known; if not, starts measuring
        them off the launch path (once).

        Called when a launch first looks long enough to split: a program whose
        kernels are all too short never compiles the probes on a helper (a first
        build on a CPU device takes up to a second) nor waits for them at exit.
        """
        if self.devices_ready.is_set():
            return True
        with self._lock:
            if self._devices_started is None and self._begins() and self.lazy:
                self._devices_started = self._setup_worker.submit(self._devices)
        return False

    def _devices(self) -> None:
        try:
            self._step(self._split_imports)
            if self.lazy:
                # probes on the home device use the program's context once it has one
                # (a second context on a GPU costs 0.1 s and holds up the program's
                # calls while the driver makes it); a launch makes sure it has
                self.rt.home.has_context.wait(self.tuning.home_context_wait_s)
            for step in (self._priors, self._links):
                self._step(step)
        finally:
            self.devices_ready.set()
            self.rt.decider.readiness_changed()

    def _step(self, step: Any) -> None:
        if self.stopping:
            return
        try:
            step()
        except Exception as exc:  # a set-up step failing costs only its figures
            self.rt.warn_once(f"setup:{step.__name__}",
                              f"device set-up step {step.__name__} failed ({exc})")

    def _models(self) -> None:
        """The performance models (scikit-learn: a second or more to import), only
        where the store holds offline profiles of these devices."""
        store = self.rt.store
        ours = {d.fingerprint for d in self.rt.devices}
        if store is not None and any(fp in ours for _, fp, _ in store.kernels()):
            self.rt.make_registry()

    def _priors(self) -> None:
        if len(self.rt.devices) < 2:
            return
        from skmd.runtime import priors
        for d in self.rt.order:
            with self.in_driver() as go:
                if go:
                    self.priors[d.label] = priors.prior_of(self.rt.store, d)

    def _links(self) -> None:
        if len(self.rt.devices) < 2:
            return
        with self.in_driver() as go:
            if go:
                self.rt.links.home_link()
        for d in self.rt.order[1:]:
            with self.in_driver() as go:
                if go:
                    self.rt.links.probed_link(d)

    # -- kernels -----------------------------------------------------------------
    def entry(self, kernel: Any) -> KernelEntry:
        """``kernel``'s entry; in lazy mode, until its analysis (libclang: tens of
        milliseconds or more) is done off the launch path, a stand-in that runs whole."""
        e = getattr(kernel, "_skmd_entry", None)
        if e is not None:
            return e
        if not self.lazy:
            return entry_of(kernel)
        stand = getattr(kernel, "_skmd_pending", None)
        # (whether its program was analysed meanwhile: asked again only once another
        # program's analysis ended, not at every launch of a stand-in)
        seen = len(self._analysed)
        if (stand is None or stand.known_at != seen) and self._known(kernel):
            return entry_of(kernel)
        if stand is None:
            # one stand-in, and one analysis, for every kernel object of a function
            stand = stand_in(function_of(kernel), lambda: self._stand_in(kernel))
            try:
                kernel._skmd_pending = stand
            except AttributeError:  # nowhere to keep it: analyse here, as without a thread
                return entry_of(kernel)
        stand.known_at = seen
        if stand.analyse_from is not None and time.perf_counter() >= stand.analyse_from:
            if not self._begins():  # at exit no analysis begins: whole, saying why
                stand.reason = pools.late_reason() or stand.reason
                return stand
            if stand.analyse_from and not stand.launches:  # (is it waited for? how long?)
                return stand
            limit = self.rt.decider.split_fixed_s(self.rt.settings)
            said = waited.verdict(stand, limit)
            if said == waited.UNSURE:  # looked at again at its next launch
                return stand
            if said == waited.SHORT:  # looked at again later
                stand.analyse_from = time.perf_counter() + self.tuning.analyse_after_s
                stand.reason = (f"its launches a finish() waited for ended within "
                                f"{limit * 1e3:.2g} ms, too short to split: not analysed")
                return stand
            with self._lock:
                if stand.analyse_from is None:  # another thread's launch started it
                    return stand
                stand.analyse_from = None
                stand.reason = ("kernel analysis under way (off the launch path): "
                                "whole meanwhile")
                self._analyses.append(self._workers.submit(self._analyse, kernel))
        return stand

    def _stand_in(self, kernel: Any) -> KernelEntry:
        name = kernel.function_name
        stand = KernelEntry(name=name, key=f"pending:{name}", source=None, options="",
                            analysis=None, partition_source=None,
                            reason="kernel analysis under way (off the launch path): "
                                   "whole meanwhile", num_args=kernel.num_args)
        if len(self.rt.devices) < 2:  # nothing to split it over: never analysed
            stand.reason = "only one device"
            return stand
        stand.analyse_from = self._analysis_start(kernel)
        if stand.analyse_from:
            stand.reason = (f"not analysed while the run is under "
                            f"{self.tuning.analyse_after_s:g} s old (a shorter one "
                            "never gains from a split): whole")
        return stand

    def _analysis_start(self, kernel: Any) -> float:
        """When ``kernel``'s analysis may start (``perf_counter``): at once where an
        earlier run left it on disk, where no launch is too short to split
        (``SKMD_MIN_SPLIT_US=0``) or where the run has lasted long enough already."""
        wait = self.tuning.analyse_after_s
        if wait <= 0 or self.rt.settings.min_split_us <= 0:
            return 0.0
        prg = program_ptr(kernel)
        # once per program (a kernel fetched anew each launch), kept with its record
        return per_program(prg, "analysis start",
                           lambda: 0.0 if on_disk(prg) else self.rt.t0 + wait)

    def _analyse(self, kernel: Any) -> None:
        """Analyse ``kernel``.  Its partition-ready builds are started by a later
        launch's decision, once the kernel has run long enough for a split to pay
        for them: a kernel too short to split (or launched once) builds nothing and
        keeps no driver busy beside the program, nor exit waiting for a build."""
        if self.stopping:
            return
        self._ensure_setup()
        if not on_disk(program_ptr(kernel)):  # a program run again loads no front end
            from skmd.transform import frontend
            frontend.preload()  # (the program's thread runs on while libclang loads)
        self.ready.wait(self.tuning.home_context_wait_s)  # its decisions need set-up's
        entry = entry_of(kernel)  # (an earlier run's speed on home: no timed launch)
        if (entry.splittable and len(self.rt.devices) > 1
                and self.rt.estimates.get(entry.key, self.rt.home.label) is None):
            self._split_imports()
            self._ready_home_queue(kernel)
        found = self._program_of(kernel)
        if found is not None:
            with self._lock:
                self._analysed.add(found)

    def _ready_home_queue(self, kernel: Any) -> None:
        """skmd's profiling queue on the home device, on which a splittable kernel's
        next launch is timed, made and used once here rather than by that launch
        (a new queue and its first command are the driver's own set-up)."""
        with self.in_driver() as go:
            if go:
                try:
                    q = self.rt.home_queue(kernel.context)
                    raw.enqueue_marker(q)
                    raw.queue_finish(q)
                except Exception:  # noqa: BLE001 - the launch makes it as before
                    pass

    @staticmethod
    def _program_of(kernel: Any) -> tuple[str, str] | None:
        """(source, options) of ``kernel``'s program, or None for a program skmd never
        saw built (analysed as usual)."""
        ptr = program_ptr(kernel)
        return None if ptr is None else program_source(ptr)

    def _known(self, kernel: Any) -> bool:
        """Whether ``kernel``'s program was analysed already (its entry is cheap now)."""
        if not self._analysed:
            return False
        found = self._program_of(kernel)
        return found is not None and found in self._analysed

    # -- builds ----------------------------------------------------------------
    def built(self, entry: KernelEntry, dev: PhysicalDevice, ctx: Any) -> bool:
        """Whether ``entry``'s partition-ready kernel for ``dev`` in ``ctx`` is built
        (inline mode: always, it is built when first run); starts nothing."""
        return not self.lazy or f"{dev.label}@{ctx.int_ptr}" in entry.clones

    def readiness(self, entry: KernelEntry, home: PhysicalDevice, ctx: Any,
                  helpers: list[PhysicalDevice], start: bool, model: bool
                  ) -> tuple[list[str], bool]:
        """What a decision asks, in one question: the helpers not ready to take a
        share (their partition-ready kernels not built, ``start``: their builds
        started; or, for the models, ``model``, set-up not done), and whether the
        home device's kernel in ``ctx`` is built (``start``: its build started when
        not; a GPU's compiler beside the program's own builds slows them down)."""
        built = [self.clone_ready(entry, d, d.context) if start
                 else self.built(entry, d, d.context) for d in helpers]
        known = True
        if model and self.lazy:  # the helpers' probes start with their builds
            known = self.ready.is_set() and (
                self.want_devices() if start else self.devices_ready.is_set())
        waiting = [d.label for d, ok in zip(helpers, built) if not (ok and known)]
        return waiting, (self.clone_ready(entry, home, ctx) if start
                         else self.built(entry, home, ctx))

    def clone_ready(self, entry: KernelEntry, dev: PhysicalDevice, ctx: Any) -> bool:
        """Whether ``entry``'s partition-ready kernel for ``dev`` in ``ctx`` is built;
        when not, its build is started in the pool (lazy mode: the launch goes on)."""
        if not self.lazy or f"{dev.label}@{ctx.int_ptr}" in entry.clones:
            return True
        key = f"{dev.label}@{ctx.int_ptr}"
        with self._lock:
            started = self._pending.setdefault(entry, {})
            if key not in started and self._begins():
                started[key] = self._workers.submit(self._build, entry, dev, ctx)
        return False

    def _build(self, entry: KernelEntry, dev: PhysicalDevice, ctx: Any) -> None:
        with self.in_driver() as go:
            if go:
                self._build_now(entry, dev, ctx)

    def _build_now(self, entry: KernelEntry, dev: PhysicalDevice, ctx: Any) -> None:
        try:
            t0 = time.perf_counter()
            self.rt.clone(entry, dev, ctx)
            if dev is not self.rt.home:
                took = time.perf_counter() - t0
                self.build_s = took if not self.builds_timed else max(self.build_s, took)
                self.builds_timed += 1
            self.rt.decider.readiness_changed(entry)
        except Exception as exc:  # never a wrong answer: the device takes no share
            why = faults.first_line(exc)
            if dev is self.rt.home:
                entry.reason = f"partition-ready kernel failed to build on {dev.label}: {why}"
            else:
                entry.excluded[dev.label] = why
                self.rt.failures.append((entry.name, dev.label, why))

    @contextlib.contextmanager
    def in_driver(self) -> Iterator[bool]:
        """Marks a job's OpenCL calls, which exit waits for; yields False (the job
        is skipped) once exit has begun."""
        with self._lock:
            go = not self.stopping
            if go:
                self._in_driver += 1
        try:
            yield go
        finally:
            if go:
                with self._lock:
                    self._in_driver -= 1
                    self._driver_idle.notify_all()

    def _begins(self) -> bool:
        """Whether a job may begin: not at exit, nor once the thread pools take no more
        work (the main thread has ended: launches run whole, and need none of it)."""
        return not self.stopping and pools.pools_open()

    def stop(self) -> None:
        """At exit: begin nothing more, and wait only for jobs inside a driver (its
        compiler must not be in the middle of a build when the process ends).  Through
        the shield: the program's thread would enter Conditions in Python (:mod:`.shield`)."""
        shield.run(self._stop)

    def _stop(self) -> None:
        with self._lock:
            self.stopping = True
            self.rt.home.has_context.set()  # set-up waiting for it skips its steps
            while self._in_driver:
                self._driver_idle.wait()

    def ahead(self, fn: Any, *args: Any) -> None:
        """``fn(*args)`` off the launch path, for what a later decision will ask (in
        inline mode the decision works it out itself)."""
        if self.lazy and self._begins():
            with self._lock:
                self._analyses.append(self._workers.submit(fn, *args))

    def settle(self, timeout: float | None = None) -> None:
        """Wait for set-up and every build started so far (tests, benchmarks)."""
        if self._setup_done is not None:
            self._setup_done.result(timeout)
        if self._devices_started is not None:
            self._devices_started.result(timeout)
        with self._lock:
            analyses = list(self._analyses)
        wait(analyses, timeout)
        with self._lock:
            futures = [f for d in self._pending.values() for f in d.values()]
        wait(futures, timeout)
