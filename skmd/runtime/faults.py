"""Fault injection, so every fallback can be exercised on PoCL in CI.

``SKMD_FAULTS`` is a comma-separated list of ``device:what[:value]`` items:

================  ==============================================================
``cpu1:build``    building the partition-ready program on cpu1 fails
``cpu1:alloc``    allocating a buffer on cpu1 fails (``MEM_OBJECT_ALLOCATION_FAILURE``)
``cpu1:launch``   a sub-launch on cpu1 fails (``OUT_OF_RESOURCES``)
``cpu1:slow:4``   sub-launches on cpu1 take 4 times as long (a sleep after each)
``cpu0:merge``    building a generated merge kernel on cpu0 (the home device) fails
================  ==============================================================

``build``, ``alloc``, ``launch`` and ``merge`` take an optional probability (default 1):
``cpu1:launch:0.3``.  The random stream is seeded (``SKMD_FAULTS_SEED``, default
0) so a failing test can be replayed.  Injected faults are counted in
:data:`counts` so tests can report how many fired.  The runtime hands the
settings in with :func:`configure`; nothing here reads the environment.
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass

import pyopencl as cl

KINDS = ("build", "alloc", "launch", "slow", "merge")


def first_line(exc: BaseException) -> str:
    """What a failure says, in one line for notes and reasons (its type when silent)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class InjectedFault(cl.RuntimeError):
    """Raised where a real driver would fail; a pyopencl error like the real ones."""


@dataclass(frozen=True)
class Fault:
    device: str
    kind: str
    value: float


def parse(spec: str | None) -> list[Fault]:
    out: list[Fault] = []
    if not spec:
        return out
    for item in spec.split(","):
        item = item.strip()
        if not item:
            continue
        parts = item.split(":")
        if len(parts) not in (2, 3) or parts[1] not in KINDS:
            raise ValueError(f"SKMD_FAULTS item {item!r}: expected device:{'|'.join(KINDS)}[:value]")
        value = float(parts[2]) if len(parts) == 3 else 1.0
        out.append(Fault(parts[0].strip().lower(), parts[1], value))
    return out


counts: dict[str, int] = {}
_lock = threading.Lock()
_seed = 0
_rng = random.Random(_seed)
#: the faults in force (``SKMD_FAULTS``), as :func:`configure` was last told
_faults: list[Fault] = []


def configure(spec: str | None, seed: int = 0) -> None:
    """Put the faults of ``spec`` in force; a malformed one is a ValueError here.

    The random stream is seeded again only when ``seed`` changes, so that one
    process's fault stream runs on across runtimes as it did when it was seeded once.
    """
    global _faults, _seed
    parsed = parse(spec)
    with _lock:
        _faults = parsed
        if seed != _seed:
            _seed = seed
            _rng.seed(seed)


def _active(label: str, kind: str) -> Fault | None:
    for f in _faults:
        if f.kind == kind and f.device in (label.lower(), "*"):
            return f
    return None


def maybe_fail(label: str, kind: str) -> None:
    """Raise an injected failure of ``kind`` on device ``label`` if one is configured."""
    f = _active(label, kind)
    if f is None:
        return
    with _lock:
        fire = _rng.random() < f.value
        if fire:
            counts[kind] = counts.get(kind, 0) + 1
    if fire:
        what = {"build": "clBuildProgram failed: BUILD_PROGRAM_FAILURE (injected)",
                "alloc": "clCreateBuffer failed: MEM_OBJECT_ALLOCATION_FAILURE (injected)",
                "launch": "clEnqueueNDRangeKernel failed: OUT_OF_RESOURCES (injected)",
                "merge": "clBuildProgram failed: BUILD_PROGRAM_FAILURE (injected)"}[kind]
        raise InjectedFault(f"{what} on {label}")


def slow_down(label: str, seconds: float) -> float:
    """Sleep so that a sub-launch of ``seconds`` looks ``factor`` times slower."""
    f = _active(label, "slow")
    if f is None or f.value <= 1.0:
        return 0.0
    extra = seconds * (f.value - 1.0)
    with _lock:
        counts["slow"] = counts.get("slow", 0) + 1
    time.sleep(extra)
    return extra


def reset_counts() -> None:
    with _lock:
        counts.clear()
