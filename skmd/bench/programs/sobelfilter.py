"""SobelFilter: per-channel Sobel gradient magnitude of an RGBA8 image, saturated to 255.

The magnitude is the exact integer square root of gx^2 + gy^2, so the output is
deterministic and compared exactly.
"""
from __future__ import annotations

import numpy as np

from skmd.bench.programs.base import Arrays, Inputs, main_for, register
from skmd.bench.programs.image import ImageFilter, neighbours

SOURCE = r"""
__kernel void sobel3x3(__global const uchar4 *img, __global uchar4 *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    int4 p[3][3];
    for (int dy = 0; dy < 3; ++dy) {
        int yy = clamp(y + dy - 1, 0, h - 1);
        for (int dx = 0; dx < 3; ++dx)
            p[dy][dx] = convert_int4(img[yy * w + clamp(x + dx - 1, 0, w - 1)]);
    }
    int4 gx = (p[0][2] + 2 * p[1][2] + p[2][2]) - (p[0][0] + 2 * p[1][0] + p[2][0]);
    int4 gy = (p[2][0] + 2 * p[2][1] + p[2][2]) - (p[0][0] + 2 * p[0][1] + p[0][2]);
    uint4 g = convert_uint4(gx * gx + gy * gy);
    /* float sqrt is within a few ulp; two corrections each way make it exact */
    uint4 r = convert_uint4(sqrt(convert_float4(g)));
    r = select(r, r - 1u, r * r > g);
    r = select(r, r - 1u, r * r > g);
    r = select(r, r + 1u, (r + 1u) * (r + 1u) <= g);
    r = select(r, r + 1u, (r + 1u) * (r + 1u) <= g);
    out[y * w + x] = convert_uchar4_sat(r);
}
"""


class SobelFilter(ImageFilter):
    name = "SobelFilter"
    source = SOURCE
    kernel_name = "sobel3x3"

    def reference(self, inputs: Inputs) -> Arrays:
        p = neighbours(inputs["image"])
        gx = (p[0][2] + 2 * p[1][2] + p[2][2]) - (p[0][0] + 2 * p[1][0] + p[2][0])
        gy = (p[2][0] + 2 * p[2][1] + p[2][2]) - (p[0][0] + 2 * p[0][1] + p[0][2])
        g = (gx.astype(np.int64) ** 2 + gy.astype(np.int64) ** 2)
        r = np.floor(np.sqrt(g.astype(np.float64))).astype(np.int64)  # exact below 2^52
        return {"image": np.minimum(r, 255).astype(np.uint8)}


BENCH = register(SobelFilter())

if __name__ == "__main__":
    main_for(BENCH)
