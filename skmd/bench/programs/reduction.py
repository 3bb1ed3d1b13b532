"""Reduction (first round): per-work-group partial sums, finished on the host."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, check_all, empty,
                                      main_for, read, register, to_device)

WG = 256

SOURCE = r"""
#define WG %d
/* Each item first sums per_item elements strided by the group size (coalesced),
   then the group halves its partial sums in local memory until one remains. */
__kernel void reduce_sum(__global const float *x, uint per_item,
                         __global float *partial)
{
    __local float s[WG];
    int lid = (int)get_local_id(0);
    size_t base = get_group_id(0) * (size_t)per_item * WG + lid;
    float acc = 0.0f;
    for (uint k = 0; k < per_item; ++k)
        acc += x[base + (size_t)k * WG];
    s[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = WG / 2; off > 0; off >>= 1) {
        if (lid < off)
            s[lid] += s[lid + off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = s[0];
}
""" % WG


class Reduction(Benchmark):
    name = "Reduction"
    contiguous = False
    source = SOURCE
    # Table 3.2: 64 M floats in 16,384 work-groups (4,096 elements, 16 per item).
    sizes = {
        "ci": {"n": 1 << 16, "per_item": 16},
        "profile1": {"n": 8 << 20, "per_item": 16},
        "profile2": {"n": 32 << 20, "per_item": 16},
        "paper": {"n": 64 << 20, "per_item": 16},
    }

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        rng = np.random.default_rng(seed)
        return {"x": rng.random(p["n"], dtype=np.float32), "per_item": p["per_item"]}

    def reference(self, inputs: Inputs) -> Arrays:
        chunk = int(inputs["per_item"]) * WG
        return {"partial": inputs["x"].astype(np.float64).reshape(-1, chunk).sum(axis=1)}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        x, per_item = inputs["x"], int(inputs["per_item"])
        groups = x.size // (per_item * WG)
        dx = to_device(queue, x)
        dp = empty(ctx, groups)
        self.kernel(ctx, "reduce_sum")(queue, (groups * WG,), (WG,), dx, np.uint32(per_item), dp)
        partial = read(queue, dp, groups)
        queue.finish()
        return {"partial": partial}

    def check(self, outputs: Arrays, reference: Arrays) -> tuple[bool, str]:
        # Non-negative summands; per_item + log2(256) roundings relative to the sum,
        # (16 + 8) * 6e-8 = 1.4e-6: rtol 1e-5.
        return check_all(outputs, reference, {"partial": (1e-5, 1e-7)})


BENCH = register(Reduction())

if __name__ == "__main__":
    main_for(BENCH)
