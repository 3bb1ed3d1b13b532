"""Human units for report cells, shared by the terminal table, HTML and pictures.

One place so that a byte count or a duration reads the same everywhere a user
meets it.
"""
from __future__ import annotations

_BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB")


def human_bytes(n: float) -> str:
    """``1536`` -> ``"1.5 KiB"``; binary units because buffer sizes are powers of two."""
    value = float(n)
    for unit in _BYTE_UNITS:
        if abs(value) < 1024 or unit == _BYTE_UNITS[-1]:
            if unit == "B":
                return f"{int(value)} B"
            return f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def human_time(seconds: float | None) -> str:
    """Seconds to the unit that keeps three significant figures readable."""
    if seconds is None:
        return "—"
    s = float(seconds)
    a = abs(s)
    if a == 0:
        return "0 ms"
    if a < 1e-3:
        return f"{s * 1e6:.0f} µs"
    if a < 1.0:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


def signed_pct(p: float | None) -> str:
    """Error percentages keep their sign: + means the model over-predicted."""
    if p is None:
        return "—"
    return f"{p:+.1f}%"


def error_pct(predicted: float | None, measured: float | None) -> float | None:
    """(predicted - measured) / measured in percent; None when either is missing."""
    if predicted is None or measured is None or measured <= 0:
        return None
    return (predicted - measured) / measured * 100.0
