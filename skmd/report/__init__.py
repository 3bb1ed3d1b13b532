"""skmd.report: ``skmd explain`` — what each launch did, where, and how well it was predicted.

The runtime imports :mod:`skmd.records` at start-up, which loads this package
first: the names below are therefore resolved on first use (PEP 562), so a program
under skmd never pays for rich and the report code it does not call.  Pictures
(``timeline_png``, ``timeline_html``, ``dag_png``) live in :mod:`skmd.report.timeline_pictures`,
imported on demand because matplotlib is slow to load.
"""
from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "explain_main": "explain_cmd", "resolve_run": "explain_cmd",
    "explain_table": "explain", "launch_dict": "explain", "render_text": "explain",
    "summary_line": "explain", "summary_table": "explain", "to_json": "explain",
    "LaunchRecord": "records", "Piece": "records",
    "MemoryRunLog": "runlog", "RunLog": "runlog",
    "kernel_stats": "stats", "run_summary": "stats",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'skmd.report' has no attribute {name!r}")
    return getattr(importlib.import_module(f"skmd.report.{_WHERE[name]}"), name)
