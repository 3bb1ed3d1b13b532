"""The work-group size skmd picks for a launch that gave none (where the kernel
cannot tell, :mod:`skmd.transform.groupshape`): plain arithmetic, no OpenCL."""
from __future__ import annotations

from typing import Sequence

#: work-items per work-group skmd aims for when it picks: what GPUs run well
#: (several warps or wavefronts) and legal on every device seen (limits >= 256)
TARGET_GROUP = 256
#: rows of work-groups a picked size leaves at least, where the size allows, so a
#: split can still be fine-grained on small launches
MIN_ROWS = 16


def choose_local_size(global_size: tuple[int, ...], limit: int = TARGET_GROUP,
                      min_rows: int = MIN_ROWS, item_limits: Sequence[int] = ()
                      ) -> tuple[int, ...]:
    """A local size for a launch that gave none: a divisor of each global size.

    Each dimension takes the largest divisor of its global size within what the
    work-group has left of ``limit`` work-items and the device's ``item_limits``
    for that dimension (preferring a multiple of 32 when one is at least half as
    large, for warp-sized groups); the split dimension (the last) is also kept to
    at most ``global/min_rows`` so it has rows to share.
    Sizes stay divisors because a kernel built for OpenCL 1.x needs uniform
    work-groups, which bounds the driver's own choice the same way (a prime global
    size runs in work-groups of one either way).
    """
    if limit < 1 or min_rows < 1:
        raise ValueError(f"limit and min_rows must be positive, not {limit}, {min_rows}")
    if not global_size or any(int(g) < 1 for g in global_size):
        raise ValueError(f"global size must be positive in every dimension: {global_size}")
    left = limit
    out = []
    last = len(global_size) - 1
    for d, g in enumerate(int(x) for x in global_size):
        cap = min(left, g if d < last else max(1, g // min_rows))
        if d < len(item_limits):
            cap = max(1, min(cap, int(item_limits[d])))
        size = _divisor_at_most(g, cap)
        out.append(size)
        left = max(1, left // size)
    return tuple(out)


def _divisor_at_most(n: int, cap: int) -> int:
    divs = [k for k in range(1, min(n, cap) + 1) if n % k == 0]
    best = divs[-1]
    aligned = [k for k in divs if k % 32 == 0]
    if aligned and aligned[-1] * 2 >= best:
        return aligned[-1]
    return best
