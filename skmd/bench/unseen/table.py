"""The unseen suite's table, in the style of the other suites' tables."""
from __future__ import annotations

from typing import Any

from skmd.bench.tables import format_ci, headline
from skmd.bench.unseen.figures import (LAUNCH_ALLOW_S, LAUNCH_FACTOR, PHASES,
                                       ProgramResult, UnseenReport)

_KINDS = (("first", "1st"), ("second", "2nd"))


def _secs(v: float | None) -> str:
    return "–" if v is None else f"{v:.3g}"


def _speed(p: ProgramResult, kind: str) -> str:
    med, ci = p.speedup(kind)
    if med is None:
        return "–"
    return f"{med:.2f}×" + (f" ({format_ci(ci)})" if ci else "")


def _launch(ratio: float | None, which: str | None) -> str:
    if ratio is None:
        return "–"
    mark = "✓" if ratio <= 1.0 else "[red]✗[/red]"
    return f"{ratio:.2f} {mark} {which}"


def render_unseen(report: UnseenReport, console: Any = None) -> None:
    """The table (one row per program, a geomean row) and its notes, on a rich console."""
    from rich.table import Table
    console = headline(report, console, "skmd bench --suite unseen", 180)
    t = Table(title="UNSEEN suite: whole-process seconds, python vs skmd run "
                    f"(median of {report.repeat} rounds; skmd 1st: empty profile store, "
                    "2nd: the store the 1st left)")
    t.add_column("program")
    for h in ("plain s", "skmd 1st s", "skmd 2nd s"):
        t.add_column(h, justify="right")
    for _, h in _KINDS:
        t.add_column(f"plain/skmd {h} (95 % CI)", justify="right")
    for _, h in _KINDS:
        t.add_column(f"worst launch {h}", justify="right")
    t.add_column("launches", justify="right")
    for p in report.programs:
        if not p.ok or p.skipped:
            t.add_row(p.name, f"[red]FAIL[/red] {p.message[:70]}" if not p.ok
                      else f"skipped: {p.skipped}", *[""] * (len(t.columns) - 2))
            continue
        t.add_row(p.name, *[_secs(p.median_s(k)) for k in ("plain", "first", "second")],
                  *[_speed(p, k) for k, _ in _KINDS],
                  *[_launch(*p.worst_launch(k)) for k, _ in _KINDS],
                  str(len(p.launch_labels.get("plain", []))))
    g = ["geomean / worst", "", "", ""]
    for k, _ in _KINDS:
        v = report.geomean_speedup(k)
        g.append(f"{v:.2f}×" if v is not None else "–")
    for k, _ in _KINDS:
        worst = report.worst_launch(k)[0]
        g.append(f"{worst:.2f}" if worst is not None else "–")
    g.append("")
    t.add_row(*g, style="bold")
    console.print(t)
    console.print(f"per round = plain's process time over skmd's in the same round (below "
                  f"1: skmd slower), median and its 95 % CI; worst launch = max over the "
                  f"program's launches of skmd / ({LAUNCH_FACTOR:g} × plain + "
                  f"{LAUNCH_ALLOW_S * 1e3:g} ms), host time of launch + finish, medians "
                  f"over rounds (✓ <= 1)")
    for kind, h in _KINDS:
        ratio, which = report.worst_launch(kind)
        if ratio is not None:
            console.print(f"worst launch of all, skmd {h} run: {ratio:.2f} ({which})")
    _render_phases(report, console)
    for p in report.programs:
        if not p.ok:
            console.print(f"[red]FAIL[/red] {p.name}: {p.message}")
    for note in report.notes:
        console.print(f"note: {note}")


def _ms(v: float | None) -> str:
    return "–" if v is None else f"{v * 1e3:+.0f}"


def _render_phases(report: UnseenReport, console: Any) -> None:
    """Where skmd's processes spend their extra time, phase by phase."""
    from rich.table import Table
    rows = [p for p in report.programs if p.ok and not p.skipped
            and any(p.phases_s.get(k) for k, _ in _KINDS)]
    if not rows:
        return
    t = Table(title="where the time goes: skmd's seconds minus plain's per phase, ms, "
                    "median of rounds (1st / 2nd run)")
    t.add_column("program")
    for name in (*PHASES, "process"):
        t.add_column(name, justify="right")
    for p in rows:
        extra = {k: p.phase_extra(k) for k, _ in _KINDS}
        t.add_row(p.name, *[" / ".join(_ms(extra[k].get(name)) for k, _ in _KINDS)
                            for name in (*PHASES, "process")])
    console.print(t)
    console.print("start: spawn to the program's imports done (skmd run: with skmd's "
                  "imports and install(), which starts the drivers); setup: to the first "
                  "timed launch (plain: with the drivers' start); after: read-backs and "
                  "checks; exit: atexit hooks and the drivers' teardown")
