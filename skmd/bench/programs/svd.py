"""SVD reconstruction: U diag(s) V^T from the factors of a singular value decomposition."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class SVD(la.LinalgBenchmark):
    name = "SVD"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        # The kernels do not depend on orthogonality; random factors keep inputs cheap
        # at 4096^2, singular values decay like a typical spectrum.
        s = np.sort(rng.random(n))[::-1] * np.sqrt(n)
        return {"U": la.rand_matrix(rng, n), "V": la.rand_matrix(rng, n),
                "s": s.astype(np.float32)}

    def reference(self, inputs: Inputs) -> Arrays:
        U, V, s = (inputs[k].astype(np.float64) for k in ("U", "V", "s"))
        return {"M": (U * s[None, :]) @ V.T}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["U"].shape[0]
        U, V, s = (to_device(queue, inputs[k]) for k in ("U", "V", "s"))
        Vt, US, M = (empty(ctx, (n, n)) for _ in range(3))
        la.transpose(queue, prg, Vt, V, n, n)
        la.scale_cols(queue, prg, US, U, s, n, n)
        la.matmul(queue, prg, M, US, Vt, n, n, n)
        out = read(queue, M, (n, n))
        queue.finish()
        return {"M": out}


BENCH = register(SVD())

if __name__ == "__main__":
    main_for(BENCH)
