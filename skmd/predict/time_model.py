"""Per-(kernel, device) execution-time model, scikit-learn style.

A non-negative least-squares fit over the features of :mod:`skmd.predict.features`:

    y = c*G + (d_0 + e_0 w) [x > 0] + sum_b (d_b + e_b w) x g_b(x) + (d + e w) x

with ``x`` the enabled work-groups, ``w = w(input)``, ``G`` the launch's total groups (the cost of
groups that are launched but disabled), ``g_b`` the arctan saturations and ``w``
the work-per-group candidate picked by cross-validation over inputs. Keeping every
coefficient non-negative makes each term non-decreasing in ``x``, so the curve
the partitioner walks is monotone and positive by construction (and clamped so
anyway). Residuals are weighted relatively, since the partitioner cares about
small and large shares alike.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

import numpy as np
from scipy.optimize import nnls
from sklearn.base import BaseEstimator, RegressorMixin, clone

from skmd.predict.features import (COMPLEXITIES, KNEES, Candidate, Sample, as_sample, candidates,
                                   curve_columns, saturation)

__all__ = ["KernelTimeModel", "held_out_errors", "input_folds"]


def input_folds(samples: Sequence[Sample], min_inputs: int = 3, k: int = 5,
                seed: int = 0) -> list[np.ndarray]:
    """Held-out index sets: one per input when there are enough inputs, else k-fold."""
    keys = [s.input_key() for s in samples]
    uniq = list(dict.fromkeys(keys))
    idx = np.arange(len(samples))
    if len(uniq) >= min_inputs:
        return [idx[np.array([kk == u for kk in keys])] for u in uniq]
    rng = np.random.default_rng(seed)
    perm = rng.permutation(len(samples))
    k = max(2, min(k, len(samples)))
    return [f for f in np.array_split(perm, k) if f.size]


class KernelTimeModel(RegressorMixin, BaseEstimator):
    """Seconds to run ``x`` of a launch's work-groups on one device.

    Parameters
    ----------
    knees : work-group counts where the arctan saturations reach one half.
    complexities : candidate complexity functions ``h`` tried on input variables.
    use_cost : whether the static per-item cost (eq. 5.3) is a candidate.
    min_inputs : distinct inputs needed to select by leave-one-input-out
        (fewer: k-fold over samples).
    tie_tolerance : a more complex candidate must beat the simplest good one by
        this relative margin to be chosen.
    """

    def __init__(self, knees: Sequence[float] = KNEES,
                 complexities: Sequence[str] = COMPLEXITIES, use_cost: bool = True,
                 min_inputs: int = 3, tie_tolerance: float = 0.02) -> None:
        self.knees = knees
        self.complexities = complexities
        self.use_cost = use_cost
        self.min_inputs = min_inputs
        self.tie_tolerance = tie_tolerance

    # -- design --------------------------------------------------------------

    def _design(self, samples: Sequence[Sample], w: np.ndarray) -> np.ndarray:
        x = np.array([s.groups_enabled for s in samples], dtype=float)
        G = np.array([s.total_groups for s in samples], dtype=float)
        C = curve_columns(x, self.knees)
        return np.column_stack([G, C, w[:, None] * C])

    @staticmethod
    def _solve(A: np.ndarray, y: np.ndarray) -> np.ndarray:
        scale = np.abs(A).max(axis=0)
        scale[scale == 0] = 1.0
        rows = 1.0 / y
        coef, _ = nnls((A / scale) * rows[:, None], np.ones_like(y), maxiter=50 * A.shape[1])
        return coef / scale

    # -- scikit-learn API ------------------------------------------------------

    def fit(self, X: Sequence[Sample | Mapping[str, Any]], y: Sequence[float]) -> "KernelTimeModel":
        samples = [as_sample(s) for s in X]
        y = np.asarray(y, dtype=float)
        if len(samples) != y.size:
            raise ValueError(f"{len(samples)} samples but {y.size} targets")
        keep = np.isfinite(y) & (y > 0) & np.array([s.groups_enabled > 0 for s in samples], bool)
        samples = [s for s, k in zip(samples, keep) if k]
        y = y[keep]
        if y.size < 2:
            raise ValueError("need at least two positive timings to fit")

        folds = input_folds(samples, self.min_inputs)
        errors: dict[str, float] = {}
        usable: list[tuple[Candidate, np.ndarray]] = []
        for cand in candidates(samples, self.complexities, self.use_cost):
            w = np.array([cand(s) for s in samples])
            if not np.all(np.isfinite(w)) or np.all(w == 0):
                continue
            A = self._design(samples, w)
            ape = np.empty_like(y)
            for test in folds:
                train = np.setdiff1d(np.arange(y.size), test)
                if train.size == 0:
                    ape[test] = math.inf
                    continue
                coef = self._solve(A[train], y[train])
                ape[test] = np.abs(A[test] @ coef - y[test]) / y[test]
            errors[cand.name] = float(np.mean(ape))
            usable.append((cand, w))
        if not usable:
            raise ValueError("no usable feature candidate")
        best = min(errors.values())
        chosen, w = next((c, w) for c, w in usable
                         if errors[c.name] <= best * (1 + self.tie_tolerance) + 1e-12)

        coef = self._solve(self._design(samples, w), y)
        K = len(self.knees) + 2
        self.candidate_ = chosen
        self.feature_ = chosen.name
        self.coef_ = coef
        self.per_total_group_ = float(coef[0])
        self.curve_coef_ = coef[1:1 + K].copy()
        self.work_coef_ = coef[1 + K:1 + 2 * K].copy()
        self.cv_error_ = errors[chosen.name]
        self.candidate_errors_ = errors
        self.n_samples_ = int(y.size)
        self.n_inputs_ = len({s.input_key() for s in samples})
        return self

    def predict(self, X: Sequence[Sample | Mapping[str, Any]]) -> np.ndarray:
        samples = [as_sample(s) for s in X]
        if not samples:
            return np.zeros(0)
        w = np.array([self.candidate_(s) for s in samples])
        w = np.where(np.isfinite(w), w, 0.0)
        y = self._design(samples, w) @ self.coef_
        x = np.array([s.groups_enabled for s in samples])
        return np.where(x > 0, np.maximum(y, 0.0), 0.0)

    def predict_curve(self, sample: Sample | Mapping[str, Any], groups: np.ndarray,
                      scale: float = 1.0) -> np.ndarray:
        """Seconds for each count in ``groups`` of ``sample``'s launch, vectorised.

        Zero for no groups; non-negative and non-decreasing in the count.
        """
        s = as_sample(sample)
        x = np.asarray(groups, dtype=float)
        w = self.candidate_(s)
        if not math.isfinite(w):
            w = 0.0
        per = self.curve_coef_ + self.work_coef_ * w
        y = np.full(x.shape, per[0] + self.per_total_group_ * s.total_groups)
        for b, c in zip(self.knees, per[1:-1]):
            if c > 0:
                y += c * x * saturation(x, b)
        if per[-1] > 0:
            y += per[-1] * x
        y *= scale
        np.maximum(y, 0.0, out=y)
        y[x <= 0] = 0.0
        if y.ndim == 1 and y.size > 1:
            if np.all(x[1:] >= x[:-1]):
                np.maximum.accumulate(y, out=y)
            else:
                order = np.argsort(x, kind="stable")
                y[order] = np.maximum.accumulate(y[order])
        return y

    def _more_tags(self) -> dict[str, Any]:  # older scikit-learn
        return {"non_deterministic": False, "requires_y": True}


def held_out_errors(estimator: KernelTimeModel, samples: Sequence[Sample],
                    y: Sequence[float]) -> np.ndarray:
    """Absolute relative errors on each input when the model never saw that input.

    Leave-one-input-out: for every distinct input (:meth:`Sample.input_key`), train
    on the others and predict all of its profiles. Empty with fewer than two inputs.
    """
    return held_out_pairs(estimator, samples, y)[0]


def held_out_pairs(estimator: KernelTimeModel, samples: Sequence[Sample],
                   y: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`held_out_errors` and, beside each, the measured time it is the error of
    (to report the error of long launches alone)."""
    samples = [as_sample(s) for s in samples]
    y = np.asarray(y, dtype=float)
    keys = [s.input_key() for s in samples]
    uniq = list(dict.fromkeys(keys))
    if len(uniq) < 2:
        return np.zeros(0), np.zeros(0)
    errs, measured = [], []
    for u in uniq:
        test = np.array([k == u for k in keys])
        m = clone(estimator)
        try:
            m.fit([s for s, t in zip(samples, test) if not t], y[~test])
        except ValueError:
            continue
        p = m.predict([s for s, t in zip(samples, test) if t])
        good = y[test] > 0
        errs.append(np.abs(p[good] - y[test][good]) / y[test][good])
        measured.append(y[test][good])
    if not errs:
        return np.zeros(0), np.zeros(0)
    return np.concatenate(errs), np.concatenate(measured)
