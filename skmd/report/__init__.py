"""skmd.report: ``skmd explain`` — what each launch did, where, and how well it was predicted.

Pictures (``timeline_png``, ``timeline_html``, ``dag_png``) live in
:mod:`skmd.report.timeline`, imported on demand because matplotlib is slow to load.
"""
from skmd.report.cli import explain_main, resolve_run
from skmd.report.explain import (explain_table, launch_dict, render_text, summary_line,
                                 summary_table, to_json)
from skmd.report.records import LaunchRecord, Piece
from skmd.report.runlog import MemoryRunLog, RunLog
from skmd.report.stats import kernel_stats, run_summary

__all__ = [
    "LaunchRecord", "Piece", "RunLog", "MemoryRunLog", "explain_main", "resolve_run",
    "explain_table", "summary_table", "render_text", "summary_line", "to_json",
    "launch_dict", "run_summary", "kernel_stats",
]
