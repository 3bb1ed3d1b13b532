"""GABE (generalised algebraic Bernoulli equation residual): A^T X E + E^T X A - E^T X G X E."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class GABE(la.LinalgBenchmark):
    name = "GABE"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "E", "G", "X")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, E, G, X = (inputs[k].astype(np.float64) for k in ("A", "E", "G", "X"))
        return {"R": A.T @ X @ E + E.T @ X @ A - E.T @ X @ G @ X @ E}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, E, G, X = (to_device(queue, inputs[k]) for k in ("A", "E", "G", "X"))
        At, Et, XE, AtXE, EtX, EtXA, EtXG, EtXGXE, S, R = (empty(ctx, (n, n))
                                                         for _ in range(10))
        la.transpose(queue, prg, At, A, n, n)
        la.transpose(queue, prg, Et, E, n, n)
        la.matmul(queue, prg, XE, X, E, n, n, n)
        la.matmul(queue, prg, AtXE, At, XE, n, n, n)
        la.matmul(queue, prg, EtX, Et, X, n, n, n)
        la.matmul(queue, prg, EtXA, EtX, A, n, n, n)
        la.matmul(queue, prg, EtXG, EtX, G, n, n, n)
        la.matmul(queue, prg, EtXGXE, EtXG, XE, n, n, n)
        la.axpby(queue, prg, S, 1.0, AtXE, 1.0, EtXA, n * n)
        la.axpby(queue, prg, R, 1.0, S, -1.0, EtXGXE, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(GABE())

if __name__ == "__main__":
    main_for(BENCH)
