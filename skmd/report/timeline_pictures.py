"""Timeline pictures of a run: one row per device, pieces coloured by kind.

The PNG is for reports and pull requests; the HTML (inline SVG, hover for
details, no network) is for looking closely at a run with many launches.
"""
from __future__ import annotations

import os
from collections import defaultdict
from typing import Sequence

import matplotlib

matplotlib.use("Agg")  # pictures are files; never open a window
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import patheffects  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.transforms import ScaledTranslation  # noqa: E402

from skmd.report.dag import dag_png  # noqa: E402,F401  (one import place for pictures)
from skmd.report.lanes import (KIND_COLORS, Layout, color, label_spans, lane,  # noqa: E402
                               layout)
from skmd.records import LaunchRecord  # noqa: E402
from skmd.words import plural  # noqa: E402
from skmd.report.stats import is_split, launch_count  # noqa: E402
from skmd.report.svg import timeline_svg  # noqa: E402

_FIG_W_IN = 14.0
_DPI = 110
_AX_LEFT, _AX_RIGHT = 0.08, 0.98
#: approximate pixel width of one character of the 7 pt label font at _DPI
_CHAR_PX = 6.0
_MAX_LABELS = 400
#: a bar narrower than this many characters joins its neighbours for a label
_LABEL_CHARS = 10
#: dark outline keeps white labels readable over gaps between thin bars
_OUTLINE = [patheffects.withStroke(linewidth=2, foreground="#1f2a44")]


def _title(records: Sequence[LaunchRecord]) -> str:
    runs = sorted({r.run_id for r in records})
    run = runs[0] if len(runs) == 1 else plural(len(runs), "run")
    split = sum(1 for r in records if is_split(r))
    return f"skmd timeline — run {run}: {plural(launch_count(records), 'launch')}, {split} split"


def timeline_png(records: Sequence[LaunchRecord], path: str | os.PathLike[str]) -> str:
    """Write the run's timeline as a PNG; returns the path written."""
    lay = layout(records)
    n = max(1, len(lay.rows))
    fig_h = 1.6 + 0.55 * n
    fig = plt.figure(figsize=(_FIG_W_IN, fig_h), dpi=_DPI)
    ax = fig.add_axes((_AX_LEFT, 0.9 / fig_h, _AX_RIGHT - _AX_LEFT, 1 - 1.45 / fig_h))
    try:
        _draw(ax, lay)
        ax.set_title(_title(records), fontsize=10, loc="left", pad=14)
        fig.savefig(path, dpi=_DPI)
    finally:
        plt.close(fig)
    return str(path)


def _draw(ax: "plt.Axes", lay: Layout) -> None:
    rows = lay.rows or ["(no devices)"]
    index = {d: i for i, d in enumerate(rows)}
    span = lay.span_ms if lay.span_ms > 0 else 1.0
    ax.set_xlim(0, span * 1.01)
    ax.set_ylim(len(rows), 0)  # first device on top
    ax.set_yticks([i + 0.5 for i in range(len(rows))])
    ax.set_yticklabels(rows)
    ax.set_xlabel("time (ms)")
    for i in range(1, len(rows)):
        ax.axhline(i, color="#dddddd", linewidth=0.6)
    if not lay.bars:
        ax.text(0.5, 0.5, "no timed pieces recorded for this run",
                transform=ax.transAxes, ha="center", va="center", color="#666666")
        return

    groups: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for b in lay.bars:
        groups[(b.device, b.kind)].append((b.start_ms, b.width_ms))
    for (dev, kind), xs in groups.items():
        off, h = lane(kind)
        # a thin edge in the face colour keeps sub-pixel pieces visible
        ax.broken_barh(xs, (index[dev] + off, h), facecolors=color(kind),
                       edgecolors=color(kind), linewidth=0.3)

    _labels(ax, lay, index, span)
    for seq, x in lay.launch_marks:
        ax.axvline(x, color="#999999", linewidth=0.5, linestyle=":", zorder=0)
        ax.text(x, -0.05, str(seq), fontsize=6, color="#666666", ha="center",
                va="bottom", clip_on=False)
    kinds = [k for k in KIND_COLORS if any(b.kind == k for b in lay.bars)]
    # below the tick labels whatever the axes' height (a one-device run is short)
    below = ax.transAxes + ScaledTranslation(0, -20 / 72, ax.figure.dpi_scale_trans)
    ax.legend(handles=[Patch(color=color(k), label=k) for k in kinds],
              loc="upper right", bbox_to_anchor=(1.0, 0.0), bbox_transform=below,
              ncol=len(kinds), fontsize=7, frameon=False)


def _labels(ax: "plt.Axes", lay: Layout, index: dict[str, int], span: float) -> None:
    """Label a kernel burst only where its bar is wide enough to hold the text."""
    px_per_ms = _FIG_W_IN * _DPI * (_AX_RIGHT - _AX_LEFT) / (span * 1.01)
    by_dev: dict[str, list] = defaultdict(list)
    for b in lay.bars:
        by_dev[b.device].append(b)
    placed = 0
    off, h = lane("kernel")
    for dev, bars in by_dev.items():
        for s, e, text in label_spans(bars, span, _LABEL_CHARS * _CHAR_PX / px_per_ms):
            if placed >= _MAX_LABELS:
                return
            if (e - s) * px_per_ms < len(text) * _CHAR_PX + 4:
                continue
            ax.text((s + e) / 2, index[dev] + off + h / 2, text, fontsize=7,
                    color="white", ha="center", va="center", clip_on=True,
                    path_effects=_OUTLINE)
            placed += 1


def timeline_html(records: Sequence[LaunchRecord], path: str | os.PathLike[str]) -> str:
    """Write a self-contained HTML page (inline SVG, no scripts or network)."""
    from skmd.report.html import page
    with open(path, "w", encoding="utf-8") as f:
        f.write(page(records, timeline_svg(layout(records)), _title(records)))
    return str(path)
