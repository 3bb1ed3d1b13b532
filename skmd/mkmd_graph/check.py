"""Independent checks that a schedule is safe to execute.

Replays the plan as an executor would (copies of buffer versions moving
between locations) and reports every place where a command would see stale
data, two things share a device or link, or work-groups are lost or doubled.
Used by the tests; cheap enough to run on plans in debug mode.
"""
from __future__ import annotations

from collections import defaultdict

import networkx as nx

from .graph import SINK, SOURCE, commands_of
from .plan import HOST, Platform, Schedule

TOL = 1e-9


def _overlaps(items, what: str) -> list[str]:
    out = []
    items = sorted(items, key=lambda x: (x[0], x[1]))
    for (s1, e1, a), (s2, e2, b) in zip(items, items[1:]):
        if s2 < e1 - TOL * max(1.0, abs(e1)) and e1 - s1 > TOL and e2 - s2 > TOL:
            out.append(f"{what}: {a} [{s1:.6g},{e1:.6g}) overlaps {b} [{s2:.6g},{e2:.6g})")
    return out


def check_schedule(graph: nx.DiGraph, platform: Platform, sched: Schedule,
                   *, links: bool = True) -> list[str]:
    """Problems found in ``sched`` (empty list: executable as planned)."""
    problems: list[str] = []
    cmds = {c.id: c for c in commands_of(graph)}
    by_node = defaultdict(list)
    for s in sched.slots:
        by_node[s.node].append(s)
    for v in cmds:
        if not by_node[v]:
            problems.append(f"command {v} has no slot")
    if problems:
        return problems
    first = {v: min(s.start for s in ss) for v, ss in by_node.items()}
    last = {v: max(s.end for s in ss) for v, ss in by_node.items()}
    for u, v in graph.edges:
        if u in (SOURCE, SINK) or v in (SOURCE, SINK):
            continue
        if first[v] < last[u] - TOL * max(1.0, last[u]):
            problems.append(f"{v} starts {first[v]:.6g} before predecessor {u} ends {last[u]:.6g}")
    per_dev = defaultdict(list)
    for s in sched.slots:
        per_dev[s.device].append((s.start, s.end, (s.node, s.kind, s.groups)))
    for d, items in per_dev.items():
        problems += _overlaps(items, f"device {d}")
    if links and platform.comm_time is None:
        per_link = defaultdict(list)
        for t in sched.transfers:
            per_link[t.link].append((t.start, t.end, (t.buffer, t.src, t.dst)))
        for k, items in per_link.items():
            problems += _overlaps(items, f"link {k}")
    for v, c in cmds.items():
        rows = sorted(s.groups for s in by_node[v] if s.kind == "run")
        pos = 0
        for a, b in rows:
            if a != pos or b <= a:
                problems.append(f"{v}: work-group rows {rows} do not tile [0,{c.total_groups})")
                break
            pos = b
        else:
            if pos != c.total_groups:
                problems.append(f"{v}: rows {rows} cover {pos} of {c.total_groups}")
    if platform.comm_time is None:
        problems += _check_data(graph, platform, sched, cmds, by_node, last)
    return problems


def _check_data(graph, platform, sched, cmds, by_node, last) -> list[str]:
    problems = []
    init = graph.graph.get("initial")
    home = platform.home_location
    nbytes = graph.graph["buffer_bytes"]
    copies: dict[int, dict[str, object]] = {}
    for b in nbytes:
        locs = [home] if init is None else list(init.get(b, ()))
        copies[b] = {loc: 0 for loc in locs}
    expect: dict[int, dict[int, object]] = {}
    version = {b: 0 for b in nbytes}
    for v in graph.graph["order"]:
        c = cmds[v]
        expect[v] = {b: version.get(b, 0) for b in c.needs}
        for b in c.writes:
            version[b] = ("w", v)
    main = sched.device_of
    # events: (time, phase, order, payload); phase 0 = data lands, 1 = data read
    # events at one instant: arrivals (0), then instantaneous items in booking
    # order (0.5), then starts of items that take time (1)
    events = []
    for t in sched.transfers:
        if t.node is not None:
            continue
        if t.end > t.start:
            events.append((t.start, 1, t.seq, 0, ("xfer_start", t)))
            events.append((t.end, 0, t.seq, 1, ("xfer_end", t)))
        else:
            events.append((t.start, 0.5, t.seq, 0, ("xfer_start", t)))
            events.append((t.start, 0.5, t.seq, 1, ("xfer_end", t)))
    for s in sched.slots:
        if s.kind == "run":
            events.append((s.start, 1 if s.end > s.start else 0.5, s.seq, 0, ("slot", s)))
    for v in cmds:
        tail = max(by_node[v], key=lambda s: (s.end, s.seq))
        if tail.end > tail.start:
            events.append((last[v], 0, tail.seq, 2, ("done", v)))
        else:
            events.append((last[v], 0.5, tail.seq, 2, ("done", v)))
    events.sort(key=lambda e: e[:4])
    carried = {}
    for time, _, _, _, (what, obj) in events:
        if what == "xfer_start":
            have = copies.get(obj.buffer, {})
            if obj.src not in have:
                problems.append(f"t={time:.6g}: buffer {obj.buffer} moved from {obj.src} which holds no valid copy")
            carried[id(obj)] = have.get(obj.src)
        elif what == "xfer_end":
            copies.setdefault(obj.buffer, {})[obj.dst] = carried.get(id(obj))
        elif what == "slot":
            c = cmds[obj.node]
            whole = obj.device == main.get(obj.node, obj.device)
            need = c.needs if whole else c.reads
            for b in need:
                got = copies.get(b, {}).get(obj.device, "missing")
                want = expect[obj.node][b]
                if want == 0 and (init is not None and not init.get(b)):
                    continue
                if got != want:
                    problems.append(f"t={time:.6g}: {obj.node} on {obj.device} reads buffer {b} "
                                    f"version {got}, wants {want}")
        elif what == "done":
            for b in cmds[obj].writes:
                copies[b] = {main[obj]: ("w", obj)}
    for b, ver in version.items():
        if ver == 0:
            continue
        loc = sched.final_location.get(b)
        if copies.get(b, {}).get(loc) != ver:
            problems.append(f"buffer {b}: final location {loc} lacks the last version {ver}")
    # a copy must not land on memory a running command uses
    using = defaultdict(list)
    for s in sched.slots:
        if s.kind == "run" and s.end > s.start:
            c = cmds[s.node]
            for b in c.reads | c.writes:
                using[b, s.device].append(s)
    for t in sched.transfers:
        if t.node is None and t.end > t.start:
            for s in using.get((t.buffer, t.dst), ()):
                if t.start < s.end - TOL and s.start < t.end - TOL:
                    problems.append(f"buffer {t.buffer} lands on {t.dst} while {s.node} uses it")
    # partial results must leave a helper after it ran and arrive before the end
    for t in sched.transfers:
        if t.node is None:
            continue
        src_slots = [s for s in by_node[t.node] if s.device == t.src and s.groups == t.groups]
        if t.src != HOST and (not src_slots or t.start < src_slots[0].end - TOL):
            problems.append(f"partial result of {t.node} leaves {t.src} before it is computed")
        if t.end > last[t.node] + TOL * max(1.0, last[t.node]):
            problems.append(f"partial result of {t.node} arrives after the command is done")
    return problems
