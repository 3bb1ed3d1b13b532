"""The partitioning problem as plain data, and the cost of one split of it.

The cost model is the one Algorithm 1 of the thesis (§3.2.4) optimises: transfers
that share a link are serialised, a device runs only once its inputs have arrived,
its outputs go back after its run, and discontiguous outputs must be merged on the
host. Every policy is judged by this one function so their plans are comparable.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

__all__ = ["DeviceCost", "PartitionProblem", "Plan", "cost", "evaluate"]


@dataclass(frozen=True)
class DeviceCost:
    """What the partitioner needs to know about one device for one launch."""
    label: str
    #: seconds to run ``k`` enabled work-groups, vectorised over an array of ``k``
    run_time: Callable[[np.ndarray], np.ndarray]
    #: measured link speeds, bytes/s; ``inf`` for the device that holds the data
    h2d_bps: float = math.inf
    d2h_bps: float = math.inf
    #: devices whose ``link`` names are equal serialise their transfers on it
    link: str = ""
    #: bytes to send before running ``k`` groups: ``in_fixed + in_per_group * k``
    in_fixed: int = 0
    in_per_group: float = 0.0
    #: bytes to bring back after the run: ``out_fixed + out_per_group * k``
    out_fixed: int = 0
    out_per_group: float = 0.0
    #: bytes the merge must process if this device runs any group
    merge_fixed: int = 0


@dataclass(frozen=True)
class PartitionProblem:
    """One launch to split: how many work-groups, over which devices."""
    total_groups: int
    devices: tuple[DeviceCost, ...]
    merge_bps: float = 10e9
    launch_overhead_s: float = 20e-6

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(d.label for d in self.devices)


@dataclass
class Plan:
    """A split: work-groups per device and what the cost model predicts for it."""
    shares: dict[str, int]
    #: device label -> predicted finish time (s) of its inputs, run and outputs,
    #: counted from the launch, including waits for a shared link; 0 when unused
    predicted: dict[str, float]
    #: predicted makespan including merge and launch overheads
    cost: float
    policy: str
    steps: int = 0
    notes: list[str] = field(default_factory=list)


def _seconds(nbytes: float, bps: float) -> float:
    if nbytes <= 0:
        return 0.0
    if bps <= 0:
        return math.inf
    return nbytes / bps


def evaluate(problem: PartitionProblem, shares: Sequence[int],
             t_in: Sequence[float], t_run: Sequence[float], t_out: Sequence[float]
             ) -> tuple[float, list[float]]:
    """Makespan and per-device finish times, given each device's own times.

    Split from :func:`cost` so that the hill climber can feed precomputed
    curves without calling the models again for every candidate.
    """
    devices = problem.devices
    n = len(devices)
    finish = [0.0] * n
    ready: list[tuple[float, int]] = []
    link_free: dict[str, float] = {}
    # inputs: serialised per link, in device order; a device with nothing to
    # receive starts at once
    for i in range(n):
        if shares[i] <= 0:
            continue
        start = 0.0
        if t_in[i] > 0.0:
            lk = devices[i].link
            start = link_free.get(lk, 0.0) + t_in[i]
            link_free[lk] = start
        ready.append((start + t_run[i], i))
    used = len(ready)
    if used == 0:
        return 0.0, finish
    # outputs: serialised per link, in the order the runs finish
    if used > 1:
        ready.sort()
    out_free: dict[str, float] = {}
    makespan = 0.0
    for end, i in ready:
        if t_out[i] > 0.0:
            lk = devices[i].link
            free = out_free.get(lk, 0.0)
            end = (end if end > free else free) + t_out[i]
            out_free[lk] = end
        finish[i] = end
        if end > makespan:
            makespan = end
    if used > 1:
        biggest, most = 0, -1
        for i in range(n):
            if shares[i] > most:
                biggest, most = i, shares[i]
        merge_bytes = 0
        for _, i in ready:
            if i != biggest:
                merge_bytes += devices[i].merge_fixed
        if merge_bytes:
            makespan += _seconds(merge_bytes, problem.merge_bps)
        makespan += (used - 1) * problem.launch_overhead_s
    return makespan, finish


def _transfer_seconds(nbytes: np.ndarray, bps: float) -> np.ndarray:
    if bps == math.inf:
        return np.zeros_like(nbytes)
    if bps <= 0:
        return np.where(nbytes > 0, math.inf, 0.0)
    return nbytes / bps


def device_times(dev: DeviceCost, k: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Transfer-in, run and transfer-out seconds of one device for counts ``k``.

    All three are 0 where ``k == 0``: an unused device costs nothing.
    """
    k = np.asarray(k, dtype=np.int64)
    idle = k <= 0
    kf = k.astype(float)
    run = np.array(dev.run_time(k), dtype=float).reshape(k.shape)
    np.maximum(run, 0.0, out=run)
    t_in = _transfer_seconds(dev.in_fixed + dev.in_per_group * kf, dev.h2d_bps)
    t_out = _transfer_seconds(dev.out_fixed + dev.out_per_group * kf, dev.d2h_bps)
    if idle.any():
        run[idle] = 0.0
        t_in[idle] = 0.0
        t_out[idle] = 0.0
    return t_in, run, t_out


def cost(problem: PartitionProblem, shares: Sequence[int]) -> float:
    """Predicted makespan of ``shares`` (work-groups per device, problem order)."""
    return _cost_and_finish(problem, shares)[0]


def _cost_and_finish(problem: PartitionProblem, shares: Sequence[int]) -> tuple[float, list[float]]:
    shares = [int(s) for s in shares]
    if len(shares) != len(problem.devices):
        raise ValueError(f"{len(shares)} shares for {len(problem.devices)} devices")
    if any(s < 0 for s in shares):
        raise ValueError(f"negative share in {shares}")
    t_in, t_run, t_out = [], [], []
    for dev, k in zip(problem.devices, shares):
        a, b, c = device_times(dev, np.array([k]))
        t_in.append(float(a[0]))
        t_run.append(float(b[0]))
        t_out.append(float(c[0]))
    return evaluate(problem, shares, t_in, t_run, t_out)


def make_plan(problem: PartitionProblem, shares: Sequence[int], policy: str,
              steps: int = 0, notes: list[str] | None = None) -> Plan:
    """Wrap shares into a :class:`Plan` costed by the one cost model."""
    total, finish = _cost_and_finish(problem, shares)
    labels = problem.labels
    return Plan(shares={lb: int(s) for lb, s in zip(labels, shares)},
                predicted={lb: float(f) for lb, f in zip(labels, finish)},
                cost=float(total), policy=policy, steps=steps,
                notes=list(notes or []))
