"""BiCGSTAB: one iteration of the stabilised biconjugate gradient method (11 kernels).

Dot products are first-round reductions; the kernels that need a dot product's value
add its few partials themselves, so the whole iteration is one in-order stream with a
single read at the end (no host round trip per scalar). The state entering the
iteration comes from one float64 iteration on the host, so every kernel does real work.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs import linalg_kernels as la
from skmd.bench.programs.base import Arrays, Inputs, empty, main_for, read, register, to_device


def iterate(A: np.ndarray, st: dict) -> dict:
    """One BiCGSTAB iteration in NumPy on state (x, r, rhat, p, v, rho, alpha, omega)."""
    x, r, rhat, p, v = (st[k] for k in ("x", "r", "rhat", "p", "v"))
    rho = rhat @ r
    beta = (rho / st["rho"]) * (st["alpha"] / st["omega"])
    p = r + beta * (p - st["omega"] * v)
    v = A @ p
    alpha = rho / (rhat @ v)
    h = x + alpha * p
    s = r - alpha * v
    t = A @ s
    omega = (t @ s) / (t @ t)
    return {"x": h + omega * s, "r": s - omega * t, "rhat": rhat, "p": p, "v": v,
            "rho": rho, "alpha": alpha, "omega": omega}


class BiCGSTAB(la.LinalgBenchmark):
    name = "BiCGSTAB"
    sizes = {"ci": {"n": 256}, "medium": {"n": 1024}, "paper": {"n": 4096}}
    vectors = ("x", "r", "rhat", "p", "v")

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        A = la.rand_matrix(rng, n).astype(np.float64) + 4.0 * np.eye(n)  # well conditioned
        b = rng.random(n) - 0.5
        x0 = np.zeros(n)
        r0 = b - A @ x0
        st = iterate(A, {"x": x0, "r": r0, "rhat": r0.copy(), "p": np.zeros(n),
                         "v": np.zeros(n), "rho": 1.0, "alpha": 1.0, "omega": 1.0})
        out: Inputs = {"A": A.astype(np.float32)}
        out.update({k: st[k].astype(np.float32) for k in self.vectors})
        out.update({k: float(np.float32(st[k])) for k in ("rho", "alpha", "omega")})
        return out

    def reference(self, inputs: Inputs) -> Arrays:
        st = {k: np.asarray(inputs[k], dtype=np.float64) for k in self.vectors}
        st.update({k: float(inputs[k]) for k in ("rho", "alpha", "omega")})
        nxt = iterate(inputs["A"].astype(np.float64), st)
        return {"x": nxt["x"], "r": nxt["r"]}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        prg = self.program(ctx)
        n = inputs["A"].shape[0]
        parts = n // la.VEC_WG
        A = to_device(queue, inputs["A"])
        x, r, rhat, p, v = (to_device(queue, inputs[k]) for k in self.vectors)
        p2, v2, h, s, t, x2, r2 = (empty(ctx, n) for _ in range(7))
        d_rho, d_rv, d_ts, d_tt = (empty(ctx, parts) for _ in range(4))
        i32, f32 = np.int32, np.float32
        la.dot_partial(queue, prg, d_rho, rhat, r, n)                         # 1 rho
        la.kernel(prg, "bicg_p_update")(                                       # 2 p
            queue, (n,), (la.VEC_WG,), p2, r, p, v, d_rho, i32(parts),
            f32(inputs["rho"]), f32(inputs["alpha"]), f32(inputs["omega"]))
        la.matvec(queue, prg, v2, A, p2, n, n)                                # 3 v = A p
        la.dot_partial(queue, prg, d_rv, rhat, v2, n)                         # 4 rhat.v
        ratio = la.kernel(prg, "axpy_ratio")
        ratio(queue, (n,), (la.VEC_WG,), h, x, p2, f32(1), d_rho, d_rv, i32(parts))   # 5 h
        ratio(queue, (n,), (la.VEC_WG,), s, r, v2, f32(-1), d_rho, d_rv, i32(parts))  # 6 s
        la.matvec(queue, prg, t, A, s, n, n)                                  # 7 t = A s
        la.dot_partial(queue, prg, d_ts, t, s, n)                             # 8 t.s
        la.dot_partial(queue, prg, d_tt, t, t, n)                             # 9 t.t
        ratio(queue, (n,), (la.VEC_WG,), x2, h, s, f32(1), d_ts, d_tt, i32(parts))   # 10 x
        ratio(queue, (n,), (la.VEC_WG,), r2, s, t, f32(-1), d_ts, d_tt, i32(parts))  # 11 r
        xo, ro = read(queue, x2, n), read(queue, r2, n)
        queue.finish()
        return {"x": xo, "r": ro}


BENCH = register(BiCGSTAB())

if __name__ == "__main__":
    main_for(BENCH)
