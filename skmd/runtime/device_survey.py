"""What ``skmd devices`` shows, measured on the live runtime: one row per device.

The report (:mod:`skmd.report.devices_table`) only formats what is gathered
here, so that it never reaches up into the live runtime itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skmd.decide.locations import reads_mapped


@dataclass
class DeviceSurvey:
    """The physical devices, their links and speed priors, as plain data."""
    rows: list[dict[str, Any]]
    #: label, name and memory of the home device
    home: tuple[str, str, int]
    #: (platform name, platform version, device names, why) of each platform left out
    left_out: list[tuple[str, str, list[str], str]] = field(default_factory=list)


def survey(rt: Any, remeasure: bool = False) -> DeviceSurvey:
    """Measure (or look up) every device's links and speed priors."""
    from skmd.runtime import links, priors
    rows = []
    rt.background.settle()  # its set-up measures the priors, once per device
    for d in rt.devices:
        # d2h as skmd reads it back (home: its driver's read)
        mapped = reads_mapped(d.zero_copy, d is rt.home)
        h2d, d2h = links.link_speed(rt, d, remeasure=remeasure, mapped=mapped)
        prior = rt.background.priors.get(d.label)
        if prior is None or remeasure:
            prior = priors.measure(d)
            if rt.store is not None:
                rt.store.put_prior(d.fingerprint, prior.flops, prior.bytes_per_s)
        rows.append(dict(index=d.index, label=d.label, name=d.name, platform=d.platform_name,
                         type=d.kind, compute_units=d.compute_units, clock_mhz=d.clock_mhz,
                         global_mem=d.global_mem, max_alloc=d.max_alloc,
                         home=d is rt.home, h2d_bps=h2d, d2h_bps=d2h,
                         zero_copy=d is not rt.home and d.zero_copy,
                         gflops=prior.flops / 1e9, mem_gbps=prior.bytes_per_s / 1e9,
                         fingerprint=d.fingerprint))
    return DeviceSurvey(rows, (rt.home.label, rt.home.name, rt.home.global_mem),
                        [(x.platform_name, x.platform_version, list(x.devices), x.message())
                         for x in rt.left_out])
