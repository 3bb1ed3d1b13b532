"""Plain data for scheduling: the machine as the scheduler sees it, and plans.

A :class:`Schedule` is self-sufficient for execution: walk each device's
slots in start order, do the listed transfers (each names the buffer's
source location), launch each run slot's work-group rows, and afterwards the
valid copy of every buffer is where ``final_location`` says.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

HOST = "host"


@dataclass(frozen=True)
class Platform:
    """Devices, their predicted speed and their links to the host.

    ``exec_time(command id, device, groups)`` gives seconds for ``groups``
    work-group rows (copy/fill commands are asked with their whole size).
    Transfers between two devices go through the host (device-to-host, then
    host-to-device) unless ``d2d_bps`` names a direct link.  Devices with the
    same ``links`` name share a link: transfers in one direction on it
    serialise (``duplex=False``: in both directions).  ``comm_time(u, v)``,
    when given, replaces all transfer modelling with a fixed cost per graph
    edge between commands on different devices, without contention (the
    textbook list-scheduling model).
    """

    devices: tuple[str, ...]
    exec_time: Callable[[int, str, int], float]
    h2d_bps: Mapping[str, float] = field(default_factory=dict)
    d2h_bps: Mapping[str, float] = field(default_factory=dict)
    d2d_bps: Mapping[tuple[str, str], float] = field(default_factory=dict)
    links: Mapping[str, str] = field(default_factory=dict)
    home: str | None = None
    comm_time: Callable[[int, int], float] | None = None
    host_time: Callable[[int], float] | None = None
    duplex: bool = True

    def __post_init__(self) -> None:
        if not self.devices:
            raise ValueError("a platform needs at least one device")
        if HOST in self.devices:
            raise ValueError("'host' is reserved for the host program")

    @property
    def home_location(self) -> str:
        return self.home or HOST

    def link_of(self, device: str) -> str:
        return self.links.get(device, device)

    def hops(self, src: str, dst: str, nbytes: float) -> list[tuple[str, str, str, float]]:
        """``(src, dst, link key, seconds)`` for each leg of a move."""
        return [(s, d, key, nbytes / bps) for s, d, key, bps in self.legs(src, dst)]

    def legs(self, src: str, dst: str) -> list[tuple[str, str, str, float]]:
        """``(src, dst, link key, bytes/s)`` for each leg of a move: what
        :meth:`hops` prices, apart from the size, so a scheduler can keep it."""
        if src == dst:
            return []
        if (src, dst) in self.d2d_bps:
            return [(src, dst, f"{src}->{dst}", self.d2d_bps[src, dst])]
        if src == HOST:
            tag = ":h2d" if self.duplex else ""
            return [(src, dst, self.link_of(dst) + tag, self.h2d_bps[dst])]
        if dst == HOST:
            tag = ":d2h" if self.duplex else ""
            return [(src, dst, self.link_of(src) + tag, self.d2h_bps[src])]
        return self.legs(src, HOST) + self.legs(HOST, dst)

    def seconds_per_byte(self) -> float:
        """Mean per-byte cost of a move between two distinct devices."""
        if len(self.devices) < 2:
            return 0.0
        total, n = 0.0, 0
        for a in self.devices:
            for b in self.devices:
                if a != b:
                    total += sum(h[3] for h in self.hops(a, b, 1.0))
                    n += 1
        return total / n


@dataclass
class Slot:
    """A command (or a share of its work-group rows) on one location.

    ``kind`` is "run" or "merge" (folding another device's partial output for
    rows ``groups`` into this device's copy).
    """

    node: int
    device: str
    start: float
    end: float
    groups: tuple[int, int]
    kind: str = "run"
    seq: int = 0        # booking order: a causal order among equal times


@dataclass
class Transfer:
    """A move of ``buffer`` from ``src`` to ``dst`` over link ``link``.

    ``node``/``groups`` are set for a partial result of a split kernel: only
    those rows' output is meant, to be merged at the destination.  Walking
    slots and transfers by ``(start, seq)`` is a safe execution order.
    """

    buffer: int
    src: str
    dst: str
    start: float
    end: float
    bytes: int
    link: str = ""
    node: int | None = None
    groups: tuple[int, int] | None = None
    seq: int = 0


@dataclass
class Schedule:
    slots: list[Slot]
    transfers: list[Transfer]
    makespan: float
    final_location: dict[int, str] = field(default_factory=dict)
    valid_at: dict[int, frozenset[str]] = field(default_factory=dict)
    device_of: dict[int, str] = field(default_factory=dict)
    mode: str = ""

    def device_timeline(self, device: str) -> list[Slot | Transfer]:
        """Slots on ``device`` and transfers touching it, by start time."""
        items: list[Slot | Transfer] = [s for s in self.slots if s.device == device]
        items += [t for t in self.transfers if device in (t.src, t.dst)]
        return sorted(items, key=lambda x: (x.start, x.end))

    def busy_ratio(self, devices: tuple[str, ...] | None = None) -> float:
        """Busy device time over devices x makespan (host slots excluded)."""
        devs = devices or tuple(sorted({s.device for s in self.slots} - {"host"}))
        if not devs or self.makespan <= 0:
            return 0.0
        busy = sum(s.end - s.start for s in self.slots if s.device in devs)
        return busy / (len(devs) * self.makespan)

    def ordered(self) -> list[Slot | Transfer]:
        """Every slot and transfer in a safe execution order."""
        return sorted(self.slots + self.transfers, key=lambda x: (x.start, x.seq))

    def node_slots(self, node: int) -> list[Slot]:
        return [s for s in self.slots if s.node == node]

    def span(self, node: int) -> tuple[float, float]:
        ss = self.node_slots(node)
        return min(s.start for s in ss), max(s.end for s in ss)
