"""``skmd explain``: what each launch did, where, how well the model predicted it.

The per-launch table answers "why was this launch split like that"; the
per-kernel table answers the same for programs that launch thousands of
kernels, where one row per launch is too much to read.
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from skmd import modes
from skmd.report.fmt import error_pct, human_bytes, human_time, signed_pct
from skmd.words import plural
from skmd.records import LaunchRecord
from skmd.report.breakdown import Breakdown, breakdown, part_label
from skmd.report.stats import (RunSummary, device_errors, group_by_run, is_split,
                               kernel_labels, kernel_stats, launch_devices, run_summary,
                               ran_whole_uncounted, share_pct, whole_groups)


def _link(label: str) -> str:
    return label.replace("->", "→")


def _footnotes(records: Sequence[LaunchRecord]) -> tuple[dict[int, list[int]], list[str]]:
    """Number each distinct reason/note once; launch seq -> its footnote numbers."""
    texts: list[str] = []
    index: dict[str, int] = {}
    marks: dict[int, list[int]] = {}
    for r in records:
        for t in ([r.reason] if r.reason else []) + list(r.notes):
            if t not in index:
                texts.append(t)
                index[t] = len(texts)
            marks.setdefault(r.seq, []).append(index[t])
    return marks, texts


def _devices_cell(r: LaunchRecord) -> str:
    if r.shares and not any(r.shares.values()):  # run whole: no work-groups counted
        return "\n".join(f"{d} whole" for d in r.shares)
    pct = share_pct(r)
    lines = []
    for d in launch_devices(r):
        if d not in r.shares and d not in r.ranges:
            continue
        rng = r.ranges.get(d)
        span = f"[{rng[0]}, {rng[1]})" if rng is not None else ""
        lines.append(f"{d} {span} {pct.get(d, 0.0):.1f}%".replace("  ", " "))
    return "\n".join(lines) or "—"


def _timing_cell(r: LaunchRecord) -> str:
    lines = []
    for d in launch_devices(r):
        pred, meas = r.predicted.get(d), r.measured.get(d)
        if pred is None and meas is None:
            continue
        e = error_pct(pred, meas)
        tail = f" {signed_pct(e)}" if e is not None else ""
        lines.append(f"{d}: {human_time(pred)} / {human_time(meas)}{tail}")
    return "\n".join(lines) or "—"


def _link_busy(r: LaunchRecord) -> dict[str, float]:
    """Seconds each link was busy in the launch, keyed as ``bytes_moved`` is."""
    busy: dict[str, float] = {}
    for p in r.pieces:
        if p.kind in ("h2d", "d2h"):
            key = f"host->{p.device}" if p.kind == "h2d" else f"{p.device}->host"
            busy[key] = busy.get(key, 0.0) + max(0.0, p.end - p.start)
    return busy


def _bytes_cell(r: LaunchRecord) -> str:
    """Bytes per link, from where to where (host memory, a device), and how long
    the link was busy."""
    busy = _link_busy(r)
    lines = [f"{_link(k)} {human_bytes(v)}"
             + (f" ({human_time(busy[k])})" if busy.get(k) else "")
             for k, v in r.bytes_moved.items() if v]
    return "\n".join(lines) or "—"


def _fastest_cell(r: LaunchRecord) -> str:
    if r.fastest_single is None:
        return "—"
    text = f"{r.fastest_single} {human_time(r.fastest_single_s)}"
    if r.fastest_single_s and r.wall_s > 0:
        text += f"\nspeed-up ×{r.fastest_single_s / r.wall_s:.2f}"
    return text


def _policy_cell(r: LaunchRecord) -> str:
    return r.policy if r.mode == modes.DEFAULT else f"{r.policy} ({r.mode})"


def explain_table(records: Sequence[LaunchRecord], title: str | None = None) -> Table:
    """One row per launch; reasons and notes as numbered footnotes in the caption."""
    marks, notes = _footnotes(records)
    caption = "\n".join(f"[{i}] {t}" for i, t in enumerate(notes, 1)) or None
    table = Table(title=title, caption=caption, caption_justify="left",
                  show_lines=True, expand=False)
    table.add_column("#", justify="right")
    table.add_column("kernel", overflow="fold")
    table.add_column("policy")
    table.add_column("devices [groups) share")
    table.add_column("predicted / measured  err")
    table.add_column("bytes moved")
    table.add_column("merge", justify="right")
    table.add_column("wall", justify="right")
    table.add_column("fastest single (pred.)")
    table.add_column("note")
    labels = kernel_labels(records)
    for r in records:
        note = ",".join(f"[{i}]" for i in marks.get(r.seq, []))
        kernel = Text(labels[r.kernel, r.program], style="bold" if is_split(r) else "")
        table.add_row(str(r.seq), kernel, _policy_cell(r), _devices_cell(r),
                      _timing_cell(r), _bytes_cell(r),
                      _merge_cell(r), _wall_cell(r), _fastest_cell(r), note)
    return table


def _wall_cell(r: LaunchRecord) -> str:
    """The launch's wall; ``call`` marks the host time of a call whose kernel's own
    time is unknown (its queue does not profile)."""
    host_only = not r.pieces and r.device_s is None and r.host_s > 0
    return human_time(r.wall_s) + (" call" if host_only else "")


def _merge_cell(r: LaunchRecord) -> str:
    if not r.merge_s:
        return "—"
    return f"{human_time(r.merge_s)} {r.merge}" if r.merge else human_time(r.merge_s)


def summary_table(records: Sequence[LaunchRecord], title: str | None = None) -> Table:
    """One row per kernel: for runs with many launches of the same kernels."""
    codes: dict[str, str] = {}
    stats = kernel_stats(records)
    for st in stats:
        for why in st.reasons:
            codes.setdefault(why, f"R{len(codes) + 1}")
    caption = "\n".join(f"{c}  {why}" for why, c in codes.items()) or None
    table = Table(title=title, caption=caption, caption_justify="left", expand=False)
    table.add_column("kernel", overflow="fold")
    table.add_column("launches", justify="right")
    table.add_column("split", justify="right")
    table.add_column("mean shares")
    table.add_column("mean |err|", justify="right")
    table.add_column("wall", justify="right")
    table.add_column("bytes moved", justify="right")
    table.add_column("merge", justify="right")
    table.add_column("not split because")
    for st in stats:
        shares = " · ".join(f"{d} {p:.0f}%" for d, p in st.mean_share_pct.items())
        err = f"{st.mean_abs_error_pct:.1f}%" if st.mean_abs_error_pct is not None else "—"
        reasons = " ".join(f"{codes[why]}×{n}" for why, n in st.reasons.items())
        table.add_row(st.kernel, str(st.launches),
                      f"{st.split} ({100.0 * st.split / st.launches:.0f}%)",
                      shares or "—", err, human_time(st.wall_s),
                      human_bytes(st.bytes_moved),
                      human_time(st.merge_s) if st.merge_s else "—", reasons)
    return table


def summary_line(s: RunSummary, where: Breakdown | None = None) -> str:
    """The line per run that says whether splitting paid off at all and, given
    the run's breakdown, a second one that says where its wall time went."""
    busy = ""
    if s.mean_busy_pct is not None:
        per = ", ".join(f"{d} {p:.0f}%" for d, p in s.busy_pct.items())
        busy = f", devices busy {s.mean_busy_pct:.0f}% ({per})"
    wall = where.wall_s if where is not None and where.wall_s > 0 else s.wall_s
    line = (f"run {s.run_id}: {plural(s.launches, 'launch')}, {s.split} split, "
            f"{human_bytes(s.bytes_moved)} moved, merge {human_time(s.merge_s)}, "
            f"wall {human_time(wall)}{busy}")
    if where is not None and where.wall_s > 0:
        line += "\n" + where_line(where)
    return line


def where_line(b: Breakdown) -> str:
    """``wall time: kernels cpu0 12.0 ms (60%), program host 8.0 ms (40%)``."""
    parts = ", ".join(f"{part_label(k)} {human_time(v)} ({100.0 * v / b.wall_s:.0f}%)"
                      for k, v in b.parts.items() if v > 0)
    return f"  wall time went to: {parts}"


def render_text(records: Sequence[LaunchRecord], console: Console,
                by_kernel: bool = False, limit: int | None = None,
                run_titles: bool = True) -> None:
    """Print every run in ``records``: its table, then its summary line.

    ``limit`` caps the per-launch rows (the summary still counts every launch);
    ``run_titles=False``: the caller has named the run, the tables do not again.
    """
    if not records:
        console.print("no kernel launches recorded")
        return
    for run_id, rs in group_by_run(records).items():
        if by_kernel:
            console.print(summary_table(rs, title=f"run {run_id} by kernel" if run_titles
                                        else "by kernel"))
        else:
            shown = rs if limit is None else rs[:limit]
            console.print(explain_table(shown, title=f"run {run_id}" if run_titles
                                        else None))
            if len(shown) < len(rs):
                console.print(f"… {len(rs) - len(shown)} more launches not shown "
                              "(--by-kernel groups them)")
        console.print(summary_line(run_summary(rs), breakdown(rs)), highlight=False,
                      soft_wrap=True)


def launch_dict(r: LaunchRecord) -> dict[str, Any]:
    """Every field of the record plus the figures the table derives from it."""
    d = r.to_dict()
    if ran_whole_uncounted(r):  # counted here, not on the launch path; None: unknown
        d["total_groups"] = whole_groups(r)
        d["shares"] = {dev: d["total_groups"] for dev in r.shares}
    d["split"] = is_split(r)
    d["share_pct"] = share_pct(r)
    d["error_pct"] = device_errors(r)
    return d


def run_dict(records: Sequence[LaunchRecord]) -> dict[str, Any]:
    """One run for ``skmd explain --json``: its wall, where it went, every launch."""
    b = breakdown(records)
    return {"run_id": records[0].run_id if records else None, "wall_s": b.wall_s,
            "breakdown": b.parts, "launches": [launch_dict(r) for r in records]}


def to_json(records: Sequence[LaunchRecord], indent: int | None = 2) -> str:
    """A JSON list, one object per launch; ``LaunchRecord.from_dict`` reads each back."""
    return json.dumps([launch_dict(r) for r in records], indent=indent,
                      ensure_ascii=False)
