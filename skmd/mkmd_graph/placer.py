"""Book commands and the transfers they need onto devices and links.

Shared by every scheduler: it knows where each buffer's current content is
valid (SnuCL-style valid-copy sets, host included), so data moves only when a
command needs it somewhere it is not, and from the copy that arrives first.
Bookings are journaled so a trial split can be taken back.
"""
from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from .graph import SINK, SOURCE, Command
from .plan import HOST, Platform, Schedule, Slot, Transfer
from .busy import Timeline


@dataclass(slots=True)
class Hop:
    """A tentative leg of a transfer (slotted: plans make and drop many)."""
    buffer: int
    src: str
    dst: str
    link: str
    start: float
    end: float
    nbytes: int
    node: int | None = None
    groups: tuple[int, int] | None = None


def _drop(items: list, item: object) -> None:
    """Remove ``item`` itself from ``items``.  Undoing a journal meets its entries
    newest first, so the item is at the end: no scan, and no field-by-field
    comparison with every earlier booking (which made undoing quadratic)."""
    if items and items[-1] is item:
        items.pop()
        return
    for i in range(len(items) - 1, -1, -1):
        if items[i] is item:
            del items[i]
            return
    raise ValueError(f"{item!r} is not booked")


class Placer:
    def __init__(self, graph: nx.DiGraph, platform: Platform, *,
                 contention: bool = True, serial: bool = False) -> None:
        self.g = graph
        self.p = platform
        self.contention = contention and platform.comm_time is None
        self.serial = serial
        self.cursor = 0.0
        self.bytes = graph.graph["buffer_bytes"]
        self.dev_tl: dict[str, Timeline] = {d: Timeline() for d in platform.devices}
        self.dev_tl[HOST] = Timeline()
        self.link_tl: dict[str, Timeline] = {}
        # when each location's copy of a buffer is in use by a slot there: a
        # copy may not land on it meanwhile (it would change data under a
        # running reader, or mix with a writer's output)
        self.use_tl: dict[tuple[int, str], Timeline] = {}
        self.valid: dict[int, dict[str, float]] = {}
        init = graph.graph.get("initial")
        home = platform.home_location
        for b in self.bytes:
            if init is None:
                self.valid[b] = {home: 0.0}
            else:
                self.valid[b] = {loc: 0.0 for loc in init.get(b, ())}
        self.device: dict = {SOURCE: home}
        self.end: dict = {SOURCE: 0.0}
        self.slots: list[Slot] = []
        self.transfers: list[Transfer] = []
        self.journal: list = []
        self.counter = 0
        self._exec: dict[tuple[int, str, int], float] = {}
        # a batch asks these thousands of times: kept, not rebuilt (~40 % of a
        # three-device plan of the thesis's graphs went to rebuilding them)
        self._legs: dict[tuple[str, str], list] = {}
        self._preds: dict = {}
        self._used: dict[tuple, frozenset[int]] = {}
        self.command: dict = dict(graph.nodes(data="command"))

    # -- costs -----------------------------------------------------------
    def exec_time(self, c: Command, device: str, groups: int) -> float:
        if device == HOST:
            return self.p.host_time(c.id) if self.p.host_time else 0.0
        if groups <= 0:
            return 0.0
        key = (c.id, device, groups)
        t = self._exec.get(key)
        if t is None:
            t = float(self.p.exec_time(c.id, device, groups))
            self._exec[key] = t
        return t

    def legs(self, src: str, dst: str) -> list:
        """The platform's ``(src, dst, link key, bytes/s)`` legs of a move (kept)."""
        legs = self._legs.get((src, dst))
        if legs is None:
            legs = self._legs[src, dst] = self.p.legs(src, dst)
        return legs

    def seconds_per_byte(self, src: str, dst: str) -> float:
        """Seconds a byte takes from ``src`` to ``dst``, links idle."""
        return sum(1.0 / leg[3] for leg in self.legs(src, dst))

    def candidates(self, c: Command) -> tuple[str, ...]:
        return (HOST,) if c.on_host else self.p.devices

    def link(self, key: str) -> Timeline:
        tl = self.link_tl.get(key)
        if tl is None:
            tl = self.link_tl[key] = Timeline()
        return tl

    # -- readiness -------------------------------------------------------
    def pred_ready(self, v, device: str) -> float:
        """Latest finish of ``v``'s predecessors (plus fixed edge costs)."""
        t = self.cursor if self.serial else 0.0
        comm = self.p.comm_time
        preds = self._preds.get(v)
        if preds is None:
            preds = self._preds[v] = tuple(self.g.predecessors(v))
        for u in preds:
            e = self.end[u]
            if comm is not None and u != SOURCE and self.device[u] != device:
                e += comm(u, v)
            if e > t:
                t = e
        return t

    def route(self, b: int, src: str, dst: str, t: float, nbytes: int,
              extra: dict[str, list[tuple[float, float]]], node=None,
              groups=None) -> tuple[float, list[Hop]]:
        """Earliest legs moving ``b`` from ``src`` to ``dst`` from ``t`` on.

        Each leg waits for its link and, unless it carries a partial result
        (staged apart, folded in by a merge slot), for slots using the copy
        of ``b`` at the leg's destination.
        """
        hops = []
        contention, links = self.contention, self.link_tl
        for s, d, key, bps in self.legs(src, dst):
            dur = nbytes / bps
            uses = self.use_tl.get((b, d)) if groups is None and dur > 0 else None
            if contention:
                tl, ex = links.get(key), extra.get(key, ())
                if tl is None:
                    tl = self.link(key)
                while True:
                    t = tl.find(t, dur, ex)
                    if not uses:
                        break
                    u = uses.find(t, dur)
                    if u == t:
                        break
                    t = u
                extra.setdefault(key, []).append((t, t + dur))
            elif uses:
                t = uses.find(t, dur)
            hops.append(Hop(b, s, d, key, t, t + dur, nbytes, node, groups))
            t += dur
        return t, hops

    def bring(self, buffers, device: str, not_before: float,
              extra: dict[str, list[tuple[float, float]]],
              only_from: dict[int, dict[str, float]] | None = None
              ) -> tuple[float, list[Hop]]:
        """Tentatively move ``buffers`` to ``device``; arrival time and legs.

        ``only_from`` restricts the source copies of some buffers; a buffer
        with copies but none allowed makes the move impossible (inf).
        """
        arrive = not_before
        legs: list[Hop] = []
        if self.p.comm_time is not None:
            return arrive, legs
        for b in sorted(buffers):
            copies = self.valid.get(b)
            if only_from is not None and b in only_from:
                if copies and not only_from[b]:
                    return float("inf"), legs
                copies = only_from[b]
            if not copies:
                continue
            if device in copies:
                if copies[device] > arrive:
                    arrive = copies[device]
                continue
            nbytes = int(self.bytes.get(b, 0))
            if len(copies) == 1:  # one way to go: booked tentatively in place
                (src, ready), = copies.items()
                start = max(ready, not_before) if self.serial else ready
                t, hops = self.route(b, src, device, start, nbytes,
                                     extra if self.contention else {})
            else:
                t, hops = self._nearest(b, copies, device, not_before, nbytes, extra)
            legs += hops
            if t > arrive:
                arrive = t
            if self.serial:
                not_before = t
        return arrive, legs

    def _nearest(self, b: int, copies: dict[str, float], device: str,
                 not_before: float, nbytes: int,
                 extra: dict[str, list[tuple[float, float]]]) -> tuple[float, list[Hop]]:
        """Earliest move of ``b`` to ``device`` from any of its ``copies``; the
        chosen legs join ``extra``.  Each try's legs leave ``extra`` before the
        next (they are its last entries), sparing a copy of it per try."""
        best = None
        tried = extra if self.contention else {}
        for src, ready in copies.items():
            start = max(ready, not_before) if self.serial else ready
            if best is not None and self._unhindered(src, device, start, nbytes) >= best[0]:
                continue  # even on idle links it would not come sooner
            t, hops = self.route(b, src, device, start, nbytes, tried)
            if self.contention:
                for h in reversed(hops):
                    extra[h.link].pop()
            if best is None or t < best[0]:
                best = (t, hops)
        if self.contention:
            for h in best[1]:
                extra.setdefault(h.link, []).append((h.start, h.end))
        return best

    def _unhindered(self, src: str, dst: str, t: float, nbytes: int) -> float:
        """Arrival of a move from ``t`` on idle links: no route arrives sooner
        (route adds the same lengths in the same order, after waits)."""
        for leg in self.legs(src, dst):
            t += nbytes / leg[3]
        return t

    def arrival(self, v, device: str, needs=None) -> tuple[float, float, list[Hop]]:
        """(predecessors' finish, inputs' arrival, legs) of ``v`` on ``device``:
        what its start waits for, whatever share of its rows runs there."""
        c: Command = self.command[v]
        ready = self.pred_ready(v, device)
        if self.p.comm_time is not None:
            return ready, ready, self.edge_legs(v, device)
        arrive, legs = self.bring(c.needs if needs is None else needs,
                                  device, ready, {})
        return ready, arrive, legs

    def evaluate(self, v, device: str, groups: int | None = None,
                 needs=None) -> tuple[float, float, list[Hop]]:
        """(start, end, legs) of ``v`` on ``device`` at its earliest."""
        ready, arrive, legs = self.arrival(v, device, needs)
        return self.start_after(v, device, ready, arrive, groups) + (legs,)

    def start_after(self, v, device: str, ready: float, arrive: float,
                    groups: int | None = None) -> tuple[float, float]:
        """(start, end) of ``groups`` rows of ``v`` (all by default) in the
        first idle gap of ``device`` once ``ready`` and ``arrive`` are past."""
        c: Command = self.command[v]
        dur = self.exec_time(c, device, c.total_groups if groups is None else groups)
        start = self.dev_tl[device].find(max(ready, arrive), dur)
        return start, start + dur

    def edge_legs(self, v, device: str) -> list[Hop]:
        """Moves implied by fixed edge costs (no link contention)."""
        legs = []
        for u in self.g.predecessors(v):
            du = self.device[u]
            if du == device:
                continue
            data = self.g.edges[u, v]
            cost = 0.0 if u == SOURCE else self.p.comm_time(u, v)
            for b in sorted(data["buffers"]):
                if device in self.valid.get(b, {}):
                    continue
                legs.append(Hop(b, du, device, f"{du}->{device}", self.end[u],
                                self.end[u] + cost, int(self.bytes.get(b, 0))))
        return legs

    # -- booking ---------------------------------------------------------
    def book_legs(self, legs: list[Hop]) -> None:
        contention, links = self.contention, self.link_tl
        for h in legs:
            if contention:
                tl = links.get(h.link)
                if tl is None:
                    tl = self.link(h.link)
                tl.add(h.start, h.end)
            tr = Transfer(h.buffer, h.src, h.dst, h.start, h.end, h.nbytes,
                          h.link, h.node, h.groups, seq=self._seq())
            self.transfers.append(tr)
            self.journal.append(("transfer", tr))
            if h.groups is None:
                self.set_valid(h.buffer, h.dst, h.end, add=True)

    def _seq(self) -> int:
        self.counter += 1
        return self.counter

    def _uses(self, slot: Slot) -> frozenset[int]:
        """Buffers a slot has in use: all its command's for a run, the
        outputs for a merge (kept: a split books several slots of each)."""
        key = (slot.node, slot.kind)
        used = self._used.get(key)
        if used is None:
            c: Command = self.command[slot.node]
            used = self._used[key] = c.reads | c.writes if slot.kind == "run" else c.writes
        return used

    def book_slot(self, slot: Slot) -> None:
        slot.seq = self._seq()
        self.dev_tl[slot.device].add(slot.start, slot.end)
        if slot.end > slot.start:
            use_tl, dev = self.use_tl, slot.device
            for b in self._uses(slot):
                tl = use_tl.get((b, dev))
                if tl is None:
                    tl = use_tl[b, dev] = Timeline()
                tl.add(slot.start, slot.end)
        self.slots.append(slot)
        self.journal.append(("slot", slot))

    def set_valid(self, b: int, loc: str, t: float, add: bool) -> None:
        old = dict(self.valid.get(b, {}))
        self.journal.append(("valid", b, old))
        if add:
            cur = self.valid.setdefault(b, {})
            if loc not in cur or t < cur[loc]:
                cur[loc] = t
        else:
            self.valid[b] = {loc: t}

    def finish(self, v, device: str, end: float) -> None:
        """Record ``v`` done on ``device`` at ``end``: its writes live there."""
        c: Command = self.command[v]
        self.journal.append(("node", v, self.device.get(v), self.end.get(v)))
        self.device[v] = device
        self.end[v] = end
        for b in c.writes:
            self.set_valid(b, device, end, add=False)
        if self.serial:
            self.cursor = max(self.cursor, end)

    def place_whole(self, v, device: str) -> tuple[float, float]:
        c: Command = self.command[v]
        start, end, legs = self.evaluate(v, device)
        self.book_legs(legs)
        self.book_slot(Slot(v, device, start, end, (0, c.total_groups)))
        self.finish(v, device, end)
        return start, end

    def mark(self) -> int:
        return len(self.journal)

    def rollback(self, mark: int) -> None:
        while len(self.journal) > mark:
            entry = self.journal.pop()
            if entry[0] == "transfer":
                tr = entry[1]
                _drop(self.transfers, tr)
                if self.contention:
                    self.link_tl[tr.link].remove(tr.start, tr.end)
            elif entry[0] == "slot":
                s = entry[1]
                _drop(self.slots, s)
                self.dev_tl[s.device].remove(s.start, s.end)
                if s.end > s.start:
                    for b in self._uses(s):
                        self.use_tl[b, s.device].remove(s.start, s.end)
            elif entry[0] == "valid":
                self.valid[entry[1]] = entry[2]
            elif entry[0] == "node":
                _, v, dev, end = entry
                if dev is None:
                    self.device.pop(v, None)
                    self.end.pop(v, None)
                else:
                    self.device[v], self.end[v] = dev, end

    # -- result ----------------------------------------------------------
    def schedule(self, mode: str) -> Schedule:
        ends = [s.end for s in self.slots] + [t.end for t in self.transfers]
        makespan = max(ends, default=0.0)
        self.end[SINK] = makespan
        final, valid_at = {}, {}
        for b, copies in self.valid.items():
            if copies:
                valid_at[b] = frozenset(copies)
                final[b] = min(copies, key=lambda loc: (copies[loc], loc))
        writers = {}
        for v in self.g.graph["order"]:
            for b in self.command[v].writes:
                writers[b] = v
        for b, v in writers.items():
            final[b] = self.device[v]
        devs = {v: d for v, d in self.device.items() if v not in (SOURCE, SINK)}
        return Schedule(self.slots, self.transfers, makespan, final, valid_at,
                        devs, mode)
