"""Models on demand: fitted lazily from the profile store, corrected online.

The runtime asks for a time curve per (kernel, device) at every launch; fitting
happens once per new batch of profiles. Measured sub-kernel times feed an
ARTS-style multiplicative correction (EWMA of measured / predicted) so that a
model trained on another day, or on an idle machine, tracks what it sees now.
"""
from __future__ import annotations

import math
import threading
import time
from typing import Callable

import numpy as np

from skmd.predict.features import Sample, as_sample
from skmd.predict.time_model import KernelTimeModel, held_out_errors
from skmd.predict.store import ProfileStore

__all__ = ["ModelRegistry", "calibration_groups"]


def calibration_groups(total_groups: int, fine: int = 16, growth: float = 1.5) -> list[int]:
    """Enabled-group counts to profile: every count up to ``fine``, then geometric.

    The fine steps catch where a device stops being under-filled (the knee of
    eq. 3.3, §3.3 Methodology); coarser steps suffice once time is linear.
    The whole launch is always included.
    """
    total = int(total_groups)
    if total <= 0:
        return []
    out = list(range(1, min(fine, total) + 1))
    v = float(out[-1])
    while True:
        v = max(v * growth, v + 1)
        if v >= total:
            break
        out.append(int(round(v)))
    if out[-1] != total:
        out.append(total)
    return sorted(set(out))


class ModelRegistry:
    """One :class:`KernelTimeModel` per (kernel_key, device fingerprint).

    ``recheck_s``: how long a model is used without asking the store whether
    another process added profiles (profiles this process adds are seen at once).
    Asking costs an SQL query, and the runtime asks at every prediction and every
    measured launch — on a graph's critical path.
    """

    def __init__(self, store: ProfileStore, estimator: KernelTimeModel | None = None,
                 min_profiles: int = 4, alpha: float = 0.3, recheck_s: float = 5.0,
                 online: bool = True) -> None:
        self.store = store
        #: ``SKMD_ONLINE``: measured times correct the models (the runtime keeps it
        #: as the settings in force say)
        self.online = online
        self.estimator = estimator if estimator is not None else KernelTimeModel()
        self.min_profiles = min_profiles
        self.alpha = alpha
        self.recheck_s = recheck_s
        self._lock = threading.RLock()
        #: key -> (profile count, model, store generation, monotonic time of the count)
        self._models: dict[tuple[str, str],
                           tuple[int, KernelTimeModel | None, int, float]] = {}
        self._correction: dict[tuple[str, str], float] = {}

    def get(self, kernel_key: str, fingerprint: str) -> KernelTimeModel | None:
        """The fitted model, refitted when profiles were added; None without enough."""
        key = (kernel_key, fingerprint)
        gen = getattr(self.store, "generation", -1)
        now = time.monotonic()
        cached = self._models.get(key)
        if cached is not None and cached[2] == gen and now - cached[3] < self.recheck_s:
            return cached[1]
        count = self.store.profile_count(kernel_key, fingerprint)
        with self._lock:
            cached = self._models.get(key)
            if cached is not None and cached[0] == count:
                self._models[key] = (count, cached[1], gen, now)
                return cached[1]
            model = None
            if count >= self.min_profiles:
                profs = self.store.profiles(kernel_key, fingerprint)
                try:
                    from sklearn.base import clone
                    model = clone(self.estimator).fit([p.sample for p in profs],
                                                      [p.seconds for p in profs])
                except ValueError:
                    model = None
            self._models[key] = (count, model, gen, now)
            return model

    def correction(self, kernel_key: str, fingerprint: str) -> float:
        """The online factor the curves apply (1.0 when off or never observed)."""
        if not self.online:
            return 1.0
        return self._correction.get((kernel_key, fingerprint), 1.0)

    def run_time(self, kernel_key: str, fingerprint: str, sample: Sample
                 ) -> Callable[[np.ndarray], np.ndarray] | None:
        """``groups -> seconds`` for this launch on this device, for the partitioner."""
        model = self.get(kernel_key, fingerprint)
        if model is None:
            return None
        scale = self.correction(kernel_key, fingerprint)
        s = as_sample(sample)
        return lambda groups: model.predict_curve(s, groups, scale)

    def predict(self, kernel_key: str, fingerprint: str, sample: Sample) -> float | None:
        model = self.get(kernel_key, fingerprint)
        if model is None:
            return None
        s = as_sample(sample)
        t = model.predict_curve(s, np.array([s.groups_enabled]))[0]
        return float(t * self.correction(kernel_key, fingerprint))

    def observe(self, kernel_key: str, fingerprint: str, sample: Sample,
                measured_s: float) -> float:
        """Fold a measured time into the correction; returns the factor now in force."""
        key = (kernel_key, fingerprint)
        if not self.online:
            return 1.0
        model = self.get(kernel_key, fingerprint)
        if model is None or not (measured_s > 0 and math.isfinite(measured_s)):
            return self._correction.get(key, 1.0)
        s = as_sample(sample)
        predicted = float(model.predict_curve(s, np.array([s.groups_enabled]))[0])
        if predicted <= 0:
            return self._correction.get(key, 1.0)
        ratio = min(max(measured_s / predicted, 0.1), 10.0)
        with self._lock:
            old = self._correction.get(key, 1.0)
            new = (1 - self.alpha) * old + self.alpha * ratio
            self._correction[key] = new
        return new

    def accuracy(self, kernel_key: str, fingerprint: str) -> float | None:
        """Median absolute relative error on held-out inputs (0.03 = 3 %).

        None when the store has fewer than two distinct inputs for the pair.
        """
        profs = self.store.profiles(kernel_key, fingerprint)
        if len(profs) < self.min_profiles:
            return None
        errs = held_out_errors(self.estimator, [p.sample for p in profs],
                               [p.seconds for p in profs])
        return float(np.median(errs)) if errs.size else None
