"""When page-locked host memory is worth taking (ski rental).

Pinning host memory is paid once, up front: about 0.7 ms per MiB on an H100
machine (a 64 MiB ring of chunks took 44 ms, ``benchmarks/results/gpu53``),
while each MiB it moves saves only 0.04-0.09 ms over the driver's pageable path
(12.9 / 7.6 GB/s against 23.5 / 24.1 GB/s through skmd's chunks).  A program
that moves a few buffers once and exits never earns it back; one that moves
gigabytes does many times over.  Not knowing which program it is, skmd rents:
transfers take the driver's path until they have moved as many bytes as would
have paid for the pinning, then page-locked memory is taken for good, which
costs at most about twice what knowing the future would have.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field


@dataclass
class PinRental:
    """Counts the bytes moved without page-locked memory until it pays."""
    #: bytes after which page-locked memory is taken (``Tuning.pin_after_bytes``)
    after_bytes: int
    #: bytes the driver's path has moved so far instead
    moved_: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def pays(self, nbytes: int) -> bool:
        """Whether a transfer of ``nbytes`` that could go through page-locked memory
        should: once enough bytes went without it, it always does; until then the
        transfer is counted and goes the driver's way."""
        with self._lock:
            if self.moved_ >= self.after_bytes:
                return True
            self.moved_ += max(0, int(nbytes))
            return False
