"""What a benchmark report says about the machine it ran on, and its progress bar."""
from __future__ import annotations

import os
import platform
from typing import Any


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_info(rt: Any) -> dict[str, Any]:
    import numpy as np
    import pyopencl as cl
    import skmd
    return {
        "cpu_model": _cpu_model(),
        "cpu_count": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "pyopencl": getattr(cl, "VERSION_TEXT", ""),
        "numpy": np.__version__,
        "skmd": skmd.__version__,
        "POCL_DEVICES": os.environ.get("POCL_DEVICES"),
        "home": rt.home.label,
        "devices": [{"label": d.label, "name": d.name, "kind": d.kind,
                     "platform": d.platform_name, "compute_units": d.compute_units,
                     "clock_mhz": d.clock_mhz, "global_mem": d.global_mem}
                    for d in rt.devices],
    }


class Ticker:
    """The progress bar (rich), or nothing."""

    def __init__(self, enabled: bool, total: int) -> None:
        self.progress = None
        if enabled and total > 0:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)
            self.progress = Progress(TextColumn("[bold]{task.description:<36}"), BarColumn(),
                                     MofNCompleteColumn(), TimeElapsedColumn(),
                                     TimeRemainingColumn(),
                                     console=Console(stderr=True), transient=True)
            self.task = self.progress.add_task("skmd bench", total=total)
            self.progress.start()

    def describe(self, text: str) -> None:
        if self.progress is not None:
            self.progress.update(self.task, description=text)

    def advance(self, n: int = 1) -> None:
        if self.progress is not None:
            self.progress.advance(self.task, n)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()
