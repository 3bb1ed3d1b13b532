"""MatrixMultiplication: C = A B with 16x16 local-memory tiles (discontiguous output)."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import (ROWS, Arrays, Benchmark, Inputs, check_all, empty,
                                      main_for, read, register, sample_rows, to_device)


class MatrixMultiplication(Benchmark):
    name = "MatrixMultiplication"
    contiguous = False
    # Table 3.2: 8,192 x 8,192 matrices.
    sizes = {
        "ci": {"n": 128},
        "profile1": {"n": 1024},
        "profile2": {"n": 2048},
        "paper": {"n": 8192},
    }

    def build(self, ctx: cl.Context) -> None:
        self._programs.setdefault(ctx, la.program(ctx))

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {"A": rng.random((n, n), dtype=np.float32),
                "B": rng.random((n, n), dtype=np.float32)}

    def reference(self, inputs: Inputs) -> Arrays:
        A, B = inputs["A"], inputs["B"]
        rows = sample_rows(A.shape[0], 256)
        if rows is None:
            return {"C": A.astype(np.float64) @ B.astype(np.float64)}
        return {"C": A[rows].astype(np.float64) @ B.astype(np.float64), "C" + ROWS: rows}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        A, B = inputs["A"], inputs["B"]
        n = A.shape[0]
        dA, dB = to_device(queue, A), to_device(queue, B)
        dC = empty(ctx, (n, n))
        la.matmul(queue, prg, dC, dA, dB, n, n, n)
        C = read(queue, dC, (n, n))
        queue.finish()
        return {"C": C}

    def check(self, outputs: Arrays, reference: Arrays) -> tuple[bool, str]:
        # Non-negative operands: the float32 dot of length K is within K*eps of itself
        # in the worst case (1e-4 relative at K = 2048) and ~sqrt(K)*eps typically
        # (5e-6 at K = 8192): rtol 2e-4.
        return check_all(outputs, reference, {"C": (2e-4, 1e-7)})


BENCH = register(MatrixMultiplication())

if __name__ == "__main__":
    main_for(BENCH)
