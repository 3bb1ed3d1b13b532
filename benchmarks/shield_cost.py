"""What running a split on the shield's thread adds to it (:mod:`skmd.runtime.shield`):
the hand-off and the wake-up back, timed around a job that does nothing, against the
same job called directly; medians of rounds of 2000 calls, µs per call.

    python benchmarks/shield_cost.py [--rounds 15]
"""
from __future__ import annotations

import argparse
import statistics
import time

from skmd.runtime import shield


def _noop() -> int:
    return 1


def _per_call(fn, n: int) -> float:
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ns = ap.parse_args()
    shield.run(_noop)  # (its thread started)
    direct, shielded = [], []
    for _ in range(ns.rounds):
        direct.append(_per_call(_noop, 2000))
        shielded.append(_per_call(lambda: shield.run(_noop), 2000))
    print(f"direct {statistics.median(direct):.2f} us, on the shield's thread "
          f"{statistics.median(shielded):.2f} us per call "
          f"(rounds {min(shielded):.2f} .. {max(shielded):.2f})")


if __name__ == "__main__":
    main()
