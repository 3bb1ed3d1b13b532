"""Jacobi: a few sweeps of x <- D^-1 (b - (L + U) x), three kernels per sweep.

The host splits A into its diagonal (kept as D^-1) and off-diagonal part L + U once,
while preparing the problem; the sweeps run without host round trips.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class Jacobi(la.LinalgBenchmark):
    name = "Jacobi"
    sizes = {"ci": {"n": 256, "sweeps": 4}, "medium": {"n": 1024, "sweeps": 4},
             "paper": {"n": 4096, "sweeps": 4}}

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        n = p["n"]
        rng = np.random.default_rng(seed)
        off = la.rand_matrix(rng, n)
        np.fill_diagonal(off, 0.0)
        diag = (2.0 + rng.random(n)) * np.sqrt(n) / 4  # dominant: sweeps converge
        return {"LU": off, "dinv": (1.0 / diag).astype(np.float32),
                "b": (rng.random(n) - 0.5).astype(np.float32),
                "x0": np.zeros(n, dtype=np.float32), "sweeps": p["sweeps"]}

    def reference(self, inputs: Inputs) -> Arrays:
        LU, dinv, b, x = (inputs[k].astype(np.float64) for k in ("LU", "dinv", "b", "x0"))
        for _ in range(int(inputs["sweeps"])):
            x = dinv * (b - LU @ x)
        return {"x": x}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["b"].size
        LU, dinv, b, x = (to_device(queue, inputs[k], writable=(k == "x0"))
                          for k in ("LU", "dinv", "b", "x0"))
        t, res, x_next = empty(ctx, n), empty(ctx, n), empty(ctx, n)
        for _ in range(int(inputs["sweeps"])):
            la.matvec(queue, prg, t, LU, x, n, n)            # (L + U) x
            la.axpby(queue, prg, res, 1.0, b, -1.0, t, n)    # b - (L + U) x
            la.vmul(queue, prg, x_next, dinv, res, n)        # D^-1 (...)
            x, x_next = x_next, x
        out = read(queue, x, n)
        queue.finish()
        return {"x": out}


BENCH = register(Jacobi())

if __name__ == "__main__":
    main_for(BENCH)
