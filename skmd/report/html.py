"""The HTML page around the timeline: summary, per-kernel and per-launch tables.

Everything inline (no scripts, fonts or stylesheets fetched) so the file can be
attached to a bug report and opened anywhere.
"""
from __future__ import annotations

from html import escape
from typing import Sequence

from skmd.report.explain import summary_line
from skmd.report.fmt import human_bytes, human_time
from skmd.records import LaunchRecord
from skmd.report.breakdown import breakdown
from skmd.report.stats import (group_by_run, is_split, kernel_labels, kernel_stats,
                               launch_count, run_summary, share_pct)

#: per-launch rows beyond this are left to the per-kernel table
MAX_LAUNCH_ROWS = 500

_CSS = """
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.2em; } h2 { font-size: 1.05em; margin-top: 1.5em; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }
td.n { text-align: right; }
.summary { font-family: monospace; white-space: pre-line; }
svg { border: 1px solid #ddd; }
"""


def _kernel_rows(records: Sequence[LaunchRecord]) -> str:
    rows = []
    for st in kernel_stats(records):
        shares = " · ".join(f"{d} {p:.0f}%" for d, p in st.mean_share_pct.items())
        err = f"{st.mean_abs_error_pct:.1f}%" if st.mean_abs_error_pct is not None else "—"
        why = "; ".join(f"{w} (×{n})" for w, n in st.reasons.items())
        rows.append(
            f"<tr><td>{escape(st.kernel)}</td><td class=n>{st.launches}</td>"
            f"<td class=n>{st.split}</td><td>{escape(shares)}</td><td class=n>{err}</td>"
            f"<td class=n>{human_time(st.wall_s)}</td>"
            f"<td class=n>{human_bytes(st.bytes_moved)}</td><td>{escape(why)}</td></tr>")
    head = ("<tr><th>kernel</th><th>launches</th><th>split</th><th>mean shares</th>"
            "<th>mean |err|</th><th>wall</th><th>bytes moved</th>"
            "<th>not split because</th></tr>")
    return f"<table>{head}{''.join(rows)}</table>"


def _launch_rows(records: Sequence[LaunchRecord]) -> str:
    rows = []
    labels = kernel_labels(records)
    for r in records[:MAX_LAUNCH_ROWS]:
        pct = share_pct(r)
        shares = ", ".join(
            f"{d} [{r.ranges[d][0]}, {r.ranges[d][1]}) {pct.get(d, 0):.1f}%"
            if d in r.ranges else f"{d} {pct.get(d, 0):.1f}%" for d in r.shares)
        rows.append(
            f"<tr><td class=n>{r.seq}</td><td>{escape(labels[r.kernel, r.program])}</td>"
            f"<td>{escape(r.policy)}</td><td>{'yes' if is_split(r) else 'no'}</td>"
            f"<td>{escape(shares)}</td><td class=n>{human_time(r.wall_s)}</td>"
            f"<td>{escape(r.reason or '')}</td></tr>")
    more = ""
    if len(records) > MAX_LAUNCH_ROWS:
        more = f"<p>… {launch_count(records[MAX_LAUNCH_ROWS:])} more launches not listed.</p>"
    head = ("<tr><th>#</th><th>kernel</th><th>policy</th><th>split</th>"
            "<th>devices [groups) share</th><th>wall</th><th>reason</th></tr>")
    return f"<table>{head}{''.join(rows)}</table>{more}"


def page(records: Sequence[LaunchRecord], svg: str, title: str) -> str:
    """A complete HTML document for one run (or several, summarised one by one)."""
    summaries = "".join(
        f"<p class=summary>{escape(summary_line(run_summary(rs), breakdown(rs)))}</p>"
        for rs in group_by_run(records).values())
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(title)}</h1>{summaries}"
        f"<p>Hover a bar for its launch, kind and timing. "
        f"Upper lane: kernels and merges; lower lane: transfers; the host's lane: "
        f"launch calls.</p>\n{svg}\n"
        f"<h2>By kernel</h2>{_kernel_rows(records)}"
        f"<h2>Launches</h2>{_launch_rows(records)}"
        "</body></html>\n")
