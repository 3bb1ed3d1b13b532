"""Synthetic profiles shaped like real devices: a GPU runs groups in waves of
``slots``, a CPU in rounds of ``cores``, both with a launch overhead."""
from __future__ import annotations

import numpy as np

from skmd.predict import Sample, calibration_groups


def matmul_time(N: int, x: np.ndarray, slots: int = 80, per_flop: float = 2e-11,
                overhead: float = 20e-6) -> np.ndarray:
    waves = np.maximum(1, np.ceil(np.asarray(x, float) / slots))
    return overhead + per_flop * N * 256 * 2 * waves * slots / 4


def matmul_sample(N: int, x: int) -> Sample:
    G = (N // 16) ** 2
    return Sample(x, G, (N, N), (16, 16), {3: float(N)}, {0: 4 * N * N, 1: 4 * N * N, 2: 4 * N * N})


def matmul_profiles(sizes=(256, 512, 768, 1024), noise=0.01, seed=0):
    rng = np.random.default_rng(seed)
    S, Y = [], []
    for N in sizes:
        G = (N // 16) ** 2
        for x in calibration_groups(G):
            S.append(matmul_sample(N, x))
            Y.append(float(matmul_time(N, x)) * (1 + noise * rng.standard_normal()))
    return S, np.array(Y)
