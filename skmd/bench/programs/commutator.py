"""Triple commutator: ABC + BCA + CAB - BAC - ACB - CBA, written out term by term
(six pair products, six triple products, five additions: a wide kernel graph)."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


class Commutator(la.LinalgBenchmark):
    name = "Commutator"

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {k: la.rand_matrix(rng, n) for k in ("A", "B", "C")}

    def reference(self, inputs: Inputs) -> Arrays:
        A, B, C = (inputs[k].astype(np.float64) for k in ("A", "B", "C"))
        return {"R": A @ B @ C + B @ C @ A + C @ A @ B - B @ A @ C - A @ C @ B - C @ B @ A}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        m = {k: to_device(queue, inputs[k]) for k in ("A", "B", "C")}
        pairs = ("AB", "BC", "CA", "BA", "AC", "CB")
        for p in pairs:
            m[p] = empty(ctx, (n, n))
            la.matmul(queue, prg, m[p], m[p[0]], m[p[1]], n, n, n)
        triples = ("ABC", "BCA", "CAB", "BAC", "ACB", "CBA")
        for t in triples:
            m[t] = empty(ctx, (n, n))
            la.matmul(queue, prg, m[t], m[t[:2]], m[t[2]], n, n, n)
        # (ABC + BCA) + CAB, then minus the three reversed orders
        acc = m["ABC"]
        signs = ((1.0, "BCA"), (1.0, "CAB"), (-1.0, "BAC"), (-1.0, "ACB"), (-1.0, "CBA"))
        for sign, t in signs:
            nxt = empty(ctx, (n, n))
            la.axpby(queue, prg, nxt, 1.0, acc, sign, m[t], n * n)
            acc = nxt
        out = read(queue, acc, (n, n))
        queue.finish()
        return {"R": out}


BENCH = register(Commutator())

if __name__ == "__main__":
    main_for(BENCH)
