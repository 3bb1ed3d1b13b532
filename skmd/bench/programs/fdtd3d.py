"""FDTD3d: one step of a radius-R 3-D star stencil.

2-D NDRange over x/y; each work-item marches along z. The input carries a halo of R
cells on every side, so every read is inside the buffer; the output is the interior.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, check_all, empty,
                                      main_for, read, register, to_device)

SOURCE = r"""
__kernel void fdtd3d(__global const float *in, __global float *out,
                     __constant float *coef, int radius, int dimx, int dimy, int dimz)
{
    int x = get_global_id(0), y = get_global_id(1);
    size_t px = dimx + 2 * radius, py = dimy + 2 * radius;
    size_t sy = px, sz = px * py;
    size_t idx = radius * sz + (y + radius) * sy + (x + radius);
    size_t o = (size_t)y * dimx + x, oz = (size_t)dimx * dimy;
    for (int z = 0; z < dimz; ++z) {
        float v = coef[0] * in[idx];
        for (int r = 1; r <= radius; ++r)
            v += coef[r] * (in[idx - r] + in[idx + r]
                            + in[idx - r * sy] + in[idx + r * sy]
                            + in[idx - r * sz] + in[idx + r * sz]);
        out[o] = v;
        idx += sz;
        o += oz;
    }
}
"""


class FDTD3d(Benchmark):
    name = "FDTD3d"
    contiguous = False
    source = SOURCE
    # Table 3.2: 256^3, radius 2, 256 work-groups of 16x16.
    sizes = {
        "ci": {"dim": (32, 48, 24), "radius": 2},
        "profile1": {"dim": (64, 64, 64), "radius": 1},
        "profile2": {"dim": (128, 128, 128), "radius": 2},
        "paper": {"dim": (256, 256, 256), "radius": 2},
    }
    local = (16, 16)

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        dx, dy, dz = p["dim"]
        r = p["radius"]
        rng = np.random.default_rng(seed)
        field = rng.random((dz + 2 * r, dy + 2 * r, dx + 2 * r), dtype=np.float32)
        coef = (rng.random(r + 1, dtype=np.float32) + np.float32(0.1)) / np.float32(6 * r + 1)
        return {"field": field, "coef": coef.astype(np.float32), "radius": r}

    def reference(self, inputs: Inputs) -> Arrays:
        f = inputs["field"].astype(np.float64)
        c = inputs["coef"].astype(np.float64)
        r = int(inputs["radius"])
        dz, dy, dx = (s - 2 * r for s in f.shape)
        core = (slice(r, r + dz), slice(r, r + dy), slice(r, r + dx))
        out = c[0] * f[core]
        for k in range(1, r + 1):
            for axis in range(3):
                for sgn in (-k, k):
                    sl = list(core)
                    sl[axis] = slice(core[axis].start + sgn, core[axis].stop + sgn)
                    out = out + c[k] * f[tuple(sl)]
        return {"out": out}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        f, r = inputs["field"], int(inputs["radius"])
        dz, dy, dx = (s - 2 * r for s in f.shape)
        df, dc = to_device(queue, f), to_device(queue, inputs["coef"])
        do = empty(ctx, (dz, dy, dx))
        self.kernel(ctx, "fdtd3d")(queue, (dx, dy), self.local, df, do, dc, np.int32(r),
                                   np.int32(dx), np.int32(dy), np.int32(dz))
        out = read(queue, do, (dz, dy, dx))
        queue.finish()
        return {"out": out}

    def check(self, outputs: Arrays, reference: Arrays) -> tuple[bool, str]:
        # 6R+1 non-negative terms: (6R+1) roundings relative to the value, 13 * 6e-8.
        return check_all(outputs, reference, {"out": (1e-5, 1e-7)})


BENCH = register(FDTD3d())

if __name__ == "__main__":
    main_for(BENCH)
