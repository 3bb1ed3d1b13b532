"""The unseen suite's files of several calls as one markdown table (docs/benchmarks.md):
    python benchmarks/results/gpu179/unseen_md.py FILE.json ..."""
import json
import math
import sys

from skmd.bench.unseen.figures import unseen_from

progs = []
for path in sys.argv[1:]:
    progs += unseen_from(json.load(open(path))).programs
print("| program | plain s | skmd 1st s | skmd 2nd s | 1st | 2nd | worst launch 1st "
      "| worst launch 2nd | rounds |")
print("|---|---|---|---|---|---|---|---|---|")
geo = {"first": [], "second": []}
worst = {"first": 0.0, "second": 0.0}
for p in progs:
    cells = [p.name] + [f"{p.median_s(k):.3g}" for k in ("plain", "first", "second")]
    for k in ("first", "second"):
        med, ci = p.speedup(k)
        geo[k].append(med)
        cells.append(f"{med:.2f}×" + (f" ({ci[0]:.2f}–{ci[1]:.2f})" if ci else ""))
    for k in ("first", "second"):
        r = p.worst_launch(k)[0]
        worst[k] = max(worst[k], r)
        cells.append(f"{r:.2f}")
    cells.append(str(len(p.times_s["plain"])))
    print("| " + " | ".join(cells) + " |")
g = [math.exp(sum(map(math.log, geo[k])) / len(geo[k])) for k in ("first", "second")]
print(f"| geomean | | | | **{g[0]:.3f}×** | **{g[1]:.3f}×** | {worst['first']:.2f} "
      f"| {worst['second']:.2f} | |")
print("lowest:", min(geo["first"]), min(geo["second"]))
