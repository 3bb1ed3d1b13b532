"""Replay every graph batch of recorded run logs and summarise them per program.

For each ``profiles.sqlite`` (or ``.sqlite.gz``) given, every run's graph
batches go through ``skmd explain --replay``'s analysis; the raw rows go to
``--json`` and a Markdown table of medians per program and phase to stdout.
First runs of a phase (kernel builds, first allocations) are left out of the
medians.

    PYTHONPATH=. python benchmarks/replay_logs.py benchmarks/results/gpu17/prof/profiles.sqlite.gz \
        --graphs benchmarks/results/mkmd_graphs.json --json out.json
"""
from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import tempfile
from pathlib import Path


def _open_store(path: str, tmp: Path):
    from skmd.predict.store import ProfileStore
    src = Path(path)
    if src.suffix == ".gz":
        dst = tmp / (src.parent.parent.name + ".sqlite")
        with gzip.open(src) as f, open(dst, "wb") as g:
            shutil.copyfileobj(f, g)
        src = dst
    return ProfileStore(src)


def _program(argv) -> str:
    args = json.loads(argv) if isinstance(argv, str) else list(argv or [])
    return args[args.index("--only") + 1] if "--only" in args else " ".join(args[-2:])


def replay_logs(paths: list[str], graphs: str | None) -> dict:
    from skmd.report.batch_replay import load_traced, replay_run
    from skmd.report.runlog import run_fields
    traced = load_traced(graphs) if graphs else None
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in paths:
            store = _open_store(path, Path(tmp))
            runs = sorted(store.run_log.runs(), key=lambda r: run_fields(r)[1])
            log = {}
            for entry in runs:
                run_id, _, argv, _ = run_fields(entry)
                rows = replay_run(store.run_log.launches(run_id), traced)
                if rows:
                    log[run_id] = {"program": _program(argv), "batches": rows}
            out[path] = log
    return out


def _med(rows, key):
    vals = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(vals) * 1e3 if vals else float("nan")


def table(result: dict) -> str:
    head = ("| log | program | phase | batches | kernels | measured | simulated | replanned "
            "| whole optimum | optimal | bound | in order | engine loss | scheduler loss "
            "| within 5 % |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for path, log in result.items():
        name = Path(path).parent.parent.name or path
        for run in log.values():
            for phase in ("coarse", "fine"):
                rows = [r for r in run["batches"] if r["phase"] == phase
                        and "skipped" not in r and not r.get("first_run")]
                if not rows:
                    continue
                sim, opt = _med(rows, "simulated_s"), _med(rows, "optimal_s")
                near = sum(r["simulated_s"] <= 1.05 * r["optimal_s"] for r in rows)
                exact = "" if all(r["exact"] for r in rows) else "?"
                split = "+" if any(r["split_beats_whole"] for r in rows) else ""
                lines.append(
                    f"| {name} | {run['program']} | {phase} | {len(rows)} | {rows[0]['kernels']} "
                    f"| {_med(rows, 'measured_s'):.1f} | {sim:.1f} | {_med(rows, 'replanned_s'):.1f} "
                    f"| {_med(rows, 'whole_optimal_s'):.1f}{exact} | {opt:.1f}{split} "
                    f"| {_med(rows, 'lower_bound_s'):.1f} "
                    f"| {_med(rows, 'inorder_s'):.1f} | {_med(rows, 'engine_loss_s'):.1f} "
                    f"| {_med(rows, 'scheduler_loss_s'):.1f} ({100 * (sim / opt - 1):.0f} %) "
                    f"| {near}/{len(rows)} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stores", nargs="+", help="profiles.sqlite or profiles.sqlite.gz files")
    ap.add_argument("--graphs", help="traced graphs for logs that recorded none")
    ap.add_argument("--json", help="write every batch's row here")
    args = ap.parse_args()
    result = replay_logs(args.stores, args.graphs)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    print(table(result))


if __name__ == "__main__":
    main()
