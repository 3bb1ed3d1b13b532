"""``skmd explain`` for a pipe or a file: one block of short lines per launch.

A table squeezed to a pipe's 80 columns cuts names and wraps reasons a word per
line; blocks never wrap, whatever the width. Long reasons become short codes
(``R1``) explained once in a legend after the run.
"""
from __future__ import annotations

from typing import Callable, Sequence

from skmd.report.breakdown import breakdown
from skmd.report.explain import (_bytes_cell, _devices_cell, _fastest_cell, _merge_cell,
                                 _policy_cell, _timing_cell, summary_line)
from skmd.report.fmt import human_bytes, human_time
from skmd.records import LaunchRecord
from skmd.report.stats import group_by_run, is_split, kernel_labels, kernel_stats, run_summary
from skmd.words import plural


class Legend:
    """Reason text -> short code, numbered in order of first use."""

    def __init__(self) -> None:
        self.codes: dict[str, str] = {}

    def code(self, text: str) -> str:
        return self.codes.setdefault(text, f"R{len(self.codes) + 1}")

    def lines(self) -> list[str]:
        return (["reasons:"] + [f"  {c}  {t}" for t, c in self.codes.items()]
                if self.codes else [])


def _field(name: str, cell: str) -> list[str]:
    if cell in ("", "—"):
        return []
    return [f"  {name}: " + "; ".join(cell.split("\n"))]


def launch_block(r: LaunchRecord, label: str, legend: Legend) -> list[str]:
    how = "split" if is_split(r) else "whole"
    wall = f"wall {human_time(r.wall_s)}"
    if r.device_s is not None and not r.pieces:
        wall += f" (device), call {human_time(r.host_s)}"
    elif r.host_s and not r.pieces:
        wall += " (host call; its queue does not profile)"
    lines = [f"#{r.seq} {label}  {how}, {_policy_cell(r)}, {wall}"]
    if how == "split":
        lines += _field("devices", _devices_cell(r))
    lines += _field("predicted/measured", _timing_cell(r)) if r.predicted else []
    lines += _field("moved", _bytes_cell(r)) + _field("merge", _merge_cell(r))
    lines += _field("fastest single", _fastest_cell(r))
    why = [legend.code(t) for t in ([r.reason] if r.reason else []) + list(r.notes)]
    if why:
        lines.append("  why: " + " ".join(why))
    return lines


def kernel_block(st, legend: Legend) -> list[str]:
    shares = " · ".join(f"{d} {p:.0f}%" for d, p in st.mean_share_pct.items()) or "—"
    err = f", mean |err| {st.mean_abs_error_pct:.1f}%" if st.mean_abs_error_pct is not None \
        else ""
    lines = [f"{st.kernel}  {plural(st.launches, 'launch')}, {st.split} split, "
             f"wall {human_time(st.wall_s)}{err}",
             f"  shares: {shares}; moved {human_bytes(st.bytes_moved)}"
             + (f"; merge {human_time(st.merge_s)}" if st.merge_s else "")]
    if st.reasons:
        lines.append("  not split: " + ", ".join(f"{legend.code(t)} ×{n}"
                                                 for t, n in st.reasons.items()))
    return lines


def render_blocks(records: Sequence[LaunchRecord], write: Callable[[str], None],
                  by_kernel: bool = False, limit: int | None = None) -> None:
    """Print every run in ``records`` as blocks, then its summary and legend."""
    if not records:
        write("no kernel launches recorded")
        return
    for run_id, rs in group_by_run(records).items():
        legend = Legend()
        labels = kernel_labels(rs)
        if by_kernel:
            write(f"run {run_id} by kernel")
            for st in kernel_stats(rs):
                write("\n".join(kernel_block(st, legend)))
        else:
            shown = rs if limit is None else rs[:limit]
            for r in shown:
                write("\n".join(launch_block(r, labels[r.kernel, r.program], legend)))
            if len(shown) < len(rs):
                write(f"… {len(rs) - len(shown)} more launches not shown "
                      "(--by-kernel groups them)")
        for line in legend.lines():
            write(line)
        write(summary_line(run_summary(rs), breakdown(rs)))
