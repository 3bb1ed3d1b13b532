"""Fine-grain multi-kernel partitioning (thesis §5.4.3 Algorithm 3, §5.4.4
Algorithm 4).

The coarse schedule leaves devices idle.  Replaying it in start order, each
command moves to its earliest start on its coarse device (which shifts
successors earlier), and each splittable kernel offloads work-group steps
into other devices' idle gaps between its predecessors' finish and its own
finish, by hill climbing: the slot that finishes last gives a step to the
candidate slot that makes the kernel finish earliest, counting input moves
over the links as booked, moving partial outputs back and merging them.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

from .graph import Command
from .plan import HOST, Platform, Schedule, Slot
from .placer import Placer
from .busy import Timeline, free_gaps

#: idle gaps per helper device considered for one kernel
MAX_GAPS = 4


@dataclass
class _Gap:
    device: str
    ready: float        # inputs arrived and gap open
    close: float        # gap end
    out_spb: float      # seconds per byte to move output back to the main device


def fine_schedule(graph: nx.DiGraph, platform: Platform, coarse: Schedule, *,
                  step: float = 0.01, merge_bps: float = 10e9,
                  contention: bool = True, min_gain: float = 0.0) -> Schedule:
    """Split kernels of ``coarse`` into idle slots; never returns a longer plan.

    A split must bring its kernel's finish forward by ``min_gain`` seconds at
    least: a helper's piece costs more than predicted when its link is busier
    than measured, and a split of a short kernel cannot gain more than it risks.
    """
    if platform.comm_time is not None or len(platform.devices) < 2:
        return coarse
    main = {s.node: s for s in coarse.slots if s.kind == "run"}
    index = {v: i for i, v in enumerate(graph.graph["order"])}
    order = sorted(main, key=lambda v: (main[v].start, index[v]))
    reserved = {d: Timeline() for d in platform.devices}
    for s in main.values():
        if s.device != HOST:
            reserved[s.device].add(s.start, s.end)
    pl = Placer(graph, platform, contention=contention)
    for v in order:
        s0 = main[v]
        if s0.device != HOST:
            reserved[s0.device].remove(s0.start, s0.end)
        c: Command = graph.nodes[v]["command"]
        if c.can_split:
            _split(pl, v, s0.device, reserved, step, merge_bps, min_gain)
        else:
            pl.place_whole(v, s0.device)
    fine = pl.schedule("mkmd")
    if fine.makespan > coarse.makespan * (1 + 1e-9):
        return coarse
    return fine


def _out_bytes(c: Command, nbytes: dict, g: int) -> float:
    """Bytes of a helper's result that travel back for ``g`` rows."""
    total = sum(nbytes.get(b, 0) for b in c.writes)
    return total * g / c.total_groups if c.contiguous else total


def _merge_time(c: Command, nbytes: dict, g: int, merge_bps: float) -> float:
    if c.contiguous:
        return 0.0
    return sum(nbytes.get(b, 0) for b in c.writes) * g / c.total_groups / merge_bps


def _split(pl: Placer, v, m: str, reserved: dict[str, Timeline],
           step: float, merge_bps: float, min_gain: float = 0.0) -> None:
    c: Command = pl.command[v]
    p = pl.p
    G = c.total_groups
    if min_gain > 0 and float(p.exec_time(c.id, m, G)) <= min_gain:
        pl.place_whole(v, m)  # no split can bring it forward by more than it takes
        return
    # the main device's inputs: priced once, booked as they are by _commit
    lb, arrive_main, legs_main = main = pl.arrival(v, m)
    start, end = pl.start_after(v, m, lb, arrive_main)
    ub = end
    # a buffer read and written in place may only come from a copy nobody
    # running this kernel overwrites meanwhile
    inplace = c.reads & c.writes
    only_from = {b: {loc: t for loc, t in pl.valid.get(b, {}).items()
                     if loc not in p.devices} for b in inplace}
    extra: dict[str, list[tuple[float, float]]] = {}
    for h in legs_main:
        extra.setdefault(h.link, []).append((h.start, h.end))
    gaps: list[_Gap] = []
    for h in p.devices:
        if h == m:
            continue
        busy = pl.dev_tl[h].busy(lb, ub) + reserved[h].busy(lb, ub)
        free = free_gaps(busy, lb, ub)
        if not free:
            continue
        trial = {k: list(x) for k, x in extra.items()}
        arrive, _ = pl.bring(c.reads, h, lb, trial, only_from)
        spb = pl.seconds_per_byte(h, m)
        # an in-place buffer arrives once per device, before its only slot there
        for a, b in free[:1 if inplace else MAX_GAPS]:
            ready = max(a, arrive)
            if ready < b:
                gaps.append(_Gap(h, ready, b, spb))
    if not gaps:
        pl.place_whole(v, m)
        return
    groups = _hill_climb(pl, c, m, start, gaps, step, merge_bps)
    if groups[0] == G:
        pl.place_whole(v, m)
        return
    mark = pl.mark()
    need = max(min_gain, 1e-12 * max(1.0, end))
    if not _commit(pl, v, c, m, lb, gaps, groups, only_from, merge_bps, main) \
            or end - pl.end[v] < need:
        pl.rollback(mark)
        pl.place_whole(v, m)


def _slot_clock(pl: Placer, c: Command, m: str, start: float, gaps: list[_Gap],
                out_fixed: float, out_pg: float) -> Callable[[int, int], float]:
    """``done(s, g)``: when slot ``s`` (0 = the main device) with ``g`` rows has
    its result on the main device, inf where the rows overflow the gap.

    Predictions are kept per device, not per slot: a device's gaps ask for the
    same row counts again and again while the climb moves steps about.
    """
    predict, cid, inf = pl.p.exec_time, c.id, float("inf")
    per_device: dict[str, dict[int, float]] = {}
    devs = [m] + [gp.device for gp in gaps]
    kept = [per_device.setdefault(d, {0: 0.0}) for d in devs]
    ready = [start] + [gp.ready for gp in gaps]
    close = [inf] + [gp.close for gp in gaps]
    spb = [0.0] + [gp.out_spb for gp in gaps]

    def done(s: int, g: int) -> float:
        t = kept[s].get(g)
        if t is None:
            t = kept[s][g] = float(predict(cid, devs[s], g))
        if s == 0:
            return start + t
        if g == 0:
            return 0.0
        fin = ready[s] + t
        if fin > close[s]:
            return inf
        return fin + (out_fixed + out_pg * g) * spb[s]
    return done


def _hill_climb(pl: Placer, c: Command, m: str, start: float,
                gaps: list[_Gap], step: float, merge_bps: float) -> list[int]:
    """Algorithm 4: work-groups per slot (index 0 = the main device).

    The slot finishing last gives ``step`` of the work-groups to whichever
    slot then makes the kernel finish earliest.  Two departures from the
    thesis keep it fast and unstuck: a step that pays off is doubled for the
    next move (halved back when it overshoots), and at the base step a few
    doubled look-ahead steps are tried before giving up, so a fixed cost
    (moving a whole discontiguous output) does not stop the climb at once.
    """
    G = c.total_groups
    S = len(gaps) + 1
    wbytes = float(sum(pl.bytes.get(b, 0) for b in c.writes))
    out_pg = wbytes / G if c.contiguous else 0.0
    out_fixed = 0.0 if c.contiguous else wbytes
    merge_pg = 0.0 if c.contiguous else wbytes / G / merge_bps
    slot_done = _slot_clock(pl, c, m, start, gaps, out_fixed, out_pg)
    inf = float("inf")
    slots = range(S)

    groups = [G] + [0] * (S - 1)
    done = [slot_done(0, G)] + [0.0] * (S - 1)
    merge = [0.0] * S
    cur = done[0]

    def best_move(w: int):
        s_from = -1  # the first of the slots with work that finish last
        for s in slots:
            if groups[s] and (s_from < 0 or done[s] > done[s_from]):
                s_from = s
        g_from = groups[s_from]
        w = min(w, g_from)
        d_from = slot_done(s_from, g_from - w)
        m_from = 0.0 if s_from == 0 else merge_pg * (g_from - w)
        # the latest end among the other slots: that of the latest slot besides
        # s_from, or of the runner-up where the move goes to the latest
        first = second = -1
        for k in slots:
            if k == s_from:
                continue
            if first < 0 or done[k] > done[first]:
                first, second = k, first
            elif second < 0 or done[k] > done[second]:
                second = k
        # merges to fold, in slot order (a slot without rows adds nothing)
        held = [k for k in slots if merge[k]] if merge_pg else ()
        best = None
        best_total = inf
        for s in slots:
            if s == s_from:
                continue
            g_to = groups[s] + w
            d_to = slot_done(s, g_to)
            if d_to == inf:
                continue
            latest = d_from if d_from > d_to else d_to
            k = first if s != first else second
            if k >= 0 and done[k] > latest:
                latest = done[k]
            merging = m_from
            if merge_pg:
                merging += 0.0 if s == 0 else merge_pg * g_to
                for k in held:
                    if k != s and k != s_from:
                        merging += merge[k]
            total = latest + merging
            if best is None or total < best_total:
                best_total = total
                best = (total, s_from, s, w, d_from, d_to)
        return best

    def apply(move) -> None:
        nonlocal cur
        total, s_from, s, w, d_from, d_to = move
        groups[s_from] -= w
        groups[s] += w
        done[s_from], done[s] = d_from, d_to
        merge[s_from] = 0.0 if s_from == 0 else merge_pg * groups[s_from]
        merge[s] = 0.0 if s == 0 else merge_pg * groups[s]
        cur = total

    def improves(move) -> bool:
        return move is not None and move[0] < cur - 1e-12 * max(cur, 1e-12)

    base = max(1, math.ceil(G * step))
    w = base
    for _ in range(4 * math.ceil(1 / step) + 16):
        move = best_move(w)
        if improves(move):
            apply(move)
            w *= 2
            continue
        if w > base:
            w = max(base, w // 4)
            continue
        if any(groups[1:]):
            break
        # nothing offloaded yet: a fixed cost may hide behind one small step
        k = 1
        while k <= 10 and (base << (k - 1)) < G:
            move = best_move(base << k)
            if improves(move):
                apply(move)
                break
            k += 1
        else:
            break
    return groups


def _commit(pl: Placer, v, c: Command, m: str, lb: float, gaps: list[_Gap],
            groups: list[int], only_from: dict, merge_bps: float,
            main: tuple[float, float, list] | None = None) -> bool:
    """Book the split for real; False if a helper no longer fits its gap.

    ``main`` is ``pl.arrival(v, m)`` where the caller has it: nothing was
    booked since, so it holds, and the main device's share needs only its
    own length priced.
    """
    rows = []
    first = 0
    for g in groups:
        rows.append((first, first + g))
        first += g
    ready, arrive, legs = main or pl.arrival(v, m)
    start, main_end = pl.start_after(v, m, ready, arrive, groups[0])
    pl.book_legs(legs)
    if groups[0]:
        pl.book_slot(Slot(v, m, start, main_end, rows[0]))
    ends = [main_end]
    merges = []
    for s, gp in enumerate(gaps, start=1):
        g = groups[s]
        if not g:
            continue
        arrive, legs = pl.bring(c.reads, gp.device, lb, {}, only_from)
        if arrive == float("inf"):
            return False
        pl.book_legs(legs)
        dur = pl.exec_time(c, gp.device, g)
        hs = pl.dev_tl[gp.device].find(max(arrive, gp.ready), dur)
        pl.book_slot(Slot(v, gp.device, hs, hs + dur, rows[s]))
        ends.append(hs + dur)
        out = hs + dur
        for b in sorted(c.writes):
            nb = int(round(_out_bytes(c, {b: pl.bytes.get(b, 0)}, g)))
            t, legs = pl.route(b, gp.device, m, hs + dur, nb, {}, node=v,
                               groups=rows[s])
            pl.book_legs(legs)
            out = max(out, t)
        merges.append((out, rows[s], _merge_time(c, pl.bytes, g, merge_bps)))
    t = main_end
    for arrive, r, dur in sorted(merges):
        # contiguous rows land in place: a zero-length merge marks the moment
        ms = pl.dev_tl[m].find(max(t, arrive), dur) if dur > 0 else max(t, arrive)
        pl.book_slot(Slot(v, m, ms, ms + dur, r, kind="merge"))
        t = ms + dur
    pl.finish(v, m, max([t] + ends))
    return True
