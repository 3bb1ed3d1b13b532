"""Histogram (first round): 256-bin histogram per work-group in local memory.

Bins are the top byte of 32-bit numbers; group g writes its bins to out[g*256 + bin]
and the host adds the groups' histograms afterwards.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, empty, main_for, read,
                                      register, to_device)

BINS = 256
WG = 256

SOURCE = r"""
#define BINS %d
__kernel void histogram256(__global const uint *data, uint per_item,
                           __global uint *out)
{
    __local uint hist[BINS];
    size_t lid = get_local_id(0), lsz = get_local_size(0), g = get_group_id(0);
    for (size_t b = lid; b < BINS; b += lsz)
        hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t base = g * (size_t)per_item * lsz + lid;
    for (uint k = 0; k < per_item; ++k)
        atomic_inc(&hist[data[base + (size_t)k * lsz] >> 24]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = lid; b < BINS; b += lsz)
        out[g * BINS + b] = hist[b];
}
""" % BINS


class Histogram(Benchmark):
    name = "Histogram"
    contiguous = False
    source = SOURCE
    # Table 3.2: 64 M numbers in 2,048 work-groups (128 numbers per item).
    sizes = {
        "ci": {"n": 1 << 16, "per_item": 32},
        "profile1": {"n": 4 << 20, "per_item": 128},
        "profile2": {"n": 16 << 20, "per_item": 128},
        "paper": {"n": 64 << 20, "per_item": 128},
    }

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        rng = np.random.default_rng(seed)
        data = rng.integers(0, 1 << 32, size=p["n"], dtype=np.uint64).astype(np.uint32)
        return {"data": data, "per_item": p["per_item"]}

    def reference(self, inputs: Inputs) -> Arrays:
        data = inputs["data"]
        groups = data.size // (int(inputs["per_item"]) * WG)
        key = (data >> 24).astype(np.int64).reshape(groups, -1)
        key += (np.arange(groups, dtype=np.int64) * BINS)[:, None]
        hist = np.bincount(key.reshape(-1), minlength=groups * BINS).astype(np.uint32)
        return {"hist": hist}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        data, per_item = inputs["data"], int(inputs["per_item"])
        groups = data.size // (per_item * WG)
        dd = to_device(queue, data)
        dh = empty(ctx, groups * BINS, np.uint32)
        self.kernel(ctx, "histogram256")(queue, (groups * WG,), (WG,), dd, np.uint32(per_item), dh)
        hist = read(queue, dh, groups * BINS, np.uint32)
        queue.finish()
        return {"hist": hist}


BENCH = register(Histogram())

if __name__ == "__main__":
    main_for(BENCH)
