"""Markdown tables from ``skmd bench --json`` files (one or many, e.g. one per program).

    python benchmarks/bench_tables.py results/skmd_*.json > table.md
    python benchmarks/bench_tables.py --plot speedups.png results/skmd_*.json
    python benchmarks/bench_tables.py --ci results/skmd_*.json   # + confidence intervals

"per round" columns: the median over the timed rounds of the fastest single
device's time divided by the configuration's time in the same round, with the
quartiles (shown once a configuration has four timed runs).  With ``--ci`` each gets
a 95 % confidence interval of that median and the number of rounds behind it.
A variant (``skmd bench --variant``) gets a column of its time over its base's,
round by round: the median, its 95 % confidence interval and the rounds; so does
``inorder`` over ``mkmd`` where both ran (what graph scheduling gains over the same
kernels in program order through skmd).
"""
from __future__ import annotations

import math
import sys

COLUMNS = [("linear", "linear"), ("skmd", "skmd (hill)"), ("even", "even"),
           ("inorder", "inorder"), ("coarse", "coarse"), ("mkmd", "mkmd")]


def _fmt(c: dict | None) -> str:
    if c is None:
        return ""
    if c.get("skipped"):
        return "skipped"
    if not c.get("ok", True):
        return "FAIL"
    sp = c.get("speedup")
    return "" if sp is None else f"{sp:.2f}×"


def _split(c: dict | None) -> str:
    if not c or not c.get("distribution"):
        return ""
    return "/".join(f"{100 * v:.0f}" for v in c["distribution"].values())


def _iqr(c: dict | None) -> bool:
    """Enough timed runs for quartiles of the per-round speedups."""
    return bool(c and c.get("ok", True) and not c.get("skipped")
                and len(c.get("times_s") or []) >= 4)


def _ratios(c: dict | None, base: dict | None) -> list[float]:
    from skmd.bench.results import paired_speedups
    if not c or not base or not c.get("ok", True) or c.get("skipped"):
        return []
    return paired_speedups(base.get("times_s") or [], c.get("times_s") or [])


def _paired(c: dict | None, base: dict | None) -> str:
    """Median per-round speedup over the fastest single device, with its quartiles."""
    from skmd.bench.results import paired_summary
    from skmd.bench.tables import format_paired
    med, iqr = paired_summary(_ratios(c, base))
    return "" if med is None else format_paired(med, iqr)


def _ci(c: dict | None, base: dict | None) -> str:
    """95 % confidence interval of the median per-round speedup, and the rounds."""
    from skmd.bench.results import median_ci
    from skmd.bench.tables import format_ci
    ratios = _ratios(c, base)
    ci = median_ci(ratios)
    return "" if ci is None else f"{format_ci(ci)} ({len(ratios)})"


def _gain(c: dict | None, base: dict | None) -> tuple[str, float | None]:
    """A variant's time over its base's per round: the cell, and the median."""
    from skmd.bench.results import median_ci, paired_summary
    from skmd.bench.tables import format_ci
    ratios = _ratios(base, c)
    med, _ = paired_summary(ratios)
    if med is None:
        return "", None
    interval = median_ci(ratios)
    return (f"{med:.2f}× ({format_ci(interval) + ', ' if interval else ''}"
            f"{len(ratios)})", med)


def main(paths: list[str], ci: bool = False) -> None:
    rows = []
    present: list[tuple[str, str]] = []
    variants: dict[str, str] = {}  # variant key -> its base's key
    from skmd.bench.results import read_json
    for p in paths:
        d = read_json(p)
        for b in d["benchmarks"]:
            cfg = b["configs"]
            fast = cfg.get(b.get("fastest_single") or "", {})
            orc = cfg.get(b.get("oracle") or "")
            for key, title in COLUMNS:
                if key in cfg and (key, title) not in present:
                    present.append((key, title))
            variants.update((k, c.get("base") or "") for k, c in cfg.items()
                            if c.get("kind") == "variant")
            rows.append((b["name"], (b.get("fastest_single") or "").replace("single:", ""),
                         fast.get("min_s"), cfg, orc, b.get("fastest_single") or ""))
    present = [c for c in COLUMNS if c in present]
    head = ["benchmark", "fastest single (min)"] + [t for _, t in present]
    if any(r[4] for r in rows):
        head += ["oracle", "oracle split"]
    paired = [k for k in ("skmd", "mkmd") if any(_iqr(r[3].get(k)) for r in rows)]
    head += [f"{k} per round (IQR)" for k in paired]
    if ci:
        head += [f"{k} median 95 % CI (rounds)" for k in paired]
    # (variant, base, key of its geomean): each variant over its base, and program
    # order through skmd over graph mode where both ran
    gains = [(v, base, v) for v, base in variants.items()]
    if any("mkmd" in r[3] and "inorder" in r[3] for r in rows):
        gains.append(("inorder", "mkmd", "mkmd/inorder"))
    head += [f"{base} over {v} per round (95 % CI, rounds)" for v, base, _ in gains]
    head += ["skmd split"]
    busy = any((r[3].get("mkmd") or {}).get("busy") for r in rows)
    if busy:
        head += ["mkmd busy %"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    logs: dict[str, list[float]] = {}
    for name, dev, t, cfg, orc, fast_key in rows:
        cells = [name, f"{dev} {t * 1e3:.1f} ms" if t else "—"]
        for key, _ in present:
            c = cfg.get(key)
            cells.append(_fmt(c))
            if c and c.get("speedup") and c.get("ok", True) and not c.get("skipped"):
                logs.setdefault(key, []).append(math.log(c["speedup"]))
        if "oracle" in head:
            cells += [_fmt(orc), _split(orc)]
            if orc and orc.get("speedup"):
                logs.setdefault("oracle", []).append(math.log(orc["speedup"]))
        cells += [_paired(cfg.get(k), cfg.get(fast_key)) for k in paired]
        if ci:
            cells += [_ci(cfg.get(k), cfg.get(fast_key)) for k in paired]
        for v, base, key in gains:
            cell, med = _gain(cfg.get(v), cfg.get(base))
            cells.append(cell)
            if med:
                logs.setdefault(key, []).append(math.log(med))
        cells.append(_split(cfg.get("skmd")))
        if busy:
            b = (cfg.get("mkmd") or {}).get("busy") or {}
            cells.append("/".join(f"{100 * v:.0f}" for v in b.values()))
        print("| " + " | ".join(cells) + " |")
    geo = ["geomean", ""]
    for key, _ in present:
        v = logs.get(key)
        geo.append(f"{math.exp(sum(v) / len(v)):.2f}×" if v else "")
    if "oracle" in head:
        v = logs.get("oracle")
        geo += [f"{math.exp(sum(v) / len(v)):.2f}×" if v else "", ""]
    geo += [""] * (len(paired) * (2 if ci else 1))
    for _, _, key in gains:
        lv = logs.get(key)
        geo.append(f"{math.exp(sum(lv) / len(lv)):.2f}×" if lv else "")
    geo.append("")
    if busy:
        geo.append("")
    print("| " + " | ".join(geo) + " |")


if __name__ == "__main__":
    args = sys.argv[1:]
    files = [a for a in args if a != "--ci"]
    if not files or (args[:1] == ["--plot"] and len(args) < 3):
        sys.exit("usage: bench_tables.py [--plot OUT.png | --ci] BENCH.json ...")
    if args[:1] == ["--plot"]:  # the same picture as ``skmd bench --plot``
        from skmd.bench.results import load_reports
        from skmd.bench.tables import write_plot
        write_plot(load_reports(args[2:]), args[1])
        print(f"wrote {args[1]}")
    else:
        main(files, ci="--ci" in args)
