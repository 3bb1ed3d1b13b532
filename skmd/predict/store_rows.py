"""What the profile store's rows read back as: plain records, no SQL."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from skmd.predict.features import Sample


@dataclass
class Profile:
    """One timed run of a kernel on a device with some of its work-groups enabled."""
    kernel_key: str
    fingerprint: str
    sample: Sample
    seconds: float
    created_at: float | None = None


@dataclass(frozen=True)
class Link:
    fingerprint: str
    h2d_bps: float
    d2h_bps: float
    pinned: bool
    measured_at: float


@dataclass(frozen=True)
class DeviceInfo:
    fingerprint: str
    label: str
    name: str
    vendor: str
    type: str
    compute_units: int
    memory: int


@dataclass(frozen=True)
class RunInfo:
    run_id: str
    created_at: float
    argv: list[str] = field(default_factory=list)
    launches: int = 0


def profile_from_mapping(d: Mapping[str, Any]) -> Profile:
    """A profile given as a mapping (its sample nested, or its fields inline)."""
    sample = d.get("sample")
    if sample is None:
        sample = Sample.from_dict(d)
    elif isinstance(sample, Mapping):
        sample = Sample.from_dict(sample)
    return Profile(kernel_key=d["kernel_key"], fingerprint=d["fingerprint"], sample=sample,
                   seconds=float(d["seconds"]), created_at=d.get("created_at"))
