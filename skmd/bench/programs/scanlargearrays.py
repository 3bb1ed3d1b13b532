"""ScanLargeArrays: the per-block inclusive scan kernel (contiguous).

Each work-group scans its 256-element block in local memory (Hillis-Steele, double
buffered) and writes the block's total; adding the scanned block totals back is the
cheap second pass a full scan would run afterwards.
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, check_all, empty,
                                      main_for, read, register, to_device)

BLOCK = 256

SOURCE = r"""
#define BLOCK %d
__kernel void block_scan(__global const float *x, __global float *y,
                         __global float *block_sums)
{
    __local float buf[2][BLOCK];
    size_t gid = get_global_id(0);
    int lid = (int)get_local_id(0);
    buf[0][lid] = x[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    int src = 0;
    for (int off = 1; off < BLOCK; off <<= 1) {
        float v = buf[src][lid];
        if (lid >= off)
            v += buf[src][lid - off];
        buf[1 - src][lid] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    y[gid] = buf[src][lid];
    if (lid == BLOCK - 1)
        block_sums[get_group_id(0)] = buf[src][lid];
}
""" % BLOCK


class ScanLargeArrays(Benchmark):
    name = "ScanLargeArrays"
    contiguous = True
    source = SOURCE
    # Table 3.2: 8 M floats, 32,768 work-groups of 256.
    sizes = {
        "ci": {"n": 1 << 14},
        "profile1": {"n": 500 * 1024},
        "profile2": {"n": 1 << 20},
        "paper": {"n": 8 << 20},
    }

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {"x": rng.random(n, dtype=np.float32)}

    def reference(self, inputs: Inputs) -> Arrays:
        blocks = inputs["x"].astype(np.float64).reshape(-1, BLOCK).cumsum(axis=1)
        return {"y": blocks.reshape(-1), "block_sums": blocks[:, -1].copy()}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        x = inputs["x"]
        n, groups = x.size, x.size // BLOCK
        dx = to_device(queue, x)
        dy, ds = empty(ctx, n), empty(ctx, groups)
        self.kernel(ctx, "block_scan")(queue, (n,), (BLOCK,), dx, dy, ds)
        y, sums = read(queue, dy, n), read(queue, ds, groups)
        queue.finish()
        return {"y": y, "block_sums": sums}

    def check(self, outputs: Arrays, reference: Arrays) -> tuple[bool, str]:
        # Non-negative summands: each prefix carries <= log2(256) = 8 roundings
        # relative to itself (8 * 6e-8 = 5e-7); rtol 1e-5 leaves 20x margin.
        tol = (1e-5, 1e-7)
        return check_all(outputs, reference, {"y": tol, "block_sums": tol})


BENCH = register(ScanLargeArrays())

if __name__ == "__main__":
    main_for(BENCH)
