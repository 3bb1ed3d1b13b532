"""``skmd bench``'s output: the terminal tables, the JSON file and the picture."""
from __future__ import annotations

import json
import os
from typing import Any, Sequence

from skmd.bench.results import BenchReport, ConfigResult
from skmd.words import plural

#: the columns of the summary table, in order (config key -> header)
SKMD_COLUMNS = (("linear", "linear"), ("skmd", "skmd (hill)"), ("oracle", "oracle"),
                ("even", "even"), ("single", "skmd single"))
MKMD_COLUMNS = (("inorder", "inorder"), ("coarse", "coarse"), ("mkmd", "mkmd"))


def _fmt_speed(c: ConfigResult | None, with_device: bool = False) -> str:
    if c is None:
        return "–"
    if c.skipped is not None:
        return "skipped"
    if not c.ok:
        return "[red]FAIL[/red]"
    if c.speedup is None:
        return "–"
    return f"{c.speedup:.2f}× ✓"


def format_paired(med: float, iqr: Sequence[float] | None) -> str:
    """A median per-round speedup and its quartiles, e.g. ``0.99× (0.97–1.02)``."""
    if not iqr:
        return f"{med:.2f}×"
    return f"{med:.2f}× ({iqr[0]:.2f}–{iqr[1]:.2f})"


def fmt_paired(c: ConfigResult | None) -> str:
    """A configuration's per-round speedup cell ("–" where it has none)."""
    if c is None or not c.usable or c.paired_speedup is None:
        return "–"
    return format_paired(c.paired_speedup, c.paired_iqr)


def format_ci(ci: Sequence[float]) -> str:
    """A confidence interval of a median per-round speedup, e.g. ``0.98–1.03``."""
    return f"{ci[0]:.2f}–{ci[1]:.2f}"


def _fmt_ci(c: ConfigResult | None) -> str:
    """A configuration's 95 % confidence interval cell ("–" where it has none)."""
    if c is None or not c.usable or not c.paired_ci:
        return "–"
    return format_ci(c.paired_ci)


def _fmt_gain(c: ConfigResult | None) -> str:
    """A variant's time over its base's per round, with the 95 % confidence interval."""
    if c is None or c.gain is None:
        return "–" if c is None or c.skipped is None else "skipped"
    return f"{c.gain:.2f}×" + (f" ({format_ci(c.gain_ci)})" if c.gain_ci else "")


def _fmt_fractions(fr: dict[str, float] | None) -> str:
    if not fr:
        return ""
    return "/".join(f"{round(100 * v):d}" for v in fr.values())


def _columns(report: BenchReport, suite: str) -> list[tuple[str, str]]:
    present = set()
    for b in report.benchmarks:
        if b.suite == suite:
            present |= set(b.configs)
    cols = [(k, h) for k, h in SKMD_COLUMNS if k in present or (k == "oracle" and
                                                                  "oracle" in report.policies)]
    if suite == "mkmd":
        cols += [(k, h) for k, h in MKMD_COLUMNS if k in present]
    return cols


def _columns_set() -> bool:
    """Whether ``COLUMNS`` holds a width (rich takes it, terminal or not)."""
    return os.environ.get("COLUMNS", "").strip().isdigit()


def headline(report: Any, console: Any, what: str, width: int) -> Any:
    """The console to print on (``width`` wide when not a terminal and ``COLUMNS``
    does not say a width, which is kept as the other commands keep it), with the
    line that says what ran where printed on it."""
    from rich.console import Console
    if console is None:
        console = Console(highlight=False)
        if not console.is_terminal and not _columns_set():
            console = Console(width=width, highlight=False)
    devs = ", ".join(f"{d['label']} ({d['name']})" for d in report.machine["devices"])
    console.print(f"[bold]{what}[/bold] size={report.size} repeat={report.repeat} "
                  f"devices: {devs}; home {report.machine['home']}")
    return console


def render_tables(report: BenchReport, console: Any = None) -> None:
    """The summary tables (one per suite present) on a rich console."""
    from rich.table import Table
    console = headline(report, console, "skmd bench", 160)
    for suite in ("skmd", "mkmd"):
        benches = [b for b in report.benchmarks if b.suite == suite]
        if not benches:
            continue
        cols = _columns(report, suite)
        t = Table(title=f"{suite.upper()} suite: speedup over the fastest single device "
                        f"(min of {report.repeat}, transfers included)")
        t.add_column("benchmark")
        t.add_column("fastest single", justify="right")
        for _, h in cols:
            t.add_column(h, justify="right")
        if any(k == "oracle" for k, _ in cols):
            t.add_column("oracle split", justify="right")
            t.add_column("skmd % oracle", justify="right")
        paired = [k for k in ("skmd", "mkmd") if any(
            b.configs[k].paired_iqr for b in benches if k in b.configs)]
        for k in paired:
            t.add_column(f"{k} per round (IQR)", justify="right")
        with_ci = [k for k in paired if any(
            b.configs[k].paired_ci for b in benches if k in b.configs)]
        for k in with_ci:
            t.add_column(f"{k} median 95 % CI", justify="right")
        variants = report.variants(suite)
        for v in variants:
            base = next((b.configs[v].base for b in benches if v in b.configs), None)
            t.add_column(f"{base} over {v} per round (95 % CI)", justify="right")
        t.add_column("skmd split", justify="right")
        if suite == "mkmd":
            t.add_column("mkmd busy %", justify="right")
        for b in benches:
            if b.error or b.skipped:
                t.add_row(b.name, f"[red]FAIL[/red] {b.error[:60]}" if b.error
                          else f"skipped: {b.skipped[:60]}", *[""] * (len(t.columns) - 2))
                continue
            f = b.column("fastest")
            row = [b.name, (f"{f.key.split(':', 1)[1]} {f.min_s * 1e3:.3g} ms"
                            if f is not None else "[red]FAIL[/red]")]
            for k, _ in cols:
                c = b.column(k)
                if k == "oracle" and c is not None and not b.oracle_ok():
                    row.append(_fmt_speed(c) + " [red](FAIL at some split)[/red]")
                else:
                    row.append(_fmt_speed(c))
            if any(k == "oracle" for k, _ in cols):
                o = b.column("oracle")
                # what the best point really ran (launches that cannot split run whole)
                row.append(_fmt_fractions(o.distribution) if o is not None and o.usable
                           else "–")
                r = b.skmd_of_oracle
                row.append(f"{100 * r:.0f} %" if r is not None else "–")
            row += [fmt_paired(b.configs.get(k)) for k in paired]
            row += [_fmt_ci(b.configs.get(k)) for k in with_ci]
            row += [_fmt_gain(b.configs.get(v)) for v in variants]
            s = b.configs.get("skmd")
            row.append(_fmt_fractions(s.distribution) if s is not None and s.usable else "–")
            if suite == "mkmd":
                m = b.configs.get("mkmd")
                row.append(("–" if m is None or not m.usable else
                            _fmt_fractions(m.busy) if m.busy else "untimed"))
            t.add_row(*row)
        g = ["geomean", ""]
        for k, _ in cols:
            v = report.geomean(k, suite)
            g.append(f"{v:.2f}×" if v is not None else "–")
        if any(k == "oracle" for k, _ in cols):
            g.append("")
            v = report.geomean_of_oracle(suite)
            g.append(f"{100 * v:.0f} %" if v is not None else "–")
        g += [""] * (len(paired) + len(with_ci))
        for v in variants:
            gm = report.geomean_gain(v, suite)
            g.append(f"{gm:.2f}×" if gm is not None else "–")
        g.append("")
        if suite == "mkmd":
            g.append("")
        t.add_row(*g, style="bold")
        console.print(t)
    labels = "/".join(d["label"] for d in report.machine["devices"])
    per_round = any(c.paired_iqr for b in report.benchmarks for c in b.configs.values())
    mkmd = any(b.suite == "mkmd" for b in report.benchmarks)
    console.print(f"splits are % of work-groups per device ({labels}, home first: "
                  f"{report.machine['home']}); ✓ = every checked run correct"
                  + ("; per round = median of the fastest single device's time over this "
                     "one's, round by round" if per_round else "")
                  + ("; X over V = V's time over X's, round by round (above 1: X's defaults "
                     "are faster)" if report.variants() else "")
                  + ("; mkmd busy % = share of the run each device spent in kernels skmd "
                     "timed (untimed: kernels run whole on a queue without profiling)"
                     if mkmd else ""))
    for b in report.benchmarks:
        for c in b.configs.values():
            if c.skipped:
                console.print(f"[yellow]skipped[/yellow] {b.name} {c.key}: {c.skipped}")
            elif not c.ok:
                console.print(f"[red]FAIL[/red] {b.name} {c.key}: {c.message}")
        if b.error:
            console.print(f"[red]FAIL[/red] {b.name}: {b.error}")
    for note in report.notes:
        console.print(f"note: {note}")


def write_json(report: BenchReport, path: str) -> None:
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(report.to_dict(), fh, indent=1, default=str)
        fh.write("\n")


def suite_names(benches: Sequence[Any]) -> str:
    """``SKMD suite``, ``MKMD suite`` or ``SKMD and MKMD suites``, as present."""
    suites = [s.upper() for s in ("skmd", "mkmd") if any(b.suite == s for b in benches)]
    return " and ".join(suites) + (" suites" if len(suites) > 1 else " suite")


def write_plot(report: BenchReport, path: str) -> None:
    """Two panels: speedups per benchmark and configuration; work split skmd vs oracle."""
    import matplotlib
    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt
    import numpy as np

    benches = [b for b in report.benchmarks if b.error is None and b.skipped is None]
    cols = [("fastest", "fastest single")]
    keys_present = set().union(*(b.configs for b in benches)) if benches else set()
    for k, h in SKMD_COLUMNS + MKMD_COLUMNS:
        if k in keys_present or (k == "oracle" and "oracle" in report.policies):
            cols.append((k, h))
    labels = [d["label"] for d in report.machine["devices"]]
    # device order as the runtime lays out ranges: home first
    home = report.machine["home"]
    labels = [home] + [lb for lb in labels if lb != home]
    n = max(1, len(benches))
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(max(9.0, 0.9 * n + 4.5), 8.5))
    x = np.arange(len(benches))
    w = 0.8 / max(1, len(cols))
    for j, (k, h) in enumerate(cols):
        vals, fails = [], []
        for b in benches:
            c = b.column(k)
            vals.append(c.speedup if c is not None and c.usable and c.speedup else np.nan)
            fails.append(c is not None and c.skipped is None and not c.ok)
        pos = x - 0.4 + w * (j + 0.5)
        ax1.bar(pos, vals, w, label=h)
        for p, f in zip(pos, fails):
            if f:
                ax1.text(p, 0.5, "FAIL", rotation=90, ha="center", va="bottom",
                         color="red", fontsize=7, transform=ax1.get_xaxis_transform())
    shown = [c.speedup for b in benches for c in b.configs.values()
             if c.usable and c.speedup]
    if shown and (min(shown) < 0.2 or max(shown) > 5):
        ax1.set_yscale("log")  # CPU-only overheads and GPU speedups both stay readable
    ax1.axhline(1.0, color="black", lw=0.8, ls="--")
    ax1.set_xticks(x, [b.name for b in benches], rotation=30, ha="right")
    ax1.set_ylabel("speedup over fastest single device")
    ax1.set_title(f"skmd bench, {suite_names(benches)} ({report.size}, min of "
                  f"{report.repeat}) on {plural(len(labels), 'device')}: {', '.join(labels)}")
    ax1.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))

    cmap = plt.get_cmap("tab10")
    width = 0.38
    for which, off, hatch in (("skmd", -width / 2, ""), ("oracle", width / 2, "//")):
        bottom = np.zeros(len(benches))
        for di, lb in enumerate(labels):
            vals = []
            for b in benches:
                c = b.column(which)
                vals.append(100 * c.distribution.get(lb, 0.0)
                            if c is not None and c.usable else 0.0)
            ax2.bar(x + off, vals, width * 0.95, bottom=bottom, color=cmap(di % 10),
                    hatch=hatch, edgecolor="white",
                    label=f"{lb} ({which})" if which == "skmd" else None)
            bottom += np.asarray(vals)
    ax2.set_xticks(x, [b.name for b in benches], rotation=30, ha="right")
    ax2.set_ylabel("% of work-groups")
    ax2.set_ylim(0, 105)
    ax2.set_title("work distribution per device: skmd (left, plain) vs oracle (right, hatched)")
    ax2.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
