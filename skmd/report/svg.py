"""The timeline as an SVG string, written by hand so each bar carries a hover title."""
from __future__ import annotations

from html import escape

from skmd.report.fmt import human_bytes
from skmd.report.lanes import KIND_COLORS, Bar, Layout, color, label_spans, lane, nice_step

_LEFT = 90
_RIGHT = 20
_TOP = 34
_ROW_H = 40
_AXIS_H = 54
_CHAR_PX = 6.2
_MAX_LABELS = 600
_LABEL_CHARS = 10


def _bar_title(b: Bar) -> str:
    extra = f", {human_bytes(b.bytes)}" if b.bytes else ""
    what = b.kernel if b.label == b.kernel else f"{b.kernel}: {b.label}"
    return (f"#{b.seq} {what} — {b.kind} on {b.device}, "
            f"{b.start_ms:.3f}–{b.end_ms:.3f} ms ({b.width_ms:.3f} ms){extra}")


def timeline_svg(lay: Layout, width: int = 1200) -> str:
    """One row per device; time axis in ms; hover a bar for its launch and timing."""
    rows = lay.rows or ["(no devices)"]
    height = _TOP + _ROW_H * len(rows) + _AXIS_H
    plot_w = width - _LEFT - _RIGHT
    span = lay.span_ms if lay.span_ms > 0 else 1.0
    scale = plot_w / (span * 1.01)
    index = {d: i for i, d in enumerate(rows)}

    def x(ms: float) -> float:
        return _LEFT + ms * scale

    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>',
    ]
    for i, d in enumerate(rows):
        y = _TOP + i * _ROW_H
        fill = "#f7f7f7" if i % 2 == 0 else "#ffffff"
        out.append(f'<rect x="{_LEFT}" y="{y}" width="{plot_w}" height="{_ROW_H}" '
                   f'fill="{fill}"/>')
        out.append(f'<text x="{_LEFT - 8}" y="{y + _ROW_H / 2 + 4}" '
                   f'text-anchor="end">{escape(d)}</text>')

    axis_y = _TOP + _ROW_H * len(rows)
    step = nice_step(span)
    t = 0.0
    while t <= span * 1.01:
        out.append(f'<line x1="{x(t):.1f}" y1="{_TOP}" x2="{x(t):.1f}" y2="{axis_y + 4}" '
                   f'stroke="#e0e0e0" stroke-width="0.6"/>')
        out.append(f'<text x="{x(t):.1f}" y="{axis_y + 16}" text-anchor="middle">'
                   f'{t:g}</text>')
        t += step
    out.append(f'<text x="{_LEFT + plot_w / 2}" y="{axis_y + 32}" '
               f'text-anchor="middle">time (ms)</text>')

    if not lay.bars:
        out.append(f'<text x="{_LEFT + plot_w / 2}" y="{_TOP + _ROW_H * len(rows) / 2}" '
                   f'text-anchor="middle" fill="#666">no timed pieces recorded for this run'
                   f'</text>')
    for seq, ms in lay.launch_marks:
        out.append(f'<line x1="{x(ms):.2f}" y1="{_TOP - 4}" x2="{x(ms):.2f}" y2="{axis_y}" '
                   f'stroke="#999" stroke-width="0.5" stroke-dasharray="2,2"/>')
        out.append(f'<text x="{x(ms):.2f}" y="{_TOP - 8}" text-anchor="middle" '
                   f'font-size="9" fill="#666">{seq}</text>')
    for b in lay.bars:
        off, h = lane(b.kind)
        y = _TOP + index[b.device] * _ROW_H + off * _ROW_H
        w = max(b.width_ms * scale, 0.6)  # sub-pixel pieces stay visible
        out.append(f'<rect x="{x(b.start_ms):.2f}" y="{y:.1f}" width="{w:.2f}" '
                   f'height="{h * _ROW_H:.1f}" fill="{color(b.kind)}">'
                   f'<title>{escape(_bar_title(b))}</title></rect>')
    out.extend(_labels(lay, index, scale, x))

    lx = _LEFT
    ly = axis_y + 46
    for k in KIND_COLORS:
        if any(b.kind == k for b in lay.bars):
            out.append(f'<rect x="{lx}" y="{ly - 9}" width="12" height="10" '
                       f'fill="{color(k)}"/>')
            out.append(f'<text x="{lx + 16}" y="{ly}">{k}</text>')
            lx += 70
    out.append("</svg>")
    return "\n".join(out)


def _labels(lay: Layout, index: dict[str, int], scale: float, x) -> list[str]:
    """Kernel names where the bar (or burst of bars) is wide enough for them."""
    out: list[str] = []
    by_dev: dict[str, list[Bar]] = {}
    for b in lay.bars:
        by_dev.setdefault(b.device, []).append(b)
    off, h = lane("kernel")
    for dev, bars in by_dev.items():
        for s, e, text in label_spans(bars, lay.span_ms, _LABEL_CHARS * _CHAR_PX / scale):
            if len(out) >= _MAX_LABELS:
                return out
            if (e - s) * scale < len(text) * _CHAR_PX + 4:
                continue
            y = _TOP + index[dev] * _ROW_H + (off + h / 2) * _ROW_H + 4
            out.append(f'<text x="{x((s + e) / 2):.1f}" y="{y:.1f}" text-anchor="middle" '
                       f'fill="white" stroke="#1f2a44" stroke-width="2" paint-order="stroke" '
                       f'pointer-events="none">{escape(text)}</text>')
    return out
