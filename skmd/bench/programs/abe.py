"""ABE (algebraic Bernoulli equation residual): A^T X + X A - X B B^T X."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class ABE(la.LinalgBenchmark):
    name = "ABE"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "B", "X")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, B, X = (inputs[k].astype(np.float64) for k in ("A", "B", "X"))
        return {"R": A.T @ X + X @ A - X @ (B @ B.T) @ X}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, B, X = (to_device(queue, inputs[k]) for k in ("A", "B", "X"))
        At, Bt, AtX, XA, BBt, XBBt, XBBtX, S, R = (empty(ctx, (n, n)) for _ in range(9))
        la.transpose(queue, prg, At, A, n, n)
        la.transpose(queue, prg, Bt, B, n, n)
        la.matmul(queue, prg, AtX, At, X, n, n, n)
        la.matmul(queue, prg, XA, X, A, n, n, n)
        la.matmul(queue, prg, BBt, B, Bt, n, n, n)
        la.matmul(queue, prg, XBBt, X, BBt, n, n, n)
        la.matmul(queue, prg, XBBtX, XBBt, X, n, n, n)
        la.axpby(queue, prg, S, 1.0, AtX, 1.0, XA, n * n)
        la.axpby(queue, prg, R, 1.0, S, -1.0, XBBtX, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(ABE())

if __name__ == "__main__":
    main_for(BENCH)
