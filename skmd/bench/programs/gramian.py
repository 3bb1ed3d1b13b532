"""Reachability Gramian (Lyapunov residual of a control system): A P + P A^T + B B^T."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class Gramian(la.LinalgBenchmark):
    name = "Gramian"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "B", "P")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, B, P = (inputs[k].astype(np.float64) for k in ("A", "B", "P"))
        return {"R": A @ P + P @ A.T + B @ B.T}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        A, B, P = (to_device(queue, inputs[k]) for k in ("A", "B", "P"))
        At, Bt, AP, PAt, BBt, S, R = (empty(ctx, (n, n)) for _ in range(7))
        la.transpose(queue, prg, At, A, n, n)
        la.transpose(queue, prg, Bt, B, n, n)
        la.matmul(queue, prg, AP, A, P, n, n, n)
        la.matmul(queue, prg, PAt, P, At, n, n, n)
        la.matmul(queue, prg, BBt, B, Bt, n, n, n)
        la.axpby(queue, prg, S, 1.0, AP, 1.0, PAt, n * n)
        la.axpby(queue, prg, R, 1.0, S, 1.0, BBt, n * n)
        out = read(queue, R, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(Gramian())

if __name__ == "__main__":
    main_for(BENCH)
