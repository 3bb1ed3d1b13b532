"""How many of each suite program's launches skmd splits in even mode (every launch
the kernels' analysis allows is split), and whether every result is right: what a
change to the analysis costs in splitting, measured without a GPU.

    POCL_DEVICES="pthread pthread pthread" python benchmarks/split_counts.py [--suite skmd|mkmd|all]

One process, CI sizes, no background threads; one line per program: launches split /
launches, how the split ones' outputs were merged, and the reasons of those run whole
(most common first)."""
from __future__ import annotations

import argparse
from collections import Counter


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", choices=("skmd", "mkmd", "all"), default="all")
    ns = ap.parse_args()
    from skmd.bench import programs
    from skmd.testing import run_benchmarks, skmd_installed
    names = ((programs.SKMD_SUITE if ns.suite in ("skmd", "all") else [])
             + (programs.MKMD_SUITE if ns.suite in ("mkmd", "all") else []))
    total = [0, 0]
    with skmd_installed(policy="even", background=False) as rt:
        for name, ok, _, recs in run_benchmarks(names, rt):
            split = sum(1 for r in recs if sum(1 for v in r.shares.values() if v) >= 2)
            why = Counter(r.reason for r in recs
                          if sum(1 for v in r.shares.values() if v) < 2)
            total[0] += split
            total[1] += len(recs)
            merges = Counter(r.merge or "none" for r in recs
                             if sum(1 for v in r.shares.values() if v) >= 2)
            whole = "; ".join(f"{n}x {w}" for w, n in why.most_common(3))
            merged = ", ".join(f"{m} {n}" for m, n in sorted(merges.items()))
            print(f"{name:22s} {'ok ' if ok else 'WRONG'} split {split:4d} / {len(recs):4d}"
                  + (f"   merged: {merged}" if merged else "")
                  + (f"   whole: {whole}" if whole else ""))
    print(f"{'all':22s}     split {total[0]:4d} / {total[1]:4d}")


if __name__ == "__main__":
    main()
