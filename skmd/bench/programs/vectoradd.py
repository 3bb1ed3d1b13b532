"""VectorAdd: c = a + b, one work-item per element (contiguous)."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, empty, main_for, read,
                                      register, to_device)

SOURCE = r"""
__kernel void vector_add(__global const float *a, __global const float *b,
                         __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""


class VectorAdd(Benchmark):
    name = "VectorAdd"
    contiguous = True
    source = SOURCE
    # Table 3.2: 50 M floats in 196,608 work-groups of 256; Table 3.3 profiles.
    sizes = {
        "ci": {"n": 1 << 14},
        "profile1": {"n": 8 << 20},
        "profile2": {"n": 16 << 20},
        "paper": {"n": 196608 * 256},
    }
    local = 256

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        n = self.params(size)["n"]
        rng = np.random.default_rng(seed)
        return {"a": rng.random(n, dtype=np.float32), "b": rng.random(n, dtype=np.float32)}

    def reference(self, inputs: Inputs) -> Arrays:
        # float32 addition is correctly rounded on both sides: exact comparison.
        return {"c": inputs["a"] + inputs["b"]}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        a, b = inputs["a"], inputs["b"]
        da, db = to_device(queue, a), to_device(queue, b)
        dc = empty(ctx, a.size)
        self.kernel(ctx, "vector_add")(queue, (a.size,), (self.local,), da, db, dc)
        c = read(queue, dc, a.size)
        queue.finish()
        return {"c": c}


BENCH = register(VectorAdd())

if __name__ == "__main__":
    main_for(BENCH)
