"""A batch of deferred kernels as the graph scheduler takes it.

:mod:`skmd.mkmd_graph` schedules plain commands over a plain platform; what is
here turns the recorded launches (their kernels' access analysis, the buffers'
current places) into commands, and the runtime's models and links into the
platform's time and bandwidth functions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyopencl as cl

from skmd import mkmd_graph
from skmd.records import LaunchRecord
from skmd.runtime import buffers as bufmod
from skmd.runtime.kernels import ArgValue, KernelEntry
from skmd.transform import Launch


@dataclass
class Deferred:
    """One kernel launch recorded in graph mode, answered with a user event."""
    id: int
    queue: cl.CommandQueue
    entry: KernelEntry
    args: dict[int, ArgValue]
    launch: Launch
    event: cl.UserEvent
    kernel: cl.Kernel | None = None
    #: its launch record, once a graph node ran it
    record: LaunchRecord | None = None


def queues(batch: list[Deferred]) -> list[cl.CommandQueue]:
    """The program's queues the batch's kernels were launched on, each once."""
    return list({id(d.queue): d.queue for d in batch}.values())


def host_memory_read(batch: list[Deferred]) -> list[bufmod.BufferState]:
    """Buffers over the program's own memory (``USE_HOST_PTR``) that the batch reads and
    home holds: the host may have rewritten them since skmd last looked, without a
    command it saw, so their other copies cannot be trusted."""
    out = {}
    for d in batch:
        for i, a in d.args.items():
            if a[0] == "obj" and isinstance(a[1], cl.MemoryObjectHolder):
                root = bufmod.root_of(a[1])
                st = bufmod.state_of(root)
                if st.home_valid and bufmod.seen_by_host(st, root):
                    out[id(st)] = st
    return list(out.values())


def commands(batch: list[Deferred], home: str
             ) -> tuple[list[Any], dict[int, int], dict[int, list[str]]]:
    """The batch as graph commands, buffer sizes and where each buffer is now."""
    ids: dict[int, int] = {}
    sizes: dict[int, int] = {}
    where: dict[int, list[str]] = {}
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


def platform(rt: Any, batch: list[Deferred]) -> mkmd_graph.Platform:
    """The runtime's devices, models and links as the scheduler's platform."""
    by_id = {d.id: d for d in batch}
    curves: dict[tuple[int, str], Any] = {}

    def exec_time(cid: int, label: str, groups: int) -> float:
        curve = _curve_of(rt, by_id[cid], label, curves)
        if curve is None:
            return _prior(rt, by_id[cid], label, groups, curves)
        return float(curve(np.array([groups]))[0])

    h2d, d2h = {}, {}
    for dev in rt.devices:
        h2d[dev.label], d2h[dev.label] = (rt.home_link() if dev is rt.home
                                          else rt.link(dev))
    return mkmd_graph.Platform(devices=tuple(d.label for d in rt.order),
                               exec_time=exec_time, h2d_bps=h2d, d2h_bps=d2h,
                               home=rt.home.label)


def _curve_of(rt: Any, d: Deferred, label: str, curves: dict) -> Any:
    """The time curve of ``d`` on a device, looked up once per batch (None too)."""
    key = (d.id, label)
    if key not in curves:
        curves[key] = rt._curve(d.entry, d.launch, rt.by_label[label])
    return curves[key]


def _prior(rt: Any, d: Deferred, label: str, groups: int, curves: dict) -> float:
    """A guess for a device nothing was measured on: scale a measured one by speed."""
    for other in rt.devices:
        c = _curve_of(rt, d, other.label, curves)
        if c is not None:
            ratio = other.speed_score / max(rt.by_label[label].speed_score, 1e-9)
            return float(c(np.array([groups]))[0]) * ratio
    return 1e-3 * groups / max(d.launch.total_groups, 1)


def home_estimate(rt: Any, batch: list[Deferred]) -> float | None:
    """The models' time for the whole batch on the home device (None: unmodelled)."""
    total = 0.0
    for d in batch:
        curve = rt._curve(d.entry, d.launch, rt.home)
        if curve is None:
            return None
        total += float(curve(np.array([d.launch.total_groups]))[0])
    return total
