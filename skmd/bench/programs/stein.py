"""Stein (discrete Lyapunov) residual: A X A^T - X."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class Stein(la.LinalgBenchmark):
    name = "Stein"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "X")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, X = (inputs[k].astype(np.float64) for k in ("A", "X"))
        return {"R": A @ X @ A.T - X}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, X = (to_device(queue, inputs[k]) for k in ("A", "X"))
        At, AX, AXAt, R = (empty(ctx, (n, n)) for _ in range(4))
        la.transpose(queue, prg, At, A, n, n)
        la.matmul(queue, prg, AX, A, X, n, n, n)
        la.matmul(queue, prg, AXAt, AX, At, n, n, n)
        la.axpby(queue, prg, R, 1.0, AXAt, -1.0, X, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(Stein())

if __name__ == "__main__":
    main_for(BENCH)
