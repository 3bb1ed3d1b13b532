"""Sylvester residual: A X + X B - C."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class Sylvester(la.LinalgBenchmark):
    name = "Sylvester"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "B", "C", "X")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, B, C, X = (inputs[k].astype(np.float64) for k in ("A", "B", "C", "X"))
        return {"R": A @ X + X @ B - C}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, B, C, X = (to_device(queue, inputs[k]) for k in ("A", "B", "C", "X"))
        AX, XB, S, R = (empty(ctx, (n, n)) for _ in range(4))
        la.matmul(queue, prg, AX, A, X, n, n, n)
        la.matmul(queue, prg, XB, X, B, n, n, n)
        la.axpby(queue, prg, S, 1.0, AX, 1.0, XB, n * n)
        la.axpby(queue, prg, R, 1.0, S, -1.0, C, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(Sylvester())

if __name__ == "__main__":
    main_for(BENCH)
