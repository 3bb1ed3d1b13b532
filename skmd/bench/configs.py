"""The configurations ``skmd bench`` runs side by side, and the order of a round.

Plain data and plain functions: which single devices, policies, oracle split points,
graph modes and variants one benchmark runs (see :mod:`skmd.bench.runner` for what
each configuration means), and in which order each round runs them.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from skmd.bench.results import MKMD_MODES

#: the oracle sweep never runs more split points than this per benchmark
MAX_ORACLE_POINTS = 64
#: with --max-seconds, a helper no smaller share has measured first runs this share
PROBE_SHARE = 1 / 32
#: policies ``--policy`` accepts; "skmd" is an alias of "hill", "static" of "oracle"
POLICY_CHOICES = ("hill", "linear", "even", "single", "oracle")
DEFAULT_POLICIES = ("linear", "hill", "even", "oracle")
POLICY_ALIASES = {"skmd": "hill", "static": "oracle"}


@dataclass
class Config:
    key: str
    kind: str
    settings: dict[str, Any]
    fractions: dict[str, float] | None = None
    skipped: str | None = None
    #: a variant's base configuration
    base: str | None = None


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``"offline:online=0"`` -> ``("offline", {"online": False})`` (``--variant``)."""
    from skmd import config
    name, colon, changes = text.partition(":")
    name = name.strip()
    if not colon or not name or not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"--variant {text!r}: expected NAME:SETTING=VALUE[,SETTING=VALUE]"
                         " with a NAME of letters, digits, - and _")
    try:
        return name, config.parse_changes(changes)
    except ValueError as exc:
        raise ValueError(f"--variant {text!r}: {exc}") from None


def simplex_grid(n: int, steps: int, max_points: int = MAX_ORACLE_POINTS
                 ) -> list[tuple[float, ...]]:
    """Fractions over ``n`` devices on a grid of ``steps`` per device, bounded.

    Two devices: ``(i/steps, 1-i/steps)`` for every i.  More: every composition of
    ``k`` into ``n`` parts, with ``k <= steps`` the finest grid whose point count
    (``C(k+n-1, n-1)``) stays within ``max_points``.
    """
    if n < 1:
        return []
    if n == 1:
        return [(1.0,)]
    k = max(1, int(steps))
    while k > 1 and math.comb(k + n - 1, n - 1) > max_points:
        k -= 1
    pts = []
    for cut in itertools.combinations(range(k + n - 1), n - 1):
        parts, prev = [], -1
        for c in cut:
            parts.append(c - prev - 1)
            prev = c
        parts.append(k + n - 2 - prev)
        pts.append(tuple(p / k for p in parts))
    # corners first is not needed; keep a stable, readable order (home-heavy first)
    pts.sort(key=lambda p: tuple(-x for x in p))
    return pts


def fraction_key(labels: Sequence[str], fr: Sequence[float]) -> str:
    return "split:" + ",".join(f"{lb}={x:.3g}" for lb, x in zip(labels, fr))


def mode_support(mode: str) -> str | None:
    """None when the runtime implements ``mode`` (the mode registry holds it), else
    why it is skipped."""
    from skmd import modes
    try:
        modes.mode_named(mode)
    except ValueError as exc:
        return f"mode {mode!r} cannot be set: {exc}"
    return None


def plan_configs(labels: Sequence[str], home: str, policies: Sequence[str],
                 oracle_steps: int, suite: str,
                 variants: Sequence[tuple[str, dict[str, Any]]] = ()) -> list[Config]:
    """The configurations one benchmark runs, in round-robin order.

    Each variant is the suite's own configuration (``skmd``, or ``mkmd`` in the
    MKMD suite) with some settings changed, run in the same rounds so that what a
    setting gains is measured round by round (e.g. ``offline:online=0``).
    """
    configs: list[Config] = []
    n = len(labels)
    for lb in labels:
        fr = {x: (1.0 if x == lb else 0.0) for x in labels}
        # a single device moves the program's data the driver's way, as without skmd
        if lb == home:
            # the home device holds the buffers: the program's launches run whole
            # there, as they would without skmd (static 1.0 would still take the
            # split path; that point is part of the oracle sweep)
            configs.append(Config(f"single:{lb}", "single",
                                  {"mode": "inorder", "pinned_copies": "never"}, fr))
        else:
            configs.append(Config(f"single:{lb}", "single",
                                  {"policy": "static", "static_fractions": fr,
                                   "pinned_copies": "never"}, fr))
    if "linear" in policies:
        configs.append(Config("linear", "policy", {"policy": "linear"}))
    if "hill" in policies:
        configs.append(Config("skmd", "policy", {"policy": "hill"}))
    if "even" in policies:
        # its shares are known in advance: --max-seconds can leave it out in time
        configs.append(Config("even", "policy", {"policy": "even"},
                              {lb: 1.0 / n for lb in labels}))
    if "single" in policies:
        configs.append(Config("single", "policy", {"policy": "single"}))
    if "oracle" in policies and n >= 2:
        for pt in simplex_grid(n, oracle_steps):
            if max(pt) >= 1.0 and pt[labels.index(home)] < 1.0:
                continue  # a corner off home: the single-device configuration
            fr = dict(zip(labels, pt))
            configs.append(Config(fraction_key(labels, pt), "split",
                                  {"policy": "static", "static_fractions": fr}, fr))
    if suite == "mkmd":
        for m in MKMD_MODES:
            configs.append(Config(m, "mode", {"policy": "hill", "mode": m},
                                  skipped=mode_support(m)))
    base = next((c for c in configs if c.key == ("mkmd" if suite == "mkmd" else "skmd")),
                None)
    for name, changes in variants:
        if any(c.key == name for c in configs):
            raise ValueError(f"--variant {name}: a configuration has that name already")
        settings = dict(base.settings if base is not None else {"policy": "hill"})
        configs.append(Config(name, "variant", {**settings, **changes},
                              skipped=base.skipped if base is not None else None,
                              base=base.key if base is not None else None))
    return configs

def normalise_policies(policies: Iterable[str] | None) -> list[str]:
    if not policies:
        return list(DEFAULT_POLICIES)
    out = []
    for p in policies:
        p = POLICY_ALIASES.get(p.strip().lower(), p.strip().lower())
        if p not in POLICY_CHOICES:
            raise ValueError(f"unknown policy {p!r}; choose from "
                             f"{', '.join(POLICY_CHOICES + tuple(POLICY_ALIASES))}")
        if p not in out:
            out.append(p)
    return out

def helper_share(cfg: Config, home: str) -> float:
    """The largest share off the home device (policies, whose shares are not fixed:
    between the small static splits and the single helper devices)."""
    if cfg.fractions is None:
        return 0.5
    return max((f for lb, f in cfg.fractions.items() if lb != home), default=0.0)


def round_order(active: Sequence[Config], rnd: int, home: str) -> list[Config]:
    """The order in which the configurations run in round ``rnd`` (0: warm-up).

    The warm-up round runs small helper shares first, so that large ones predicted
    far past ``max_seconds`` are left out before they run once.  Timed rounds run
    forwards and backwards by turns (A B C, C B A, A B C …): a drift within rounds
    favours the early ones in one round and the late ones in the next, and whatever
    a run leaves behind (freed memory, clocks, caches) does not always land on the
    same configuration.
    """
    if rnd == 0:
        return sorted(active, key=lambda c: helper_share(c, home))
    return list(active) if rnd % 2 else list(reversed(active))
