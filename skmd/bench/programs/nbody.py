"""Nbody: one leapfrog step of an all-pairs gravitational simulation.

One work-item per body; the group walks over all bodies in tiles staged through local
memory (passed as a ``cl.LocalMemory`` argument, as many user programs do).
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (ROWS, Arrays, Benchmark, Inputs, check_all, empty,
                                      main_for, read, register, sample_rows, to_device)

SOURCE = r"""
/* pos: xyz and mass in w. Softened Newtonian gravity with G = 1. */
__kernel void nbody_step(__global const float4 *pos, __global const float4 *vel,
                         int n, float dt, float eps2,
                         __global float4 *new_pos, __global float4 *new_vel,
                         __local float4 *tile)
{
    size_t i = get_global_id(0);
    int lid = get_local_id(0), lsz = get_local_size(0);
    float4 p = pos[i];
    float3 acc = (float3)(0.0f);
    for (int base = 0; base < n; base += lsz) {
        tile[lid] = pos[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < lsz; ++j) {
            float4 q = tile[j];
            float3 d = q.xyz - p.xyz;
            float inv = rsqrt(dot(d, d) + eps2);
            acc += (q.w * inv * inv * inv) * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[i];
    v.xyz += acc * dt;
    p.xyz += v.xyz * dt;
    new_vel[i] = v;
    new_pos[i] = p;
}
"""


def _accelerations(pos: np.ndarray, rows: np.ndarray, eps2: float,
                   chunk: int = 64) -> np.ndarray:
    """float64 accelerations of bodies ``rows``, chunked to bound memory."""
    p = pos.astype(np.float64)
    out = np.empty((rows.size, 3))
    for s in range(0, rows.size, chunk):
        r = rows[s:s + chunk]
        d = p[None, :, :3] - p[r, None, :3]
        inv = 1.0 / np.sqrt(np.einsum("ijk,ijk->ij", d, d) + eps2)
        out[s:s + chunk] = np.einsum("ij,ijk->ik", p[None, :, 3] * inv ** 3, d)
    return out


class Nbody(Benchmark):
    name = "Nbody"
    contiguous = False
    source = SOURCE
    # Table 3.2: 524,288 bodies in 1,024 work-groups of 512; we use groups of 256.
    sizes = {
        "ci": {"n": 1024},
        "profile1": {"n": 65536},
        "profile2": {"n": 131072},
        "paper": {"n": 524288},
    }
    local = 256
    dt, eps2 = 0.01, 0.01

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        pos = np.empty((n, 4), dtype=np.float32)
        pos[:, :3] = rng.random((n, 3), dtype=np.float32) * 2 - 1
        pos[:, 3] = (0.5 + rng.random(n, dtype=np.float32)) / n  # total mass ~1
        vel = np.zeros((n, 4), dtype=np.float32)
        vel[:, :3] = (rng.random((n, 3), dtype=np.float32) - 0.5) * 0.2
        return {"pos": pos, "vel": vel, "dt": self.dt, "eps2": self.eps2}

    def reference(self, inputs: Inputs) -> Arrays:
        pos, vel = inputs["pos"], inputs["vel"]
        n = pos.shape[0]
        rows = sample_rows(n, 512)
        idx = np.arange(n) if rows is None else rows
        dt = float(np.float32(inputs["dt"]))
        eps2 = float(np.float32(inputs["eps2"]))
        acc = _accelerations(pos, idx, eps2)
        v = vel[idx].astype(np.float64)
        v[:, :3] += acc * dt
        p = pos[idx].astype(np.float64)
        p[:, :3] += v[:, :3] * dt
        ref = {"pos": p, "vel": v}
        if rows is not None:
            ref.update({"pos" + ROWS: rows, "vel" + ROWS: rows})
        return ref

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        pos, vel = inputs["pos"], inputs["vel"]
        n = pos.shape[0]
        dp, dv = to_device(queue, pos), to_device(queue, vel)
        np_, nv = empty(ctx, (n, 4)), empty(ctx, (n, 4))
        self.kernel(ctx, "nbody_step")(queue, (n,), (self.local,), dp, dv, np.int32(n),
                       np.float32(inputs["dt"]), np.float32(inputs["eps2"]), np_, nv,
                       cl.LocalMemory(16 * self.local))
        new_pos, new_vel = read(queue, np_, (n, 4)), read(queue, nv, (n, 4))
        queue.finish()
        return {"pos": new_pos, "vel": new_vel}

    def check(self, outputs: Arrays, reference: Arrays) -> tuple[bool, str]:
        # Softening bounds each of the n terms by 0.385*m/eps2; their float32 sum is off
        # by ~sqrt(n)*eps of the total, so the velocity change (<= 0.4) is off by
        # < 1e-5 against velocities ~0.1-0.4: atol 1e-4 of max |vel| and of max |pos|.
        tol = (1e-5, 1e-4)
        return check_all(outputs, reference, {"pos": tol, "vel": tol})


BENCH = register(Nbody())

if __name__ == "__main__":
    main_for(BENCH)
