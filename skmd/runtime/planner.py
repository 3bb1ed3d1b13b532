"""From one launch to a partition problem, and from a plan to device ranges.

Run-time curves come from the offline model (``skmd profile``) when the store
has one for this kernel and device, otherwise from what this process measured
on earlier launches (seconds per work-group per unit of static cost, the
thesis's eq. 5.3 with one coefficient), kept in the profile store between runs.
A device nothing is known about is *calibrated*: it gets a slice of a launch
sized by its speed prior (:mod:`skmd.decide.calibration`), which measures it.
"""
from __future__ import annotations

import contextlib
import math
import threading
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

import numpy as np

from skmd import partition
from skmd.decide import locations as placement
from skmd.decide.transfer import best_saving, via_home  # noqa: F401 - planner's names too
from skmd.runtime.devices import PhysicalDevice
from skmd.runtime.kernels import KernelEntry
from skmd.transform import Launch
from skmd.transform.launch import launch_key


@dataclass
class Rate:
    """Online estimate of one kernel's speed on one device."""
    per_unit: float          # seconds per (work-group x static cost)
    overhead: float = 20e-6  # seconds per sub-launch
    samples: int = 0

    def observe(self, seconds: float, units: float, alpha: float = 0.5) -> None:
        if units <= 0 or not math.isfinite(seconds):
            return
        value = max(seconds, 0.0) / units  # event-timed: the kernel alone
        if self.samples == 0:
            self.per_unit = value
        else:
            self.per_unit = (1 - alpha) * self.per_unit + alpha * value
        self.samples += 1


@dataclass
class Estimates:
    """Per (kernel key, device label) rates, shared by every launch in a process."""
    rates: dict[tuple[str, str], Rate] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, key: str, label: str) -> Rate | None:
        return self.rates.get((key, label))

    def observe(self, key: str, label: str, seconds: float, units: float) -> None:
        with self.lock:
            r = self.rates.get((key, label))
            if r is None:
                r = Rate(per_unit=0.0)
                self.rates[(key, label)] = r
            r.observe(seconds, units)

    def seed(self, key: str, label: str, rate: Rate) -> None:
        """Take ``rate`` (learned in an earlier run) unless this run measured one."""
        if rate.samples > 0 and rate.per_unit > 0:
            with self.lock:
                self.rates.setdefault((key, label), rate)

    def snapshot(self) -> list[tuple[tuple[str, str], Rate]]:
        """Every measured rate, for the profile store."""
        with self.lock:
            return [(k, replace(r)) for k, r in self.rates.items() if r.samples > 0]


@dataclass
class LinkRate:
    """Bytes/s of one direction of a helper's link, from its transfers timed in place.

    The probe (:mod:`skmd.runtime.links`) times a lone copy on an idle machine;
    inside a program the same link shares the host's memory and cores with
    running kernels and other copies, and a CPU device's link was measured at a
    sixth of its probe.  The estimate is the ratio of sums over the last
    ``window`` transfers of ``min_bytes`` or more (large ones weigh by their
    size); with fewer than ``min_samples`` of them there is none.
    """
    window: int = 16
    min_bytes: int = 1 << 20
    min_samples: int = 2
    #: the last ``window`` (bytes, seconds) pairs
    samples_: deque = field(default_factory=deque)

    def observe(self, nbytes: int, seconds: float) -> None:
        if nbytes < self.min_bytes or not (seconds > 0 and math.isfinite(seconds)):
            return
        self.samples_.append((nbytes, seconds))
        while len(self.samples_) > self.window:
            self.samples_.popleft()

    @property
    def bps_(self) -> float | None:
        if len(self.samples_) < self.min_samples:
            return None
        return sum(b for b, _ in self.samples_) / sum(s for _, s in self.samples_)


@dataclass
class LinkEstimates:
    """Per (device label, ``"h2d"``/``"d2h"``) rates measured in place, for the models."""
    rates: dict[tuple[str, str], LinkRate] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def observe(self, label: str, direction: str, nbytes: int, seconds: float) -> None:
        with self.lock:
            self.rates.setdefault((label, direction), LinkRate()).observe(nbytes, seconds)

    def correct(self, label: str, probe: tuple[float, float]) -> tuple[float, float]:
        """``probe`` (h2d, d2h) with each direction measured in place where it was."""
        with self.lock:
            got = [self.rates.get((label, d)) for d in ("h2d", "d2h")]
            learned = [r.bps_ if r is not None else None for r in got]
        return tuple(p if x is None else x for p, x in zip(probe, learned))  # type: ignore[return-value]


def launch_bytes(entry: KernelEntry, launch: Launch, only: set[int] | None = None
                 ) -> tuple[float, float, float, float, int]:
    """(in_fixed, in_per_group, out_fixed, out_per_group, merge_fixed) for a helper device.

    A helper device must receive what it reads (only its slice when the access
    is affine) and, for outputs merged by diff, a full copy to diff against.
    With ``only``: of those buffer arguments alone.
    """
    an = entry.analysis
    in_fixed = in_pg = out_fixed = out_pg = 0.0
    merge_fixed = 0
    for i, size in launch.buffer_sizes.items():
        if only is not None and i not in only:
            continue
        ai = an.args[i]
        if ai.reduce_add:  # a zeroed copy on the helper, summed on home afterwards
            out_fixed += size
            merge_fixed += size
            continue
        if ai.read:
            f, pg = slice_bytes(an, i, "read", launch, size)
            in_fixed += f
            in_pg += pg
        if ai.written:
            f, pg = slice_bytes(an, i, "write", launch, size)
            out_fixed += f
            out_pg += pg
            if not an.write_dense(i, launch, (0, launch.total_groups)):
                # the helper diffs against the home copy of what it may write
                in_fixed += f
                in_pg += pg
                merge_fixed += int(f)
    return in_fixed, in_pg, out_fixed, out_pg, merge_fixed


def priced(entry: KernelEntry, launch: Launch) -> bool:
    """Whether :func:`launch_bytes` of ``launch``'s shape was worked out already (its
    symbolic intervals are milliseconds of Python the first time, cheap after).
    A shape that makes no key (an unhashable scalar) counts as worked out."""
    try:
        return ("bytes",) + launch_key(launch) in entry.decisions
    except TypeError:
        return True


def price(entry: KernelEntry, launch: Launch) -> None:
    """Work out :func:`launch_bytes` of ``launch``'s shape, and say so (:func:`priced`)."""
    launch_bytes(entry, launch)
    with contextlib.suppress(TypeError):
        entry.decisions[("bytes",) + launch_key(launch)] = True


def slice_bytes(an, i: int, mode: str, launch: Launch, size: int) -> tuple[float, float]:
    """Bytes of argument ``i`` that ``k`` row groups cover, as ``fixed + per_group * k``
    (the whole buffer, fixed, when the access is not analysed).

    Fitted from the whole launch's interval and the wider of its first and last
    group's: a kernel that strides over the whole buffer from every group (pyopencl's
    elementwise loop) covers nearly all of it from any one group, so its bytes are
    fixed, not per group, and a helper's slice of it costs the whole buffer.
    """
    total = launch.total_groups
    ends = [(0, total)] + ([(0, 1), (total - 1, total)] if total > 1 else [])
    spans = [an.byte_range(i, mode, launch, g) for g in ends]
    if any(r is None for r in spans):
        return float(size), 0.0
    whole, *ones = (min(size, max(0, r[1] - r[0])) for r in spans)
    if not ones:
        return 0.0, float(whole)
    per = max(0.0, (whole - max(ones)) / (total - 1))
    return max(0.0, max(ones) - per), per


def to_ranges(shares: dict[str, int], order: Sequence[PhysicalDevice]
              ) -> list[tuple[PhysicalDevice, int, int]]:
    """Consecutive row ranges, in device order, for the shares of a plan."""
    out = []
    cur = 0
    for dev in order:
        k = int(shares.get(dev.label, 0))
        if k > 0:
            out.append((dev, cur, cur + k))
            cur += k
    return out


def build_problem(entry: KernelEntry, launch: Launch,
                  devices: Sequence[PhysicalDevice], home: PhysicalDevice,
                  curve_for: Callable[[PhysicalDevice], Callable[[np.ndarray], np.ndarray] | None],
                  link_for: Callable[[PhysicalDevice], tuple[float, float]],
                  home_link: tuple[float, float] | None = None,
                  where: dict[int, str] | None = None,
                  ) -> tuple[partition.PartitionProblem | None, list[str]]:
    """The partition problem of one launch, or None with the devices lacking a curve.

    ``where`` (buffer argument index -> :mod:`skmd.decide.locations` location,
    home when absent) prices each device's inputs from where the bytes are.
    """
    in_fixed, in_pg, out_fixed, out_pg, merge_fixed = launch_bytes(entry, launch)
    # a helper's data goes home -> host -> helper and back the same way
    home_up, home_down = home_link if home_link is not None else (math.inf, math.inf)
    placed = _placed_inputs(entry, launch, where or {})
    stays = _results_stay(entry, launch, merge_fixed)
    costs = []
    unknown = []
    for dev in devices:
        curve = curve_for(dev)
        if curve is None:
            unknown.append(dev.label)
            continue
        if dev is home:
            hf, hp = placed["home"] if placed else (0.0, 0.0)
            costs.append(partition.DeviceCost(label=dev.label, run_time=curve,
                                              h2d_bps=home_up if hf or hp else math.inf,
                                              link=f"link:{dev.label}", in_fixed=int(hf),
                                              in_per_group=hp))
            continue
        link = link_for(dev)
        h2d, d2h = via_home(link, (home_up, home_down))
        if stays:  # its rows come back when read, over its own link alone
            d2h = link[1]
        dev_in, dev_pg = in_fixed, in_pg
        if placed:  # bytes in host memory skip home's link, or (zero copy) any link
            (af, ap), (rf, rp), (wf, wp) = placed["away"], placed["ro"], placed["rw"]
            dev_in, dev_pg = placement.blend(
                [(af, ap, h2d), (rf, rp, math.inf if dev.zero_copy else link[0]),
                 (wf, wp, link[0])], h2d)
        costs.append(partition.DeviceCost(
            label=dev.label, run_time=curve, h2d_bps=h2d, d2h_bps=d2h,
            link=f"link:{dev.label}", in_fixed=int(dev_in),
            in_per_group=dev_pg, out_fixed=int(out_fixed), out_per_group=out_pg,
            merge_fixed=merge_fixed))
    if unknown:
        return None, unknown
    merge_bps = home_up if math.isfinite(home_up) else 10e9
    return partition.PartitionProblem(total_groups=launch.total_groups,
                                      devices=tuple(costs), merge_bps=merge_bps), []


def _results_stay(entry: KernelEntry, launch: Launch, merge_fixed: int) -> bool:
    """Whether a helper's results stay where it made them (every output written
    densely in row slices, nothing merged: :mod:`.split_plan`), to be read from
    there, rather than merged into the home copy."""
    an = entry.analysis
    total = launch.total_groups
    written = [i for i in launch.buffer_sizes if an.args[i].written]
    return (merge_fixed == 0 and bool(written)
            and all(an.write_dense(i, launch, (0, total)) for i in written))


def _placed_inputs(entry: KernelEntry, launch: Launch, where: dict[int, str]
                   ) -> dict[str, tuple[float, float]]:
    """(fixed, per-group) input bytes by where they come from, or {} when every
    buffer is on home: ``away`` (only home has them), ``ro``/``rw`` (host memory
    has them; read-only or also written) for a helper, ``home`` for home."""
    hosted = {i for i in launch.buffer_sizes if placement.on_host(where.get(i, "home"))}
    if not hosted:
        return {}
    written = {i for i in launch.buffer_sizes if entry.analysis.args[i].written}
    rest = set(launch.buffer_sizes) - hosted
    out = {"away": launch_bytes(entry, launch, rest)[:2],
           "ro": launch_bytes(entry, launch, hosted - written)[:2],
           "rw": launch_bytes(entry, launch, hosted & written)[:2]}
    lacks = {i for i in hosted if where.get(i) == placement.HOST}
    hf, hp = launch_bytes(entry, launch, lacks - written)[:2]
    # a written buffer comes home whole before the launch (results merge there)
    hf += sum(launch.buffer_sizes[i] for i in lacks & written)
    out["home"] = (hf, hp)
    return out


def home_fetch_bytes(entry: KernelEntry, launch: Launch, where: dict[int, str]) -> float:
    """Bytes the home device must receive before running ``launch`` whole: what it
    reads (or, written, holds whole) of buffers whose bytes wait in host memory.
    A whole run pays these too, so whether a split is worth it counts them."""
    placed = _placed_inputs(entry, launch, where) if where else {}
    if not placed:
        return 0.0
    fixed, per_group = placed["home"]
    return fixed + per_group * launch.total_groups


def rate_curve(rate: Rate, cost_f: float) -> Callable[[np.ndarray], np.ndarray]:
    per = rate.per_unit * max(cost_f, 1e-12)
    ovh = rate.overhead

    def curve(k: np.ndarray) -> np.ndarray:
        k = np.asarray(k, dtype=float)
        return np.where(k > 0, ovh + per * k, 0.0)
    return curve
