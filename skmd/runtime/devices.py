"""The physical OpenCL devices behind the virtual device.

Discovery always goes through ``pyopencl._cl.get_platforms`` — the unpatched
name — so it sees the real platforms while the shim is installed.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pyopencl as cl
from pyopencl import _cl

from skmd.digest import sha256_hex
from skmd.runtime import shield, warm_start


@dataclass(eq=False)
class PhysicalDevice:
    """One real device: its pyopencl object, a label unique on this machine, facts."""
    index: int
    label: str
    device: cl.Device
    kind: str  # "gpu" | "cpu" | "accelerator" | "other"
    name: str
    platform_name: str
    compute_units: int
    clock_mhz: int
    global_mem: int
    max_alloc: int
    host_unified: bool
    fingerprint: str
    #: contexts/queues the runtime made on this device, by purpose
    _context: cl.Context | None = field(default=None, repr=False)
    _queue: cl.CommandQueue | None = field(default=None, repr=False)
    _copy_queue: cl.CommandQueue | None = field(default=None, repr=False)
    #: whether a USE_HOST_PTR buffer really is the host memory (checked on first use)
    _zero_copy: bool | None = field(default=None, repr=False)
    #: set once :attr:`context` exists (made or adopted), or when skmd exits
    has_context: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def context(self) -> cl.Context:
        """skmd's context on this device alone: the program's own where it was
        adopted before skmd needed one (:meth:`adopt_context`), else a private one
        made on first use."""
        if self._context is None:
            with _CONTEXT_LOCK:
                if self._context is None:
                    self._context = cl.Context([self.device])
                    self._mark_context()
        return self._context

    def _mark_context(self) -> None:
        """Set :attr:`has_context`, on the shield's thread: an Event's ``set`` enters a
        Condition in Python, whose lock a handler raising on the program's thread (a
        launch adopts its context there) would leave held, and every later ``set`` or
        ``wait`` would wait for ever (:mod:`.shield`).  Not waited for: only skmd's
        set-up waits on the flag."""
        shield.post(self.has_context.set)

    def adopt_context(self, ctx: cl.Context) -> bool:
        """Use the program's context ``ctx`` as :attr:`context` when skmd has made
        none yet and ``ctx`` holds this device alone.

        A second context on a GPU costs 0.1-0.15 s to create (measured on an
        H100), and the driver holds the program's own calls while it does; the
        program's context serves skmd's queues, staging memory and probes as well.
        Returns whether :attr:`context` is now ``ctx``.
        """
        if self._context is None:
            try:
                ptrs = [d.int_ptr for d in ctx.get_info(cl.context_info.DEVICES)]
            except (cl.Error, AttributeError):
                return False
            if ptrs != [self.device.int_ptr]:
                return False
            with _CONTEXT_LOCK:
                if self._context is None:
                    self._context = ctx
                    self._mark_context()
        return self._context is ctx

    @property
    def queue(self) -> cl.CommandQueue:
        """A profiling queue in :attr:`context`."""
        if self._queue is None:
            self._queue = cl.CommandQueue(
                self.context, self.device,
                properties=cl.command_queue_properties.PROFILING_ENABLE)
        return self._queue

    @property
    def copy_queue(self) -> cl.CommandQueue:
        """A second queue in :attr:`context`: reads that must not wait for its kernels."""
        if self._copy_queue is None:
            self._copy_queue = cl.CommandQueue(self.context, self.device)
        return self._copy_queue

    @property
    def zero_copy(self) -> bool:
        """Host-unified, and its driver reads a ``USE_HOST_PTR`` buffer's host memory.

        Checked once by experiment, since the specification lets a driver copy the
        memory when the buffer is made: host bytes changed afterwards must show in a
        device-side copy out of it.
        """
        if self._zero_copy is None:
            self._zero_copy = self.host_unified and _aliases_host(self)
        return self._zero_copy

    @property
    def speed_score(self) -> float:
        """A crude prior for "fastest device" before anything is measured."""
        weight = {"gpu": 16.0, "accelerator": 8.0}.get(self.kind, 1.0)
        return weight * self.compute_units * max(self.clock_mhz, 1)


#: makes or adopts a device's context once, whichever thread asks first
_CONTEXT_LOCK = threading.Lock()


def _aliases_host(dev: PhysicalDevice) -> bool:
    import numpy as np

    from skmd.runtime import raw, staging
    host = staging.take(256)
    try:
        host[:] = 1
        view = cl.Buffer(dev.context, cl.mem_flags.READ_ONLY | cl.mem_flags.USE_HOST_PTR,
                         hostbuf=host[:256])
        host[:] = 2  # after the buffer was made
        copy = cl.Buffer(dev.context, cl.mem_flags.READ_WRITE, 256)
        out = np.zeros(256, np.uint8)
        raw.enqueue_copy_buffer(dev.queue, view, copy, byte_count=256)
        raw.enqueue_read_buffer(dev.queue, copy, out, is_blocking=True)
        return bool((out == 2).all())
    except cl.Error:
        return False
    finally:
        staging.give(host)


def _kind(dev: cl.Device) -> str:
    t = dev.type
    if t & cl.device_type.GPU:
        return "gpu"
    if t & cl.device_type.CPU:
        return "cpu"
    if t & cl.device_type.ACCELERATOR:
        return "accelerator"
    return "other"


def _fingerprint(dev: cl.Device, platform_name: str) -> str:
    text = "|".join([platform_name, dev.name, dev.vendor, dev.driver_version,
                     dev.version, str(dev.max_compute_units)])
    return sha256_hex(text)[:16]


@dataclass(frozen=True)
class LeftOut:
    """A platform's devices that skmd does not use, and why."""
    platform_name: str
    platform_version: str
    devices: tuple[str, ...]
    reason: str

    @property
    def hint(self) -> str:
        """What a user can do about it, where that is known."""
        if "unknown target CPU" in self.reason:
            return ("this PoCL's LLVM does not know this processor (pip's PoCL 3.0 has "
                    "LLVM 14; AMD Zen 5 and newer are unknown to it): install a newer "
                    "PoCL, e.g. `apt-get install pocl-opencl-icd` on Debian or Ubuntu")
        return "its compiler cannot build a one-line kernel on this machine"

    def message(self) -> str:
        first = self.reason.strip().splitlines()[0] if self.reason.strip() else "?"
        return (f"left out {len(self.devices)} device(s) of {self.platform_name} "
                f"({self.platform_version}): {first} — {self.hint}")


#: the smallest kernel there is: a compiler that cannot build it builds nothing
_PROBE_SOURCE = "__kernel void skmd_probe(__global int *a) { a[get_global_id(0)] = 1; }"
#: probe verdicts by (platform name, version, device names): one build per process
_verdicts: dict[tuple[str, ...], str | None] = {}


def _compiler_failure(plat: cl.Platform, devices: list[cl.Device],
                      probe: bool = True) -> str | None:
    """Why ``plat``'s compiler builds nothing for its CPU devices, or None when it does.

    Only CPU compilers are tried: a CPU platform's compiler targets the processor it
    runs on, and one older than the processor fails every build (PoCL 3.0 from pip
    rejects CPUs its LLVM 14 does not know with "unknown target CPU 'generic'").
    With ``probe`` False nothing is built: a verdict kept from an earlier probe
    counts, and a compiler never probed is taken as working.
    """
    cpus = [d for d in devices if _kind(d) == "cpu"]
    if not cpus:
        return None
    key = (plat.name, plat.version, *(d.name for d in cpus))
    if key not in _verdicts:
        _verdicts[key] = _stored_verdict(key)
    if not probe and _verdicts[key] is _UNKNOWN:
        return None
    if _verdicts[key] is _UNKNOWN:
        prg = None
        try:
            prg = _cl._Program(cl.Context(cpus[:1]), _PROBE_SOURCE)
            prg.build(b"", cpus[:1])
            _verdicts[key] = None
        except cl.Error as exc:
            log = ""
            try:
                log = str(prg.get_build_info(cpus[0], cl.program_build_info.LOG))
            except Exception:  # noqa: BLE001 - the log is a nicety, the failure is not
                pass
            _verdicts[key] = log.strip() or str(exc).strip() or "build failed"
        _store_verdict(key, _verdicts[key])
    return _verdicts[key]


#: no verdict kept on disk for this compiler and processor yet
_UNKNOWN = "?"


def _verdict_key(key: tuple[str, ...]) -> str:
    """The on-disk name of a probe verdict: the probe, the platform, its devices and
    the processor (a compiler that fails on one processor may build on another)."""
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            cpu = next((ln for ln in fh if ln.lower().startswith("model name")), "")
    except OSError:
        pass
    return "probe-" + sha256_hex("\0".join((_PROBE_SOURCE, *key, cpu)))[:24]


def _stored_verdict(key: tuple[str, ...]) -> str | None:
    """A verdict an earlier process kept (each probe builds a program: tens of
    milliseconds of every start-up), or :data:`_UNKNOWN`."""
    from skmd.transform import diskcache
    hit = diskcache.load(_verdict_key(key))
    return hit[0] if isinstance(hit, tuple) and len(hit) == 1 else _UNKNOWN


def _store_verdict(key: tuple[str, ...], verdict: str | None) -> None:
    from skmd.transform import diskcache
    diskcache.store(_verdict_key(key), (verdict,))


def discover() -> tuple[list[PhysicalDevice], list[LeftOut]]:
    """Every usable device of every real platform, and the platforms left out.

    Devices are labelled ``gpu0``, ``cpu0``, ... in platform order; a platform whose
    compiler cannot build a one-line kernel here is left out whole, so a second,
    working CPU platform (a system PoCL beside pip's) takes its place.
    """
    out: list[PhysicalDevice] = []
    left: list[LeftOut] = []
    counts: dict[str, int] = {}
    warm_start.wait()  # (skmd run may have begun the drivers' start in a thread)
    try:
        platforms = _cl.get_platforms()
    except cl.Error:
        return out, left
    found: list[tuple[cl.Platform, list[cl.Device]]] = []
    for plat in platforms:
        try:
            found.append((plat, plat.get_devices()))
        except cl.Error:
            continue
    # beside a GPU a CPU device is only ever a helper, and a helper whose compiler
    # fails loses its share kernel by kernel (in background builds): the probe, a
    # build that takes up to a second on a machine's first run, is for machines
    # where a CPU platform could hold the program's buffers
    probe = not any(_kind(d) != "cpu" for _, devs in found for d in devs)
    for plat, devices in found:
        why = _compiler_failure(plat, devices, probe)
        if why is not None:
            left.append(LeftOut(plat.name.strip(), plat.version.strip(),
                                tuple(d.name.strip() for d in devices), why))
            continue
        for dev in devices:
            kind = _kind(dev)
            n = counts.get(kind, 0)
            counts[kind] = n + 1
            try:
                unified = bool(dev.host_unified_memory)
            except cl.Error:
                unified = kind == "cpu"
            out.append(PhysicalDevice(
                index=len(out), label=f"{kind}{n}", device=dev, kind=kind,
                name=dev.name.strip(), platform_name=plat.name.strip(),
                compute_units=int(dev.max_compute_units),
                clock_mhz=int(dev.max_clock_frequency or 0),
                global_mem=int(dev.global_mem_size),
                max_alloc=int(dev.max_mem_alloc_size),
                host_unified=unified,
                fingerprint=_fingerprint(dev, plat.name)))
    return out, left


def enumerate_all() -> list[PhysicalDevice]:
    """Every usable device of every real platform (see :func:`discover`)."""
    return discover()[0]


#: an ``SKMD_DEVICES`` item that is one of these picks every device of that kind
KINDS = ("cpu", "gpu", "accelerator")


def _matches(dev: PhysicalDevice, item: str) -> bool:
    """Whether ``item`` names ``dev``: its index, a kind (every device of it, as users
    type the type), its label or a fragment of its name or platform."""
    item = item.strip().lower()
    if item.isdigit():
        return dev.index == int(item)
    if item in KINDS:
        return dev.kind == item
    return (item == dev.label or item in dev.name.lower()
            or item in dev.platform_name.lower())


def select(devices: list[PhysicalDevice], spec: str | None) -> list[PhysicalDevice]:
    """Apply an ``SKMD_DEVICES`` spec (comma-separated indices, kinds, labels or name
    fragments);
    one that names nothing (``""``, ``","``) is no spec: every device."""
    if not spec or not spec.replace(",", "").strip():
        return list(devices)
    chosen: list[PhysicalDevice] = []
    for item in spec.split(","):
        if not item.strip():
            continue
        hits = [d for d in devices if _matches(d, item)]
        if not hits:
            known = ", ".join(f"{d.index}:{d.label} ({d.name})" for d in devices)
            raise ValueError(f"SKMD_DEVICES item {item.strip()!r} matches no device; "
                             f"devices are {known}")
        chosen.extend(h for h in hits if h not in chosen)
    return chosen


def choose_home(devices: list[PhysicalDevice], spec: str | None) -> PhysicalDevice:
    """The device holding the application's buffers: ``SKMD_HOME`` or the fastest."""
    if spec:
        hits = [d for d in devices if _matches(d, spec)]
        if not hits:
            known = ", ".join(f"{d.index}:{d.label} ({d.name})" for d in devices)
            raise ValueError(f"SKMD_HOME={spec!r} matches none of the selected devices; "
                             f"they are {known}")
        return hits[0]
    if not devices:
        raise ValueError("no device is selected to hold the program's buffers")
    return max(devices, key=lambda d: (d.speed_score, -d.index))
