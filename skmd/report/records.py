"""What the runtime writes down about every kernel launch, and ``skmd explain`` reads.

Plain dataclasses so that the runtime, the run log and the report agree on one
shape; ``to_dict``/``from_dict`` give the JSON form that ``skmd explain --json``
prints and the run log stores.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Piece:
    """One interval of work on one device: a sub-kernel, a transfer or a merge.

    ``start``/``end`` are seconds from the start of the run (host clock).
    """
    device: str
    kind: str  # "kernel" | "h2d" | "d2h" | "merge" | "d2d"
    start: float
    end: float
    label: str = ""
    bytes: int = 0


@dataclass
class LaunchRecord:
    """One kernel launch as skmd ran it."""
    run_id: str
    seq: int
    kernel: str
    #: total work-groups of the launch (along the split dimension)
    total_groups: int
    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None
    policy: str
    mode: str = "skmd"
    #: device label -> number of work-groups it ran
    shares: dict[str, int] = field(default_factory=dict)
    #: device label -> [first, last) work-group rows
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: device label -> predicted seconds (transfers + run), where a model existed
    predicted: dict[str, float] = field(default_factory=dict)
    #: device label -> measured seconds of its sub-kernel
    measured: dict[str, float] = field(default_factory=dict)
    #: "host->label" / "label->host" -> bytes moved over that link
    bytes_moved: dict[str, int] = field(default_factory=dict)
    merge_s: float = 0.0
    #: how the helpers' outputs were merged: "kernel" (generated merge kernel),
    #: "diff" (byte differences), "slice", "add" (aggregated atomics), "rerun" (a
    #: merge kernel failed; home ran the helper's rows again), "+"-joined
    merge: str = ""
    wall_s: float = 0.0
    #: predicted fastest single device and its predicted time
    fastest_single: str | None = None
    fastest_single_s: float | None = None
    #: why the launch was not split (None when it was)
    reason: str | None = None
    pieces: list[Piece] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: graph mode: the launch's node in its batch's graph
    node: int | None = None
    #: graph mode, on a batch's last launch: the batch's commands, buffer sizes and
    #: where each buffer was (``mkmd_graph.replay.batch_to_dict``), for ``--replay``
    graph: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["ranges"] = {k: list(v) for k, v in self.ranges.items()}
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "LaunchRecord":
        d = dict(d)
        d["pieces"] = [Piece(**p) for p in d.get("pieces", [])]
        d["ranges"] = {k: tuple(v) for k, v in d.get("ranges", {}).items()}
        d["global_size"] = tuple(d.get("global_size", ()))
        if d.get("local_size") is not None:
            d["local_size"] = tuple(d["local_size"])
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in d.items() if k in known})
