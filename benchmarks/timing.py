"""The best of repeated timings, shared by the benchmark scripts."""
from __future__ import annotations

import time
from typing import Callable


def best_of(fn: Callable[[], object], repeat: int = 3, warm_up: bool = False) -> float:
    """Shortest wall time of ``repeat`` calls of ``fn`` in seconds (after one untimed
    call when ``warm_up``): the least disturbed run is the closest to the cost itself."""
    if warm_up:
        fn()
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def extra_ms(times: list[float], base: list[float]) -> tuple[float, list[float] | None, str]:
    """Milliseconds ``times`` took over ``base``, round by round: their median, its 95 %
    confidence interval (None with too few rounds) and that interval as text."""
    from skmd.bench.results import median_ci
    extra = [1e3 * (t - b) for t, b in zip(times, base)]
    ci = median_ci(extra)
    text = f"{ci[0]:+.1f} … {ci[1]:+.1f}" if ci else "—"
    return sorted(extra)[len(extra) // 2], ci, text


def write_json(path: str | None, out: object) -> None:
    """``out`` as indented JSON at ``path`` (nothing without one)."""
    if path:
        import json
        with open(path, "w") as fh:
            json.dump(out, fh, indent=1)


def count(text: str) -> int:
    """An argparse type: a whole number >= 0, refused by name otherwise."""
    import argparse
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 0")
    return n


def positive(text: str) -> int:
    """An argparse type: a whole number >= 1, refused by name otherwise."""
    import argparse
    n = count(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1")
    return n
