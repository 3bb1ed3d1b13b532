"""What partition-aware placement gains, and how close it comes to the machine's limit.

Reads what one ``placement`` part of ``gpu_session.sh`` left in a folder: the
``skmd devices --json`` rows and one ``skmd bench --json`` file per SKMD-suite
program, each run with the variants ``home`` (every launch whole on the home
device, through skmd's own page-locked copies) and ``eager`` (uploads sent home
at once, as before placement).  Per program it writes:

* skmd (hill) over ``home`` and over ``eager``: the median of the per-round
  ratios with its distribution-free 95 % confidence interval (same process, same
  rounds; the median alone below six rounds);
* the physical bound: the program's bytes (inputs it uploads + outputs it reads
  back) over (the GPU's host link + the CPU device's host-memory bandwidth),
  both from ``skmd devices`` (every GPU's link, summed), and skmd's median time
  as a multiple of it.

Usage: python benchmarks/placement_gain.py FOLDER [--size paper] > FOLDER/placement.md
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

COMPUTE = {"matrixmultiplication", "nbody", "binomialoption"}
def ratio_ci(num: list[float], den: list[float]) -> tuple[float, list[float] | None, int] | None:
    """Median of den/num per round (a speed-up of ``num`` over ``den``) over the
    rounds both ran, the distribution-free 95 % interval of that median (the bench
    tables' ``--ci``; None below six rounds) and the number of rounds."""
    from skmd.bench.results import median_ci
    ratios = [b / a for a, b in zip(num, den) if a and b]
    if not ratios:
        return None
    return statistics.median(ratios), median_ci(ratios), len(ratios)


def program_bytes(name: str, size: str) -> int:
    """Bytes a program uploads and reads back: its inputs and its checked outputs."""
    from skmd.bench.programs import REGISTRY
    bench = REGISTRY[name]
    inputs = bench.inputs(size)
    outputs = bench.reference(inputs)
    return (sum(int(getattr(v, "nbytes", 0)) for v in inputs.values())
            + sum(int(getattr(v, "nbytes", 0)) for v in outputs.values()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder")
    ap.add_argument("--size", default="paper")
    ap.add_argument("--prefix", default="place")
    ns = ap.parse_args(argv)
    folder = Path(ns.folder)
    devs = json.loads((folder / "devices.json").read_text())
    from skmd.bench.results import read_json
    runs = {f: read_json(f) for f in sorted(folder.glob(f"{ns.prefix}_*.json*"))}
    used = {d["label"] for data in runs.values()
            for d in data.get("machine", {}).get("devices", [])}
    if used:  # (the bound counts the devices the runs had, not every one found)
        devs = [d for d in devs if d["label"] in used]
    gpus = [d for d in devs if d["type"] == "gpu"] or devs[:1]
    cpu = next((d for d in devs if d["type"] == "cpu" and d not in gpus), None)
    link = sum(g["h2d_bps"] for g in gpus)  # each GPU over its own link
    mem = (cpu["mem_gbps"] * 1e9) if cpu else 0.0
    print(f"GPU host links {link / 1e9:.1f} GB/s ({' + '.join(g['label'] for g in gpus)}), "
          f"CPU host memory {mem / 1e9:.1f} GB/s ({cpu['label'] if cpu else '-'}), "
          "from `skmd devices`\n")
    print("| program | kind | home ms | eager ms | skmd ms | skmd / home (95 % CI, rounds) "
          "| skmd / eager (95 % CI, rounds) | bytes MB | bound ms | skmd / bound |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    gains: dict[str, list[float]] = {"memory": [], "compute": []}
    for f, data in runs.items():
        name = f.name.split(".")[0][len(ns.prefix) + 1:]
        if not data.get("benchmarks"):
            continue
        cfg = data["benchmarks"][0]["configs"]
        times = {k: cfg.get(k, {}).get("times_s") or [] for k in ("home", "eager", "skmd")}
        med = {k: (statistics.median(v) if v else None) for k, v in times.items()}
        over_home = ratio_ci(times["skmd"], times["home"])
        over_eager = ratio_ci(times["skmd"], times["eager"])
        kind = "compute" if name in COMPUTE else "memory"
        if over_home:
            gains[kind].append(over_home[0])
        # (compute-bound programs: no bound; their references take long at paper size)
        nbytes = program_bytes(name, ns.size) if kind == "memory" else 0
        bound = nbytes / (link + mem) if nbytes and link + mem > 0 else math.nan

        def ms(x: float | None) -> str:
            return "-" if x is None else f"{x * 1e3:.1f}"

        def ci(r: tuple[float, list[float] | None, int] | None) -> str:
            if r is None:
                return "-"
            interval = f"{r[1][0]:.2f}-{r[1][1]:.2f}, " if r[1] else ""
            return f"{r[0]:.2f}x ({interval}{r[2]})"
        frac = "-" if med["skmd"] is None or not nbytes else f"{med['skmd'] / bound:.2f}"
        print(f"| {name} | {kind} | {ms(med['home'])} | {ms(med['eager'])} | "
              f"{ms(med['skmd'])} | {ci(over_home)} | {ci(over_eager)} | "
              f"{nbytes / 1e6:.0f} | {bound * 1e3:.1f} | {frac} |")
    for kind, xs in gains.items():
        if xs:
            g = math.exp(statistics.fmean(math.log(x) for x in xs))
            print(f"\n{kind}-bound: skmd over home geomean {g:.2f}x over {len(xs)} programs, "
                  f"lowest {min(xs):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
