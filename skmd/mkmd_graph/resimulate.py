"""A chosen placement, timed again under other costs (measured ones, say).

The runtime records which work-group rows of each kernel ran on which device
and in what order the kernels started.  :func:`simulate_placement` books that
same choice with the list scheduler's cost model (each command at its earliest,
inputs moved over the links as booked, a split kernel's helper rows returning
to its main device and merged there), so that given a platform built from
measured kernel and transfer times its makespan is the plan's own length with
no host waits, threads or Python in between.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import networkx as nx

from .fine import _commit, _Gap
from .graph import Command
from .plan import HOST, Platform, Schedule


def simulate_placement(graph: nx.DiGraph, platform: Platform,
                       rows: Mapping[int, Mapping[str, int]], order: Sequence[int],
                       main: Mapping[int, str] | None = None, *,
                       merge_bps: float = 10e9) -> Schedule:
    """Book each command of ``order`` with ``rows[v]`` (device -> work-group rows).

    ``main[v]`` is the device that gathers a split kernel's output (default:
    the one with most rows; the platform's home wins a tie).  ``order`` must
    list every command once, predecessors first; a command absent from
    ``rows`` runs whole on the home device (host commands on the host).
    """
    from .placer import Placer
    seen = set(order)
    if seen != set(graph.graph["order"]) or len(seen) != len(order):
        raise ValueError(f"order must list each command once, got {list(order)!r}")
    pos = {v: i for i, v in enumerate(order)}
    for u, v in graph.edges:
        if u in pos and v in pos and pos[u] > pos[v]:
            raise ValueError(f"order runs command {v} before its predecessor {u}")
    home = platform.home or platform.devices[0]
    pl = Placer(graph, platform)
    for v in order:
        c: Command = graph.nodes[v]["command"]
        if c.on_host:
            pl.place_whole(v, HOST)
            continue
        share = {d: g for d, g in (rows.get(v) or {}).items() if g > 0}
        unknown = set(share) - set(platform.devices)
        if unknown:
            raise ValueError(f"command {v} placed on unknown device(s) {sorted(unknown)}")
        if len(share) <= 1:
            pl.place_whole(v, next(iter(share), home))
            continue
        m = (main or {}).get(v) or max(share, key=lambda d: (share[d], d == home))
        helpers = [d for d in platform.devices if d in share and d != m]
        lb = pl.pred_ready(v, m)
        gaps = [_Gap(d, lb, float("inf"), 0.0) for d in helpers]
        groups = [share.get(m, 0)] + [share[d] for d in helpers]
        if not _commit(pl, v, c, m, lb, gaps, groups, None, merge_bps):
            raise ValueError(f"command {v}: its split cannot be booked")
    return pl.schedule("replay")


def batch_to_dict(commands: Sequence[Command], buffer_bytes: Mapping[int, int],
                  initial: Mapping[int, Sequence[str] | str] | None,
                  home: str | None = None) -> dict:
    """A batch's commands and buffers as JSON-ready data (for the run log)."""
    return {
        "home": home,
        "commands": [{"id": c.id, "kind": c.kind, "name": c.name,
                      "reads": sorted(c.reads), "writes": sorted(c.writes),
                      "overwrites": sorted(c.overwrites),
                      "total_groups": c.total_groups, "splittable": c.splittable,
                      "barrier": c.barrier, "contiguous": c.contiguous}
                     for c in commands],
        "buffer_bytes": {str(b): int(n) for b, n in buffer_bytes.items()},
        "initial": None if initial is None else
        {str(b): sorted([w] if isinstance(w, str) else w) for b, w in initial.items()},
    }


def batch_from_dict(d: Mapping) -> tuple[list[Command], dict[int, int],
                                         dict[int, list[str]] | None]:
    """Inverse of :func:`batch_to_dict` (JSON turned the buffer ids into strings)."""
    cmds = [Command(id=int(c["id"]), kind=c.get("kind", "kernel"), name=c["name"],
                    reads=frozenset(c.get("reads", ())), writes=frozenset(c.get("writes", ())),
                    total_groups=int(c.get("total_groups", 1)),
                    splittable=bool(c.get("splittable", False)),
                    barrier=bool(c.get("barrier", False)),
                    overwrites=frozenset(c.get("overwrites", ())),
                    contiguous=bool(c.get("contiguous", False)))
            for c in d["commands"]]
    sizes = {int(b): int(n) for b, n in d.get("buffer_bytes", {}).items()}
    init = d.get("initial")
    initial = None if init is None else {int(b): list(w) for b, w in init.items()}
    return cmds, sizes, initial
