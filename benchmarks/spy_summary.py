"""Where a whole process spent its time, per thread, from a py-spy raw profile.

``py-spy record --idle -t -f raw -o F -- python …`` samples every thread, waiting
ones included; this prints, per thread, its share of the samples and its heaviest
stacks (innermost frames first), so that a stall on the main thread (waiting at
exit for a build, holding the GIL in an analysis) shows by name::

    python benchmarks/spy_summary.py F [--rate 250] [--top 8] [--depth 6]
"""
from __future__ import annotations

import argparse
from collections import Counter, defaultdict


def frame_name(frame: str) -> str:
    """``func (path/file.py:12)`` -> ``func file.py:12``."""
    name, _, where = frame.partition(" (")
    return f"{name} {where.rstrip(')').rsplit('/', 1)[-1]}" if where else name


def summarise(path: str, rate: float, top: int, depth: int) -> str:
    per_thread: Counter[str] = Counter()
    stacks: dict[str, Counter[str]] = defaultdict(Counter)
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            if not stack or not n.isdigit():
                continue
            frames = stack.split(";")
            thread = frames[0]  # "thread (id): name": two threads may share a name
            per_thread[thread] += int(n)
            inner = " <- ".join(frame_name(fr) for fr in frames[:0:-1][:depth])
            stacks[thread][inner] += int(n)
    out = []
    for thread, n in per_thread.most_common():
        out.append(f"{thread}: {n / rate:.3f} s ({n} samples)")
        for inner, k in stacks[thread].most_common(top):
            out.append(f"  {k / rate:7.3f} s  {inner}")
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path")
    ap.add_argument("--rate", type=float, default=250.0, help="samples per second recorded")
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--depth", type=int, default=6)
    ns = ap.parse_args()
    print(summarise(ns.path, ns.rate, ns.top, ns.depth))


if __name__ == "__main__":
    main()
