"""CARE (continuous algebraic Riccati residual): A^T X + X A - X B R^-1 B^T X + Q.

R^-1 is part of the problem data (the host inverts the small, well-conditioned R once).
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class CARE(la.LinalgBenchmark):
    name = "CARE"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        mats = {k: la.rand_matrix(rng, n) for k in ("A", "B", "X", "Q")}
        # R = I + diag(U[0,1)): symmetric positive definite, inverse exact and diagonal.
        r = 1.0 + rng.random(n)
        mats["Rinv"] = np.diag(1.0 / r).astype(np.float32)
        return mats

    def reference(self, inputs: Inputs) -> Arrays:
        A, B, X, Q, Ri = (inputs[k].astype(np.float64) for k in ("A", "B", "X", "Q", "Rinv"))
        return {"R": A.T @ X + X @ A - X @ B @ Ri @ B.T @ X + Q}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, B, X, Q, Ri = (to_device(queue, inputs[k]) for k in ("A", "B", "X", "Q", "Rinv"))
        (At, Bt, AtX, XA, XB, XBRi, XBRiBt, T, S1, S2, R) = (empty(ctx, (n, n))
                                                           for _ in range(11))
        la.transpose(queue, prg, At, A, n, n)
        la.transpose(queue, prg, Bt, B, n, n)
        la.matmul(queue, prg, AtX, At, X, n, n, n)
        la.matmul(queue, prg, XA, X, A, n, n, n)
        la.matmul(queue, prg, XB, X, B, n, n, n)
        la.matmul(queue, prg, XBRi, XB, Ri, n, n, n)
        la.matmul(queue, prg, XBRiBt, XBRi, Bt, n, n, n)
        la.matmul(queue, prg, T, XBRiBt, X, n, n, n)
        la.axpby(queue, prg, S1, 1.0, AtX, 1.0, XA, n * n)
        la.axpby(queue, prg, S2, 1.0, S1, -1.0, T, n * n)
        la.axpby(queue, prg, R, 1.0, S2, 1.0, Q, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(CARE())

if __name__ == "__main__":
    main_for(BENCH)
