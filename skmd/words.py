"""Counts in words, for every floor that talks to a user (the report, the profiler's
summary, the virtual device's name): one rule, so ``1 launch`` and ``2 launches``
read the same wherever they are printed."""
from __future__ import annotations


def plural(n: int, word: str) -> str:
    """``1 launch``, ``2 launches``: a count and its noun, agreeing."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith(("ch", "sh", "s", "x")) else f"{n} {word}s"
