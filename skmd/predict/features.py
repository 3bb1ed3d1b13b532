"""What a profile says about a launch, and the regression features built from it.

The thesis models a kernel's time on a device as a linear regression over
transformed variables (§3.2.3): the enabled work-group count ``x`` scaled by an
arctan saturation ``g(x)`` (eq. 3.3: small launches do not fill a device), times
a candidate complexity ``h(z)`` of a buffer size or scalar argument (eq. 3.4),
chosen by how well it predicts held-out inputs. Eq. 5.3 adds the statically
analysed per-item cost ``f``: ``y = b1*T*f + b2*T + e``. Both appear here as
"work per group" candidates ``w`` so that one fitting procedure covers them.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Sequence

import numpy as np

__all__ = ["Sample", "Candidate", "saturation", "candidates", "KNEES", "COMPLEXITIES"]

#: where the arctan saturation reaches one half, in enabled work-groups
KNEES: tuple[float, ...] = (2.0, 8.0, 32.0, 128.0, 512.0)
#: slope of the saturation relative to its knee: g(0) ~ 0.15, g(4*knee) ~ 0.95
KNEE_SLOPE = 2.0

_H: dict[str, Callable[[float], float]] = {
    "n": lambda z: z,
    "sqrt": math.sqrt,
    "nlogn": lambda z: z * math.log2(z + 2.0),
    "n^1.5": lambda z: z ** 1.5,
    "n^2": lambda z: z * z,
    "n^3": lambda z: z ** 3,
}
COMPLEXITIES: tuple[str, ...] = tuple(_H)


@dataclass
class Sample:
    """One launch (or partial launch) as the model sees it."""
    groups_enabled: int
    total_groups: int
    global_size: tuple[int, ...] = ()
    local_size: tuple[int, ...] | None = None
    #: argument index -> value, for scalar arguments
    scalars: dict[int, float] = field(default_factory=dict)
    #: argument index -> bytes, for buffer arguments
    buffer_bytes: dict[int, int] = field(default_factory=dict)
    #: static per-work-item cost f(x1..xn) from the transformer (0: unknown)
    cost: float = 0.0

    @property
    def items_per_group(self) -> float:
        if self.local_size:
            return float(np.prod(self.local_size))
        total_items = float(np.prod(self.global_size)) if self.global_size else 0.0
        return total_items / self.total_groups if self.total_groups and total_items else 1.0

    @property
    def total_items(self) -> float:
        if self.global_size:
            return float(np.prod(self.global_size))
        return self.items_per_group * self.total_groups

    def input_key(self) -> str:
        """Identifies the program input: all the partial launches of one input share it.

        The global size and scalar values, plus buffer sizes and the static cost
        (which the transformer evaluates from the input)."""
        return json.dumps([list(self.global_size),
                           sorted((int(k), float(v)) for k, v in self.scalars.items()),
                           sorted((int(k), int(v)) for k, v in self.buffer_bytes.items()),
                           float(self.cost)])

    def with_groups(self, groups: int) -> "Sample":
        d = asdict(self)
        d["groups_enabled"] = int(groups)
        return Sample(**d)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Sample":
        ls = d.get("local_size")
        return cls(groups_enabled=int(d["groups_enabled"]), total_groups=int(d["total_groups"]),
                   global_size=tuple(int(v) for v in d.get("global_size") or ()),
                   local_size=None if ls is None else tuple(int(v) for v in ls),
                   scalars={int(k): float(v) for k, v in (d.get("scalars") or {}).items()},
                   buffer_bytes={int(k): int(v) for k, v in (d.get("buffer_bytes") or {}).items()},
                   cost=float(d.get("cost") or 0.0))


def as_sample(x: Sample | Mapping[str, Any]) -> Sample:
    return x if isinstance(x, Sample) else Sample.from_dict(x)


def saturation(x: np.ndarray, knee: float, slope: float = KNEE_SLOPE) -> np.ndarray:
    """Eq. 3.3: ``atan(a (x - b)) / pi + 0.5`` with ``b = knee``, ``a = slope / knee``."""
    return np.arctan((slope / knee) * (np.asarray(x, dtype=float) - knee)) / math.pi + 0.5


@dataclass(frozen=True)
class Candidate:
    """A guess at how much work one work-group does, as a function of the input."""
    name: str
    fn: Callable[[Sample], float]

    def __call__(self, s: Sample) -> float:
        try:
            v = float(self.fn(s))
        except (ValueError, OverflowError, ZeroDivisionError):
            return math.nan
        return v


def _variables(samples: Sequence[Sample]) -> list[tuple[str, Callable[[Sample], float]]]:
    """Input variables that change between the profiled inputs."""
    out: list[tuple[str, Callable[[Sample], float]]] = [
        ("items", lambda s: s.total_items),
        ("bytes", lambda s: float(sum(s.buffer_bytes.values()))),
    ]
    bufs = sorted({k for s in samples for k in s.buffer_bytes})
    scal = sorted({k for s in samples for k in s.scalars})
    for k in bufs:
        out.append((f"buf{k}", lambda s, k=k: float(s.buffer_bytes.get(k, 0))))
    for k in scal:
        out.append((f"arg{k}", lambda s, k=k: abs(float(s.scalars.get(k, 0.0)))))
    varying = []
    for name, fn in out:
        vals = {fn(s) for s in samples}
        if len(vals) > 1:
            varying.append((name, fn))
    return varying


def candidates(samples: Sequence[Sample], complexities: Sequence[str] = COMPLEXITIES,
               use_cost: bool = True) -> list[Candidate]:
    """Candidate work-per-group functions, simplest first.

    ``h(z) / total_groups`` says the whole launch does ``h(z)`` work spread over
    its groups (vector add: bytes); ``h(z)`` alone says each group does it
    (matrix multiply: N per item).
    """
    cands = [Candidate("const", lambda s: 1.0)]
    if use_cost and any(s.cost > 0 for s in samples):
        cands.append(Candidate("cost*L", lambda s: s.cost * s.items_per_group))
        cands.append(Candidate("cost", lambda s: s.cost))
    for name, var in _variables(samples):
        for h in complexities:
            hf = _H[h]
            cands.append(Candidate(f"{h}({name})/G",
                                   lambda s, hf=hf, var=var: hf(var(s)) / max(s.total_groups, 1)))
            cands.append(Candidate(f"{h}({name})", lambda s, hf=hf, var=var: hf(var(s))))
    return cands


def curve_columns(x: np.ndarray, knees: Sequence[float]) -> np.ndarray:
    """Shapes a time curve is built from: a step at ``x > 0`` (one wave of work,
    however few groups), ``x * g_b(x)`` for every knee, and plain ``x``."""
    x = np.asarray(x, dtype=float)
    cols = [(x > 0).astype(float)]
    cols += [x * saturation(x, b) for b in knees]
    cols.append(x)
    return np.stack(cols, axis=-1)
