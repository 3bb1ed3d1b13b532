"""Shared pieces of the 3x3 image filters (MedianFilter, SobelFilter): RGBA8 images,
2-D NDRange of 16x16 work-groups, edges clamped so every read is inside the image."""
from __future__ import annotations

import numpy as np
import pyopencl as cl

from skmd.bench.programs.base import (Arrays, Benchmark, Inputs, empty, read, to_device)


def neighbours(img: np.ndarray) -> list[list[np.ndarray]]:
    """3x3 grid of edge-clamped shifted views, [dy+1][dx+1], as int32."""
    h, w = img.shape[:2]
    pad = np.pad(img.astype(np.int32), ((1, 1), (1, 1), (0, 0)), mode="edge")
    return [[pad[dy:dy + h, dx:dx + w] for dx in range(3)] for dy in range(3)]


class ImageFilter(Benchmark):
    """One output pixel per work-item; subclasses give the kernel and the reference."""

    contiguous = False
    kernel_name = ""
    # Table 3.2: 7,680 x 4,320 PPM image (RGBA8 here: 128 MB).
    sizes = {
        "ci": {"width": 80, "height": 48},
        "profile1": {"width": 1920, "height": 1088},
        "profile2": {"width": 3840, "height": 2160},
        "paper": {"width": 7680, "height": 4320},
    }
    local = (16, 16)

    def inputs(self, size: str, seed: int = 0) -> Inputs:
        p = self.params(size)
        rng = np.random.default_rng(seed)
        h, w = p["height"], p["width"]
        # Smooth gradients plus noise, so filters see both flat areas and edges.
        yy, xx = np.mgrid[0:h, 0:w]
        base = ((xx * 255) // max(w - 1, 1) + (yy * 255) // max(h - 1, 1)) // 2
        noise = rng.integers(-40, 41, (h, w, 4))
        img = np.clip(base[..., None] + noise, 0, 255).astype(np.uint8)
        return {"image": img}

    def execute(self, queue: cl.CommandQueue, inputs: Inputs) -> Arrays:
        ctx = queue.context
        img = inputs["image"]
        h, w = img.shape[:2]
        din = to_device(queue, img)
        dout = empty(ctx, img.size, np.uint8)
        self.kernel(ctx, self.kernel_name)(queue, (w, h), self.local, din, dout,
                                       np.int32(w), np.int32(h))
        out = read(queue, dout, img.shape, np.uint8)
        queue.finish()
        return {"image": out}
