"""Continuous Lyapunov residual: A X + X A^T + Q."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class Lyapunov(la.LinalgBenchmark):
    name = "Lyapunov"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "X", "Q")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, X, Q = (inputs[k].astype(np.float64) for k in ("A", "X", "Q"))
        return {"R": A @ X + X @ A.T + Q}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, X, Q = (to_device(queue, inputs[k]) for k in ("A", "X", "Q"))
        At, AX, XAt, S, R = (empty(ctx, (n, n)) for _ in range(5))
        la.transpose(queue, prg, At, A, n, n)
        la.matmul(queue, prg, AX, A, X, n, n, n)
        la.matmul(queue, prg, XAt, X, At, n, n, n)
        la.axpby(queue, prg, S, 1.0, AX, 1.0, XAt, n * n)
        la.axpby(queue, prg, R, 1.0, S, 1.0, Q, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(Lyapunov())

if __name__ == "__main__":
    main_for(BENCH)
