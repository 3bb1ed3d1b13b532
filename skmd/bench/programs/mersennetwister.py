"""MersenneTwister: each work-item runs its own MT19937 from its seed, N numbers each.

Outputs are interleaved, out[k * items + item], so that consecutive work-items write
consecutive words (coalesced on GPUs, discontiguous per work-group).
"""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, empty, main_for, read,
                                      register, to_device)

N, M = 624, 397
MATRIX_A, UPPER, LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF

SOURCE = r"""
#define MT_N 624
#define MT_M 397
__kernel void mersenne_twister(__global const uint *seeds, uint per_item,
                               __global uint *out)
{
    uint mt[MT_N];
    size_t gid = get_global_id(0), items = get_global_size(0);
    mt[0] = seeds[gid];
    for (uint i = 1; i < MT_N; ++i)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i;
    int idx = MT_N;
    for (uint k = 0; k < per_item; ++k) {
        if (idx == MT_N) {
            for (int i = 0; i < MT_N; ++i) {
                uint y = (mt[i] & 0x80000000u) | (mt[(i + 1) % MT_N] & 0x7fffffffu);
                uint v = mt[(i + MT_M) % MT_N] ^ (y >> 1);
                mt[i] = (y & 1u) ? (v ^ 0x9908b0dfu) : v;
            }
            idx = 0;
        }
        uint y = mt[idx++];
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= y >> 18;
        out[(size_t)k * items + gid] = y;
    }
}
"""


def _twist(mt: np.ndarray) -> None:
    """In-place MT19937 twist of every row, vectorised over rows and over the index
    ranges whose inputs are all already final (the recurrence reaches 397 ahead)."""
    a = np.uint32(MATRIX_A)

    def step(lo: int, hi: int) -> None:
        i = np.arange(lo, hi)
        y = (mt[:, i] & np.uint32(UPPER)) | (mt[:, (i + 1) % N] & np.uint32(LOWER))
        v = mt[:, (i + M) % N] ^ (y >> np.uint32(1))
        mt[:, i] = np.where(y & np.uint32(1), v ^ a, v)

    step(0, N - M)            # reads old values only
    for lo in range(N - M, N - 1, N - M):   # reads values made by the previous range
        step(lo, min(lo + N - M, N - 1))
    step(N - 1, N)            # reads new mt[0] and mt[M - 1]


def mt19937_streams(seeds: np.ndarray, count: int) -> np.ndarray:
    """(count, len(seeds)) tempered outputs: row k holds every stream's k-th number."""
    s = seeds.astype(np.uint32)
    mt = np.empty((s.size, N), dtype=np.uint32)
    mt[:, 0] = s
    for i in range(1, N):
        prev = mt[:, i - 1]
        mt[:, i] = np.uint32(1812433253) * (prev ^ (prev >> np.uint32(30))) + np.uint32(i)
    out = np.empty((count, s.size), dtype=np.uint32)
    for k0 in range(0, count, N):
        _twist(mt)
        take = min(N, count - k0)
        y = mt[:, :take].T.copy()
        y ^= y >> np.uint32(11)
        y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
        y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
        y ^= y >> np.uint32(18)
        out[k0:k0 + take] = y
    return out


class MersenneTwister(Benchmark):
    name = "MersenneTwister"
    contiguous = False
    source = SOURCE
    # Table 3.2: 192 M numbers from 512 KB of seeds (131,072 generators x 1,536).
    sizes = {
        "ci": {"items": 256, "per_item": 1300},
        "profile1": {"items": 131072, "per_item": 64},
        "profile2": {"items": 131072, "per_item": 512},
        "paper": {"items": 131072, "per_item": 1536},
    }
    local = 256

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        rng = np.random.default_rng(seed)
        seeds = rng.integers(0, 1 << 32, p["items"], dtype=np.uint64).astype(np.uint32)
        return {"seeds": seeds, "per_item": p["per_item"]}

    def reference(self, inputs: Inputs) -> Arrays:
        return {"out": mt19937_streams(inputs["seeds"], int(inputs["per_item"])).reshape(-1)}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        seeds, per_item = inputs["seeds"], int(inputs["per_item"])
        total = seeds.size * per_item
        ds = to_device(queue, seeds)
        do = empty(ctx, total, np.uint32)
        self.kernel(ctx, "mersenne_twister")(queue, (seeds.size,), (self.local,), ds,
                                             np.uint32(per_item), do)
        out = read(queue, do, total, np.uint32)
        queue.finish()
        return {"out": out}


BENCH = register(MersenneTwister())

if __name__ == "__main__":
    main_for(BENCH)
