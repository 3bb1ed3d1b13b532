"""MedianFilter: 3x3 median per channel of an RGBA8 image, one pixel per work-item."""
from __future__ import annotations

import numpy as np

from skmd.bench.programs.base import Arrays, Inputs, main_for, register
from skmd.bench.programs.image import ImageFilter, neighbours

SOURCE = r"""
/* The 9 neighbours (edge-clamped) sorted by odd-even transposition: 9 passes sort 9
   values; min/max work on all four channels at once. */
__kernel void median3x3(__global const uchar4 *img, __global uchar4 *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    uint4 v[9];
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy) {
        int yy = clamp(y + dy, 0, h - 1);
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = clamp(x + dx, 0, w - 1);
            v[n++] = convert_uint4(img[yy * w + xx]);
        }
    }
    for (int pass = 0; pass < 9; ++pass) {
        for (int i = pass & 1; i < 8; i += 2) {
            uint4 a = v[i], b = v[i + 1];
            v[i] = min(a, b);
            v[i + 1] = max(a, b);
        }
    }
    out[y * w + x] = convert_uchar4(v[4]);
}
"""


class MedianFilter(ImageFilter):
    name = "MedianFilter"
    source = SOURCE
    kernel_name = "median3x3"

    def reference(self, inputs: Inputs) -> Arrays:
        grid = neighbours(inputs["image"])
        stack = np.stack([v for row in grid for v in row])
        return {"image": np.median(stack, axis=0).astype(np.uint8)}


BENCH = register(MedianFilter())

if __name__ == "__main__":
    main_for(BENCH)
