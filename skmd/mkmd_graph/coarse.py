"""Whole-kernel list scheduling (thesis §5.4.2, HEFT-like) and the in-order
baseline.

Priority is the upward rank (eq. 5.4): mean execution time over devices plus
the costliest path of mean transfer and successor rank to the sink.  Each
command, highest rank among the ready ones first, goes to the device where it
finishes earliest (eq. 5.8), starting at the earliest idle gap after its
inputs can arrive over the links as they are already booked (eq. 5.5-5.7,
5.9, 5.10).
"""
from __future__ import annotations

import heapq

import networkx as nx

from .graph import SINK, SOURCE, Command
from .plan import HOST, Platform, Schedule, Slot
from .placer import Placer


def _mean_exec(c: Command, platform: Platform) -> float:
    if c.on_host:
        return platform.host_time(c.id) if platform.host_time else 0.0
    return sum(float(platform.exec_time(c.id, d, c.total_groups))
               for d in platform.devices) / len(platform.devices)


def upward_rank(graph: nx.DiGraph, platform: Platform) -> dict:
    """Eq. 5.4: P(v) = W(v) + max over successors (W(e) + P(succ)), P(sink) = 0."""
    comm = platform.comm_time
    spb = platform.seconds_per_byte() if comm is None else 0.0
    rank: dict = {SINK: 0.0}
    for v in reversed(list(nx.topological_sort(graph))):
        if v == SINK:
            continue
        c = graph.nodes[v]["command"]
        w = 0.0 if c is None else _mean_exec(c, platform)
        best = 0.0
        for s in graph.successors(v):
            if comm is not None:
                we = comm(v, s) if v != SOURCE and s != SINK else 0.0
            else:
                we = graph.edges[v, s]["bytes"] * spb
            best = max(best, we + rank[s])
        rank[v] = w + best
    return rank


def _key(rank: float) -> float:
    # equal ranks reached by different float sums must tie, so that the
    # enqueue order decides, not rounding noise
    return -float(f"{rank:.12g}")


def coarse_schedule(graph: nx.DiGraph, platform: Platform, *,
                    contention: bool = True) -> Schedule:
    """Place every command whole on the device that finishes it earliest."""
    rank = upward_rank(graph, platform)
    pl = Placer(graph, platform, contention=contention)
    index = {v: i for i, v in enumerate(graph.graph["order"])}
    waiting = {v: graph.in_degree(v) for v in graph.nodes}
    ready: list = []

    def release(u) -> None:
        for s in graph.successors(u):
            waiting[s] -= 1
            if waiting[s] == 0 and s != SINK:
                heapq.heappush(ready, (_key(rank[s]), index[s], s))

    release(SOURCE)
    while ready:
        _, _, v = heapq.heappop(ready)
        c: Command = graph.nodes[v]["command"]
        best = None
        for d in pl.candidates(c):
            start, end, legs = pl.evaluate(v, d)
            if best is None or end < best[1] - 1e-15:
                best = (start, end, legs, d)
        start, end, legs, d = best
        pl.book_legs(legs)
        pl.book_slot(Slot(v, d, start, end, (0, c.total_groups)))
        pl.finish(v, d, end)
        release(v)
    return pl.schedule("coarse")


def fastest_device(graph: nx.DiGraph, platform: Platform) -> str:
    """Device with the least total predicted time for the whole batch."""
    def total(d: str) -> float:
        return sum(float(platform.exec_time(c.id, d, c.total_groups))
                   for v, c in graph.nodes(data="command")
                   if c is not None and not c.on_host)
    return min(platform.devices, key=total)


def inorder_schedule(graph: nx.DiGraph, platform: Platform,
                     device: str | None = None) -> Schedule:
    """Enqueue order, one command (or transfer) at a time, one device."""
    dev = device or fastest_device(graph, platform)
    pl = Placer(graph, platform, contention=True, serial=True)
    for v in graph.graph["order"]:
        c: Command = graph.nodes[v]["command"]
        pl.place_whole(v, HOST if c.on_host else dev)
    return pl.schedule("inorder")
