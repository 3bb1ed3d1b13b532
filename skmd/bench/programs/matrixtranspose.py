"""MatrixTranspose: out = in^T through a 16x16 local tile (discontiguous output)."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, empty, main_for, read,
                                      register, to_device)


class MatrixTranspose(Benchmark):
    name = "MatrixTranspose"
    contiguous = False
    # Table 3.2: 8,192 x 8,192 matrices. Rectangular so that rows/cols mix-ups fail.
    sizes = {
        "ci": {"rows": 96, "cols": 160},
        "profile1": {"rows": 1024, "cols": 1024},
        "profile2": {"rows": 2048, "cols": 2048},
        "paper": {"rows": 8192, "cols": 8192},
    }

    def build(self, ctx: cl.Context) -> None:
        self._programs.setdefault(ctx, la.program(ctx))

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        rng = np.random.default_rng(seed)
        return {"M": rng.random((p["rows"], p["cols"]), dtype=np.float32)}

    def reference(self, inputs: Inputs) -> Arrays:
        return {"T": np.ascontiguousarray(inputs["M"].T)}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        M = inputs["M"]
        rows, cols = M.shape
        dM = to_device(queue, M)
        dT = empty(ctx, (cols, rows))
        la.transpose(queue, prg, dT, dM, rows, cols)
        T = read(queue, dT, (cols, rows))
        queue.finish()
        return {"T": T}


BENCH = register(MatrixTranspose())

if __name__ == "__main__":
    main_for(BENCH)
