"""``skmd explain RUN --replay``: each graph batch against the best schedule there is.

Per batch, four makespans from the run's own measured kernel and transfer
times: what the batch took (``measured_s``: the engine's run and results-home
phases), the schedule skmd chose booked again without host waits, threads or
Python (``simulated_s``), the best schedule known (``optimal_s``): the best
whole-kernel schedule (``whole_optimal_s``, proven by branch and bound up to
:data:`EXACT_KERNELS` kernels within the search budget: ``exact``) unless the
chosen plan or skmd's own plan made with the measured costs (``replanned_s``)
splits kernels and is shorter (``split_beats_whole``), then the optimum lies
between ``lower_bound_s``, a bound no schedule beats, and ``optimal_s``.  Last,
the batch in program order on the home device (``inorder_s``).  measured - simulated is the engine's loss,
simulated - optimal the scheduler's.
"""
from __future__ import annotations

import json
import math
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import networkx as nx
from rich import box
from rich.console import Console
from rich.table import Table

from skmd.mkmd_graph import build_graph, inorder_schedule, schedule
from skmd.mkmd_graph.optimal import DEFAULT_BUDGET, best_whole_schedule, lower_bound
from skmd.mkmd_graph.resimulate import simulate_placement
from skmd.modes import MODES
from skmd.records import LaunchRecord
from skmd.report.replay_costs import (Batch, graph_batches, home_of, link_rates,
                                      match_launches, measured_platform, placement, recorded_graph,
                                      run_kernel_times, scaled_graph)

#: batches up to this many kernels are searched; bigger ones keep the best known plan
EXACT_KERNELS = 12


def _order(graph: nx.DiGraph, started: list[int]) -> tuple[list[int], int]:
    """Kernels by measured start, predecessors first; how many had to move."""
    rank = {v: i for i, v in enumerate(started)}
    sub = graph.subgraph(started)
    order = list(nx.lexicographical_topological_sort(sub, key=rank.__getitem__))
    return order, sum(a != b for a, b in zip(order, started))


class _Replay:
    """The batch's graph under its measured costs, replayed with one record mapping."""

    def __init__(self, cmds, sizes, initial, rec_of, devices, home, run_times, rates):
        self.assumptions: list[str] = []
        self.plat, self.merge_bps = measured_platform(cmds, rec_of, devices, home, run_times,
                                                      rates, self.assumptions)
        self.graph = build_graph(cmds, sizes, initial)
        self.rows, started = placement(cmds, rec_of)
        order, self.moved = _order(self.graph, started)
        self.chosen = simulate_placement(self.graph, self.plat, self.rows, order,
                                         merge_bps=self.merge_bps)


def _splits(s: Any) -> bool:
    """Whether a schedule runs some kernel on more than one device."""
    seen: dict[int, str] = {}
    for x in s.slots:
        if x.kind == "run" and seen.setdefault(x.node, x.device) != x.device:
            return True
    return False


def analyse_batch(batch: Batch, records: Sequence[LaunchRecord], devices: Sequence[str],
                  home: str, traced: Mapping[tuple, Mapping] | None = None, *,
                  run_times: Mapping | None = None, rates: tuple | None = None,
                  budget: int = DEFAULT_BUDGET) -> dict[str, Any]:
    """One batch's record for ``--replay --json``."""
    sched_s, measured = batch.timings()
    out: dict[str, Any] = {"batch": batch.index, "phase": batch.phase, "home": home,
                           "first_run": "(first run" in batch.note,
                           "kernels": len(batch.records), "measured_s": measured,
                           "schedule_s": sched_s}
    notes = []
    if not any(r.pieces for r in batch.records):
        out["skipped"] = "ran whole on the home device in program order: no kernel times"
        return out
    if batch.graph is not None:
        cmds, sizes, initial, rec_of = recorded_graph(batch)
        out["graph"] = "recorded"
    elif traced and batch.names in traced:
        cmds, sizes, initial, rec_of = scaled_graph(traced[batch.names], batch.records)
        out["graph"] = "traced"
        notes.append("graph traced from the program at another size: buffers scaled by "
                     "work size, inputs start in host memory, launches matched to commands "
                     "by name and measured times")
    else:
        out["skipped"] = "no graph recorded for this batch (pass traced graphs)"
        return out
    run_times = run_times if run_times is not None else run_kernel_times(records)
    rates = rates if rates is not None else link_rates(records)

    def replay(mapping: dict) -> _Replay:
        return _Replay(cmds, sizes, initial, mapping, devices, home, run_times, rates)

    if out["graph"] == "traced":
        rec_of = match_launches(build_graph(cmds, sizes, initial), rec_of, rates)
    rp = replay(rec_of)
    assumptions = notes + rp.assumptions
    if rp.moved:
        assumptions.append(f"{rp.moved} kernels started out of dependency order "
                           "(clock or graph mismatch): replayed in dependency order")
    plat, graph, chosen = rp.plat, rp.graph, rp.chosen
    replanned = schedule(cmds, sizes, plat, "mkmd", initial=initial, merge_bps=rp.merge_bps)
    # the whole-kernel optimum is searched below the best whole plan known; a split
    # plan (the chosen one or the re-planned one) may still beat it
    whole = [schedule(cmds, sizes, plat, "coarse", initial=initial).makespan]
    whole += [s.makespan for s in (chosen, replanned) if not _splits(s)]
    search = None
    if len(cmds) <= EXACT_KERNELS:
        search = best_whole_schedule(graph, plat, upper=min(whole) * (1 + 1e-9),
                                     budget=budget)
    whole_best = min(whole + ([search.makespan] if search else []))
    best = min(whole_best, chosen.makespan, replanned.makespan)
    out.update(
        simulated_s=chosen.makespan, optimal_s=best, whole_optimal_s=whole_best,
        exact=bool(search and search.exact), split_beats_whole=best < whole_best,
        lower_bound_s=lower_bound(graph, plat),
        inorder_s=inorder_schedule(graph, plat, home).makespan,
        replanned_s=replanned.makespan,
        searched=search.expanded if search else 0,
        split_kernels=sum(len(r) > 1 for r in rp.rows.values()),
        devices_used=sorted({d for r in rp.rows.values() for d in r}),
        assumptions=assumptions)
    if measured is not None:
        out["engine_loss_s"] = measured - chosen.makespan
    out["scheduler_loss_s"] = chosen.makespan - best
    return out


def replay_run(records: Sequence[LaunchRecord],
               traced: Mapping[tuple, Mapping] | None = None,
               budget: int = DEFAULT_BUDGET) -> list[dict[str, Any]]:
    """Every graph batch of one run's records (see :func:`analyse_batch`)."""
    batches = graph_batches(records)
    devices = sorted({d for r in records for d in r.ranges}
                     | {p.device for r in records for p in r.pieces})
    recorded = next((b.graph.get("home") for b in batches if b.graph), None)
    home = recorded or home_of(records) or (devices[0] if devices else "")
    times, rates = run_kernel_times(records), link_rates(records)
    return [analyse_batch(b, records, devices, home, traced, run_times=times,
                          rates=rates, budget=budget) for b in batches]


def load_traced(path: str) -> dict[tuple, dict]:
    """Traced batch graphs from a JSON list of ``batch_to_dict`` objects."""
    with open(path) as f:
        items = json.load(f)
    return {tuple(sorted(c["name"] for c in g["commands"])): g for g in items}


def _ms(x: float | None) -> str:
    return "—" if x is None else f"{x * 1e3:.3g}" if abs(x) < 1e-3 else f"{x * 1e3:.1f}"


def replay_table(rows: Sequence[Mapping[str, Any]]) -> Table:
    # a light box: ten numeric columns fit an 80-column terminal
    table = Table(title="graph batches replayed with their measured costs (ms)",
                  box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for col in ("#", "phase", "k", "measured", "sim.", "optimal",
                "bound", "in\norder", "engine\nloss", "sched.\nloss", "%"):
        table.add_column(col, justify="left" if col == "phase" else "right")
    for r in rows:
        head = (str(r["batch"]), r["phase"], str(r["kernels"]), _ms(r["measured_s"]))
        if "skipped" in r:
            table.add_row(*head, r["skipped"], *[""] * 6)
            continue
        loss = r["scheduler_loss_s"]
        pct = f"{100 * loss / r['optimal_s']:.0f}" if r["optimal_s"] else ""
        table.add_row(*head, _ms(r["simulated_s"]),
                      _ms(r["optimal_s"]) + ("" if r["exact"] else "?")
                      + ("+" if r["split_beats_whole"] else ""),
                      _ms(r["lower_bound_s"]), _ms(r["inorder_s"]),
                      _ms(r.get("engine_loss_s")), _ms(loss), pct)
    return table


def no_batches(records: Sequence[LaunchRecord]) -> str:
    """Why a run has no graph batch to replay, from its launches' modes: a graph
    mode's launches may all have run in program order or at once."""
    if not records:
        return "this run recorded no kernel launches: there is nothing to replay"
    graph_modes = sorted(m.name for m in MODES.values() if m.defers_to_graph)
    ran = sorted({r.mode for r in records})
    if not set(ran) & set(graph_modes):
        return (f"this run has no graph batches: it ran with SKMD_MODE={','.join(ran)} "
                f"(SKMD_MODE={' or '.join(graph_modes)} schedules batches)")
    return ("this run's launches ran in program order or at once: no batch was "
            "scheduled, so there is nothing to replay")


def render_replay(rows: Sequence[Mapping[str, Any]], console: Console,
                  none_why: str = "this run has no graph batches") -> None:
    if not rows:
        console.print(none_why, highlight=False, soft_wrap=True)
        return
    console.print(replay_table(rows))
    console.print("optimal: the best whole-kernel schedule (proven up to "
                  f"{EXACT_KERNELS} kernels; ? where not proven), or a shorter split plan "
                  "(+: then the optimum lies between bound and optimal); k: kernels; sim.: "
                  "the chosen schedule with the measured costs; losses: engine = "
                  "measured - sim., scheduler = sim. - optimal (%: of optimal)",
                  highlight=False, soft_wrap=True)
    notes = sorted({a for r in rows for a in r.get("assumptions", [])})
    for a in notes:
        console.print(f"assumed: {a}", highlight=False, soft_wrap=True)


def replay_json(rows: Sequence[Mapping[str, Any]]) -> str:
    def clean(x: Any) -> Any:
        return None if isinstance(x, float) and not math.isfinite(x) else x
    return json.dumps([{k: clean(v) for k, v in r.items()} for r in rows], indent=1)


def replay_main(records: Sequence[LaunchRecord], run_id: str, as_json: bool,
                graphs: str | None, out: Console, fail: Any, to_stdout: bool) -> int:
    """``skmd explain --replay``: the table (or JSON) for one run's records."""
    try:
        traced = load_traced(graphs) if graphs else None
    except (OSError, ValueError, KeyError, TypeError) as e:
        return fail(f"cannot read traced graphs {graphs}: {e}")
    try:
        rows = replay_run(records, traced)
    except ValueError as e:
        return fail(f"cannot replay run {run_id}: {e}")
    if as_json:
        text = replay_json(rows)
        if to_stdout:
            sys.stdout.write(text + "\n")
        else:
            out.out(text, highlight=False)
        return 0
    out.print(f"run {run_id}", highlight=False)
    render_replay(rows, out, no_batches(records))
    return 0
