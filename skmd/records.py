"""What the runtime writes down about every kernel launch, and ``skmd explain`` reads.

Plain dataclasses so that the runtime, the run log and the report agree on one
shape; kept outside all three (the runtime writes them, the store keeps them, the
report reads them, and none of those imports another for it); ``to_dict``/``from_dict`` give the JSON form that ``skmd explain --json``
prints and the run log stores.
"""
from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, field, fields
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
    #: short hash of the kernel's program source: tells apart kernels sharing a name
    program: str = ""
    #: when the launch call began, seconds from the start of the run (host clock)
    start_s: float | None = None
    #: host time spent in the launch call (skmd's decision, the driver's enqueue)
    host_s: float = 0.0
    #: the kernel's own time from the device's profiling events (None: not profiled)
    device_s: float | None = None
    #: the launches this record stands for: the run log keeps a loop's first whole
    #: launches of one kind as they are and the rest as one record, times summed
    #: (:func:`summary_row`)
    repeats: int = 1
    #: for such a record: seconds from the first of its launches' calls to the end of
    #: the last one (the program's own time between them included)
    span_s: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """A new dict of the fields (containers copied one level, pieces as dicts).

        Written by hand rather than with :func:`dataclasses.asdict`, whose deep copy
        took most of the 0.1 s a 2000-launch program spent writing its run log."""
        d = {f: getattr(self, f) for f in _FIELDS}
        for f in ("shares", "predicted", "measured", "bytes_moved"):
            d[f] = dict(d[f])
        d["global_size"] = list(self.global_size)
        d["local_size"] = None if self.local_size is None else list(self.local_size)
        d["ranges"] = {k: list(v) for k, v in self.ranges.items()}
        d["pieces"] = [dict(vars(p)) for p in self.pieces]
        d["notes"] = list(self.notes)
        return d

    def compact_dict(self) -> dict[str, Any]:
        """:meth:`to_dict` without the fields at their defaults, for the run log
        (:meth:`from_dict` restores them): most launches run whole and leave most
        fields empty, and a 2000-launch program's exit spent 40 ms encoding them."""
        d = {}
        for f in _FIELDS:
            v = getattr(self, f)
            if f in _REQUIRED or v != _DEFAULTS[f]:
                d[f] = v
        for f in ("global_size", "local_size", "notes"):
            if d.get(f) is not None:
                d[f] = list(d[f])
        if "ranges" in d:
            d["ranges"] = {k: list(v) for k, v in self.ranges.items()}
        if "pieces" in d:
            d["pieces"] = [dict(vars(p)) for p in self.pieces]
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


#: the record's field names, in order
_FIELDS = tuple(f.name for f in fields(LaunchRecord))
#: fields without a default, and each other field's default value
_REQUIRED = frozenset(f.name for f in fields(LaunchRecord)
                      if f.default is MISSING and f.default_factory is MISSING)
_DEFAULTS = {f.name: (f.default if f.default is not MISSING else f.default_factory())
             for f in fields(LaunchRecord) if f.name not in _REQUIRED}


def _event_seconds(evt: Any, wait: bool) -> float | None:
    """A finished event's START..END in seconds; None when its queue does not
    profile or (``wait`` false) it has not finished."""
    try:
        if evt.command_execution_status != 0:  # CL_COMPLETE
            if not wait:
                return None
            evt.wait()
        return max(0, evt.profile.end - evt.profile.start) * 1e-9
    except Exception:  # no profiling on its queue, a failed command, a gone context
        return None


def event_seconds(evt: Any) -> float | None:
    """An event's START..END in seconds once it has finished (waited for); None when
    its queue does not profile."""
    return _event_seconds(evt, True)


def _settle(rec: LaunchRecord, evt: Any, wait: bool) -> None:
    dev = _event_seconds(evt, wait)
    if dev is not None:
        rec.device_s = dev
        rec.measured = {d: dev for d in rec.shares}
        rec.wall_s = dev
    if dev is not None or wait:
        rec.__dict__.pop("_event", None)


def whole_record(rec: LaunchRecord, evt: Any, start_s: float,
                 end_s: float) -> LaunchRecord:
    """Fill in the timing of a launch run whole on ``home``.

    Its wall is the kernel's device time where the event's queue profiles, else
    the host time of the call; an event not finished yet is kept on the record
    for :func:`settle_records`.
    """
    rec.start_s = start_s
    rec.host_s = max(end_s - start_s, 1e-9)
    rec.wall_s = rec.host_s
    if evt is not None:
        rec.__dict__["_event"] = evt
        _settle(rec, evt, wait=False)
    return rec


_enc = json.JSONEncoder(separators=(",", ":")).encode


def record_json(rec: LaunchRecord) -> str:
    """The run log's JSON of ``rec``: its compact form, without spaces."""
    return _enc(rec.compact_dict())


def whole_parts(run_id: str, kernel: str, program: str, global_size: Any, local_size: Any,
                policy: str, mode: str, home: str, reason: str | None) -> tuple[str, str]:
    """The text of a whole launch's JSON (:func:`whole_row`) that launches of one
    kernel, shape and reason share: encoded once for a loop's thousands."""
    ls = "null" if local_size is None else _enc([int(x) for x in local_size])
    head = (f'{{"run_id":{_enc(run_id)},"kernel":{_enc(kernel)},'
            f'"total_groups":0,"global_size":{_enc([int(x) for x in global_size])},'
            f'"local_size":{ls},"policy":{_enc(policy)},"mode":{_enc(mode)},'
            f'"shares":{{{_enc(home)}:0}},')
    tail = ((f'"reason":{_enc(reason)},' if reason is not None else "")
            + (f'"program":{_enc(program)},' if program else ""))
    return head, tail


def whole_row(parts: tuple[str, str], seq: int, home: str, evt: Any, start_s: float,
              end_s: float) -> str:
    """The run log's JSON of a launch run whole on ``home``: what
    ``whole_record(...).compact_dict()`` encodes, written straight from the
    launch's fields and the text it shares with its kernel's other launches
    (:func:`whole_parts`): a program's thousands of whole launches are written at
    its exit, and building a record for each took most of that time."""
    dev = _event_seconds(evt, True) if evt is not None else None
    return _whole_text(parts, seq, home, dev, end_s - start_s, start_s)


def summary_row(parts: tuple[str, str], first: int, last: int, count: int, home: str,
                start_s: float, end_s: float, host_s: float, device_s: float | None) -> str:
    """The run log's JSON of ``count`` launches of one kind run whole on ``home``
    (sequence numbers ``first``..``last``, the launches of other kinds between them
    excepted), written as one record whose times are their sums: a loop of a
    hundred thousand launches wrote as many rows at its exit (seconds, and tens of
    megabytes kept per run) for records that tell nothing the first ones do not."""
    note = (f"{count} launches of this kind, #{first} to #{last}, each run whole on "
            f"{home}: one record, their times summed" if count > 1 else
            f"launch #{first}, run whole on {home}, past the launches recorded one by one")
    return _whole_text(parts, first, home, device_s, host_s, start_s,
                       more=f'"repeats":{int(count)},',
                       later=(f'"notes":{_enc([note])},'
                              f'"span_s":{max(float(end_s - start_s), 0.0)!r},'))


def _whole_text(parts: tuple[str, str], seq: int, home: str, dev: float | None,
                host_s: float, start_s: float, more: str = "", later: str = "") -> str:
    """A whole launch's JSON (or a summary's: ``more`` and ``later`` are its own
    fields, written after the sequence number and after the shared tail)."""
    host = repr(max(host_s, 1e-9))
    head, tail = parts
    text = f'{head}"seq":{int(seq)},{more}'
    if dev is not None:
        text += f'"measured":{{{_enc(home)}:{dev!r}}},'
        if dev != 0.0:
            text += f'"wall_s":{dev!r},'
    else:
        text += f'"wall_s":{host},'
    text += f'{tail}{later}"start_s":{float(start_s)!r},"host_s":{host}'
    if dev is not None:
        text += f',"device_s":{dev!r}'
    return text + "}"


def settle_records(records: list[LaunchRecord]) -> None:
    """Read the device time of every record whose event had not finished (waits)."""
    for rec in records:
        evt = rec.__dict__.get("_event")
        if evt is not None:
            _settle(rec, evt, wait=True)
