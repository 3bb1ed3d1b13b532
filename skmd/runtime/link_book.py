"""The host<->device link speeds the decisions weigh transfers by.

The probe (:mod:`skmd.runtime.links`) measures each device's link once per
machine; with ``SKMD_LEARN_LINKS`` (on by default) what this process's own
transfers measured takes over where there are enough of them.
"""
from __future__ import annotations

import math
from typing import Any

from skmd.decide import locations as placement
from skmd.runtime import planner
from skmd.runtime.devices import PhysicalDevice


class LinkBook:
    """Each device's (h2d, d2h) bytes/s: probed once, corrected in place."""

    def __init__(self, runtime: Any, home: PhysicalDevice, order: list[PhysicalDevice],
                 rates: planner.LinkEstimates, learn: bool = True) -> None:
        #: the runtime, for its profile store (the probe's figures are kept there)
        self.rt = runtime
        self.home = home
        self.order = order
        #: helpers' link speeds as their transfers measured them in place
        self.rates = rates
        self._probed: dict[str, tuple[float, float]] = {}
        #: the kinds of host memory (page-locked or not) the store held no home link
        #: figure for when asked: it gains one only from this process's probe, which
        #: keeps it here too
        self._home_not_stored: set[bool] = set()
        #: ``SKMD_LEARN_LINKS``: take the figures measured in place over the probe's
        #: (the runtime keeps it as the settings in force say)
        self.learn = learn

    def _probe(self, key: str, dev: PhysicalDevice, mapped: bool = False
               ) -> tuple[float, float]:
        hit = self._probed.get(key)
        if hit is None:
            from skmd.runtime import links
            hit = self._probed[key] = links.link_speed(self.rt, dev, mapped=mapped)
        return hit

    def home_link(self) -> tuple[float, float]:
        """The home device's own measured host link (its data passes it to reach helpers)."""
        return self._probe("home:" + self.home.label, self.home)

    def home_link_known(self) -> tuple[float, float] | None:
        """The home device's link if measured already (this process or the store), else
        None: a launch never waits for the probe."""
        hit = self._probed.get("home:" + self.home.label)
        if hit is not None:
            return hit
        store = self.rt.store
        if store is None:
            return None
        try:
            from skmd.runtime import staging
            p = staging.pool()
            pinned = bool(p and p.pinned)
            if pinned in self._home_not_stored:  # (else a read of the store per launch)
                return None
            got = store.get_link(self.home.fingerprint, pinned=pinned)
        except Exception:
            return None
        if got is None:
            self._home_not_stored.add(pinned)
            return None
        hit = self._probed["home:" + self.home.label] = (float(got.h2d_bps),
                                                         float(got.d2h_bps))
        return hit

    def link(self, dev: PhysicalDevice) -> tuple[float, float]:
        """Measured host->device and device->host bytes/s (inf for the home device).

        The probe's figures, or (``SKMD_LEARN_LINKS``, on by default) what this
        process's transfers to and from ``dev`` measured where there are enough.
        """
        if dev is self.home:
            return (math.inf, math.inf)
        probe = self.probed_link(dev)
        if not self.learn:
            return probe
        return self.rates.correct(dev.label, probe)

    def probed_link(self, dev: PhysicalDevice) -> tuple[float, float]:
        """The link probe's (h2d, d2h) bytes/s for ``dev``, measured once per machine;
        a helper read back by mapping its buffers is probed that way (its driver's
        read is not what its results cost)."""
        return self._probe(dev.label, dev,
                           placement.reads_mapped(dev.zero_copy, dev is self.home))

    def link_note(self) -> str | None:
        """Which helpers' links the models take as measured in place, against the probe."""
        if not self.learn:
            return None
        told = []
        for dev in self.order[1:]:
            probe = self.probed_link(dev)
            got = self.link(dev)
            if got != probe:
                told.append(f"{dev.label} {got[0] / 1e9:.1f}/{got[1] / 1e9:.1f} GB/s "
                            f"(probe {probe[0] / 1e9:.1f}/{probe[1] / 1e9:.1f})")
        return "links in place, h2d/d2h: " + ", ".join(told) if told else None

    def helper_links(self, order: list[PhysicalDevice], wheres: list[str] | None = None
                     ) -> dict[str, tuple[float, float]]:
        """Each helper's effective link: through the home device's own, or its own
        alone when the launch's buffers (at ``wheres``) are in host memory."""
        home = self.home_link()
        wheres = wheres or ["home"]
        hosted = all(placement.on_host(w) for w in wheres)  # only then is zero copy asked
        return {d.label: placement.helper_link(wheres, self.link(d), home,
                                               hosted and d.zero_copy)
                for d in order if d is not self.home}
