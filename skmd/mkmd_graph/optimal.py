"""The best whole-kernel schedule of a graph, and a bound no schedule can beat.

:func:`best_whole_schedule` searches every topological order and every device
choice, booking each command whole at its earliest with the same cost model as
the list scheduler (:class:`~skmd.mkmd_graph.placer.Placer`: transfers over
links as booked, valid copies, insertion into idle gaps), by depth-first branch
and bound.  The coarse scheduler's plan is one point of that space, so the
result never exceeds it.  Beyond a node budget the search stops with the best
plan found (``exact`` False).

:func:`lower_bound` relaxes everything a schedule must pay for except the
kernels themselves: no transfers, and any kernel may be split across all
devices in proportion to their speed (a share of rows never takes less than its
share of the whole kernel's time).  It holds for split plans too.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import networkx as nx
import numpy as np

from .graph import SINK, SOURCE, Command
from .plan import HOST, Platform, Schedule
from .placer import Placer

#: placements tried before the search gives up proving optimality
DEFAULT_BUDGET = 200_000


@dataclass
class Search:
    """Outcome of :func:`best_whole_schedule`."""
    schedule: Schedule | None
    makespan: float
    exact: bool
    expanded: int


def _whole_time(c: Command, d: str, p: Platform) -> float:
    if c.on_host:
        return p.host_time(c.id) if p.host_time else 0.0
    return float(p.exec_time(c.id, d, c.total_groups))


def _min_time(c: Command, p: Platform) -> float:
    if c.on_host:
        return _whole_time(c, HOST, p)
    return min(_whole_time(c, d, p) for d in p.devices)


def _split_time(c: Command, p: Platform) -> float:
    """Shortest a command can take: every device on a proportional share."""
    if c.on_host:
        return _whole_time(c, HOST, p)
    times = [_whole_time(c, d, p) for d in p.devices]
    if min(times) <= 0:
        return 0.0
    return 1.0 / sum(1.0 / t for t in times)


def _bottom_levels(graph: nx.DiGraph, cost: dict) -> dict:
    level = {SINK: 0.0}
    for v in reversed(list(nx.topological_sort(graph))):
        if v != SINK:
            level[v] = cost.get(v, 0.0) + max((level[s] for s in graph.successors(v)),
                                              default=0.0)
    return level


def lower_bound(graph: nx.DiGraph, platform: Platform) -> float:
    """Max of the critical path with ideal splits and the devices' shared load.

    The load bound is the linear programme: fractions ``x[v, d]`` of each
    device command on each device, every device's ``sum_v x[v, d] * t[v, d]``
    at most ``T``, minimise ``T``.
    """
    cmds = [c for _, c in graph.nodes(data="command") if c is not None]
    split = {c.id: _split_time(c, platform) for c in cmds}
    path = _bottom_levels(graph, split)[SOURCE]
    dev_cmds = [c for c in cmds if not c.on_host]
    if not dev_cmds:
        return path
    return max(path, _load_bound(dev_cmds, platform))


def _load_bound(cmds: list[Command], p: Platform) -> float:
    from scipy.optimize import linprog
    n, m = len(cmds), len(p.devices)
    t = np.array([[_whole_time(c, d, p) for d in p.devices] for c in cmds])
    # variables: x (n*m, row-major by command), then T
    cost = np.zeros(n * m + 1)
    cost[-1] = 1.0
    a_ub = np.zeros((m, n * m + 1))
    for j in range(m):
        a_ub[j, j:n * m:m] = t[:, j]
        a_ub[j, -1] = -1.0
    a_eq = np.zeros((n, n * m + 1))
    for i in range(n):
        a_eq[i, i * m:(i + 1) * m] = 1.0
    res = linprog(cost, A_ub=a_ub, b_ub=np.zeros(m), A_eq=a_eq, b_eq=np.ones(n),
                  bounds=[(0, None)] * (n * m + 1), method="highs")
    if not res.success:  # cannot happen for this feasible programme; stay safe
        return float(t.min(axis=1).sum() / m)
    # the solver's tolerance must not lift the bound above the optimum
    return max(0.0, float(res.fun) * (1 - 1e-9))


def best_whole_schedule(graph: nx.DiGraph, platform: Platform, *,
                        upper: float = math.inf,
                        budget: int = DEFAULT_BUDGET) -> Search:
    """Shortest plan with every command whole on one device (branch and bound).

    ``upper`` is a makespan already known to be reachable (a heuristic's):
    only strictly shorter plans are looked for, so with ``schedule`` None the
    search proved none exists.  ``budget`` caps the placements tried.
    """
    pl = Placer(graph, platform)
    index = {v: i for i, v in enumerate(graph.graph["order"])}
    level = _bottom_levels(graph, {v: _min_time(c, platform)
                                   for v, c in graph.nodes(data="command") if c is not None})
    waiting = {v: graph.in_degree(v) for v in graph.nodes}
    ready = set()
    for s in graph.successors(SOURCE):
        waiting[s] -= 1
        if waiting[s] == 0 and s != SINK:
            ready.add(s)
    todo = set(graph.graph["order"])
    eps = 1e-12 * max(1.0, upper if upper < math.inf else 1.0)
    best = {"ms": upper, "choices": None}
    state = {"expanded": 0, "cut": False}
    choices: list[tuple] = []

    def bound(ms: float) -> float:
        b = ms
        for u in todo:
            est = max((pl.end[p] for p in graph.predecessors(u) if p in pl.end), default=0.0)
            b = max(b, est + level[u])
        return b

    def dfs(ms: float) -> None:
        if not todo:
            full = max([s.end for s in pl.slots] + [t.end for t in pl.transfers],
                       default=0.0)
            if full < best["ms"] - eps:
                best["ms"], best["choices"] = full, list(choices)
            return
        if bound(ms) >= best["ms"] - eps:
            return
        for u in sorted(ready, key=lambda x: (-level[x], index[x])):
            c: Command = graph.nodes[u]["command"]
            for d in pl.candidates(c):
                if state["expanded"] >= budget:
                    state["cut"] = True
                    return
                state["expanded"] += 1
                mark = pl.mark()
                _, end = pl.place_whole(u, d)
                ready.discard(u)
                todo.discard(u)
                freed = []
                for s in graph.successors(u):
                    waiting[s] -= 1
                    if waiting[s] == 0 and s != SINK:
                        ready.add(s)
                        freed.append(s)
                choices.append((u, d))
                dfs(max(ms, end))
                choices.pop()
                for s in graph.successors(u):
                    waiting[s] += 1
                for s in freed:
                    ready.discard(s)
                todo.add(u)
                ready.add(u)
                pl.rollback(mark)

    dfs(0.0)
    sched = None
    if best["choices"] is not None:
        sched = replay_choices(graph, platform, best["choices"], "optimal")
    return Search(sched, best["ms"], not state["cut"], state["expanded"])


def replay_choices(graph: nx.DiGraph, platform: Platform, choices: list[tuple],
                   mode: str) -> Schedule:
    """Book ``(command, device)`` pairs whole, in the given order."""
    pl = Placer(graph, platform)
    for v, d in choices:
        pl.place_whole(v, d)
    return pl.schedule(mode)
