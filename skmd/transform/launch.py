"""What the runtime knows about one kernel launch: its sizes and scalar arguments.

Apart from the analysis records (:mod:`.kernel_types`) because every launch builds
one, while the analyses, and what they import, load only with a kernel's first
analysis.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Launch:
    """What the runtime knows about one kernel launch."""

    global_size: tuple[int, ...]
    local_size: tuple[int, ...]
    scalars: Mapping[int, int | float] = field(default_factory=dict)
    buffer_sizes: Mapping[int, int] = field(default_factory=dict)
    #: the program gave no local size and skmd picked ``local_size``; a launch run
    #: whole then leaves the choice to the driver, as the program did
    local_picked: bool = False

    @property
    def program_local_size(self) -> tuple[int, ...] | None:
        """The local size as the program gave it (None: the driver picks)."""
        return None if self.local_picked else self.local_size

    @property
    def split_dim(self) -> int:
        return len(self.global_size) - 1

    #: work-groups along the split dimension, counted once: every room a launch
    #: passes reads it
    total_groups: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        d = len(self.global_size) - 1
        object.__setattr__(self, "total_groups",
                           math.ceil(self.global_size[d] / self.local_size[d]))


def launch_key(launch: Launch) -> tuple:
    """What a launch's symbolic results depend on, as a hashable key."""
    return (tuple(launch.global_size), tuple(launch.local_size),
            tuple(sorted(launch.scalars.items())), tuple(sorted(launch.buffer_sizes.items())))
