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
