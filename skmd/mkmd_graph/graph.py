"""Kernel graph from a deferred command queue (thesis §5.4.1).

Commands between two synchronisation points become a DAG whose edges are the
buffer hazards between them (read-after-write, write-after-read,
write-after-write).  Only read-after-write edges carry data; the others only
order.  A ``source`` and a ``sink`` node stand for the host program before and
after the batch, so every command lies on a source-to-sink path.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Iterable

import networkx as nx

SOURCE = "source"
SINK = "sink"

#: command kinds that run on the host itself rather than on a device
HOST_KINDS = frozenset({"write", "read", "barrier"})
#: command kinds that any device can run (whole, unless splittable)
DEVICE_KINDS = frozenset({"kernel", "copy", "fill"})


@dataclass(frozen=True)
class Command:
    """One deferred command, in enqueue order.

    ``overwrites`` lists written buffers the command replaces entirely; for the
    other written buffers the old content must be present where the command
    runs, because an unknown part of them survives.  ``contiguous`` says each
    work-group range writes one contiguous slice, so a split needs no merge
    kernel and only the slice moves back.
    """

    id: int
    kind: str
    name: str
    reads: frozenset[int] = frozenset()
    writes: frozenset[int] = frozenset()
    total_groups: int = 1
    splittable: bool = False
    barrier: bool = False
    overwrites: frozenset[int] = frozenset()
    contiguous: bool = False

    def __post_init__(self) -> None:
        if self.kind not in HOST_KINDS | DEVICE_KINDS:
            raise ValueError(f"unknown command kind {self.kind!r}")
        if self.total_groups < 1:
            raise ValueError("total_groups must be >= 1")

    @property
    def on_host(self) -> bool:
        return self.kind in HOST_KINDS

    @property
    def needs(self) -> frozenset[int]:
        """Buffers whose current content must be where the command runs."""
        return self.reads | (self.writes - self.overwrites)

    @property
    def can_split(self) -> bool:
        return (self.kind == "kernel" and self.splittable and not self.barrier
                and self.total_groups > 1)


@dataclass
class _BufferState:
    writer: int | None = None
    readers: set[int] = field(default_factory=set)


def _add_edge(g: nx.DiGraph, u, v, kind: str, buffer: int | None,
              nbytes: int) -> None:
    if u == v:
        return
    if g.has_edge(u, v):
        data = g.edges[u, v]
    else:
        g.add_edge(u, v, buffers=set(), bytes=0, kinds=set(), kind=kind)
        data = g.edges[u, v]
    data["kinds"].add(kind)
    if buffer is not None and kind in ("raw", "init"):
        if buffer not in data["buffers"]:
            data["buffers"].add(buffer)
            data["bytes"] += nbytes
    elif buffer is not None:
        data.setdefault("order_buffers", set()).add(buffer)
    for strongest in ("raw", "init", "waw", "war", "order"):
        if strongest in data["kinds"]:
            data["kind"] = strongest
            break


def build_graph(commands: Sequence[Command], buffer_bytes: Mapping[int, int],
                initial: Mapping[int, Iterable[str] | str] | None = None
                ) -> nx.DiGraph:
    """Dependency DAG of ``commands``.

    Nodes are command ids plus ``"source"``/``"sink"``; node attribute
    ``command``.  Edge attributes: ``buffers`` (ids whose data flows),
    ``bytes`` (their sizes), ``kind`` ("raw", "init" from the source, "waw",
    "war" or "order").  ``initial`` says where each buffer's content is before
    the batch (``None``: every buffer at the platform's home); a buffer absent
    from an explicit mapping holds nothing yet, so it never needs moving in.
    """
    g = nx.DiGraph()
    ids = [c.id for c in commands]
    if len(set(ids)) != len(ids):
        raise ValueError("command ids must be unique")
    if SOURCE in ids or SINK in ids:
        raise ValueError("'source' and 'sink' are reserved node names")
    init = None
    if initial is not None:
        init = {b: frozenset([v] if isinstance(v, str) else v)
                for b, v in initial.items()}
    g.graph.update(buffer_bytes=dict(buffer_bytes), initial=init,
                   order=list(ids))
    g.add_node(SOURCE, command=None)
    g.add_node(SINK, command=None)
    state: dict[int, _BufferState] = {}
    last_barrier = None
    frontier: set[int] = set()     # commands with no successor yet
    for index, c in enumerate(commands):
        g.add_node(c.id, command=c, index=index)
        if c.barrier or c.kind == "barrier":
            for u in frontier:
                _add_edge(g, u, c.id, "order", None, 0)
        elif last_barrier is not None:
            _add_edge(g, last_barrier, c.id, "order", None, 0)
        for b in sorted(c.needs):
            st = state.setdefault(b, _BufferState())
            size = int(buffer_bytes.get(b, 0))
            if st.writer is not None:
                _add_edge(g, st.writer, c.id, "raw", b, size)
            elif init is None or init.get(b):
                _add_edge(g, SOURCE, c.id, "init", b, size)
        for b in sorted(c.writes):
            st = state.setdefault(b, _BufferState())
            for r in st.readers:
                _add_edge(g, r, c.id, "war", b, 0)
            if st.writer is not None:
                _add_edge(g, st.writer, c.id, "waw", b, 0)
        for b in c.writes:
            state[b] = _BufferState(writer=c.id)
        for b in c.reads - c.writes:
            state.setdefault(b, _BufferState()).readers.add(c.id)
        for u in list(g.predecessors(c.id)):
            frontier.discard(u)
        frontier.add(c.id)
        if c.barrier or c.kind == "barrier":
            last_barrier = c.id
    for c in commands:
        if g.in_degree(c.id) == 0:
            _add_edge(g, SOURCE, c.id, "order", None, 0)
        if g.out_degree(c.id) == 0:
            _add_edge(g, c.id, SINK, "order", None, 0)
    if not commands:
        _add_edge(g, SOURCE, SINK, "order", None, 0)
    return g


def commands_of(graph: nx.DiGraph) -> list[Command]:
    """The graph's commands in enqueue order."""
    return [graph.nodes[i]["command"] for i in graph.graph["order"]]
