"""What the report needs from the run log, so it does not depend on the store's class.

The profile store (SQLite) satisfies this; tests and ``skmd bench`` can pass a
:class:`MemoryRunLog` instead.
"""
from __future__ import annotations

import time
from typing import Any, Iterable, Protocol, Sequence

from skmd.records import LaunchRecord

#: a run as a log lists it: a ``(run_id, created_at, argv)`` tuple, or an object
#: with those attributes (and optionally ``launches``, a count)
RunInfo = Any


class RunLog(Protocol):
    def runs(self) -> list[RunInfo]:
        """Every recorded run, in any order (the report orders by ``created_at``)."""
        ...

    def launches(self, run_id: str | None = None) -> list[LaunchRecord]:
        """The launches of one run (None: the latest run), in launch order."""
        ...


def run_fields(entry: RunInfo) -> tuple[str, Any, Any, int | None]:
    """(run_id, created_at, argv, launch count or None) from either shape of run entry."""
    if isinstance(entry, (tuple, list)):
        run_id, created_at, argv = (list(entry) + [None, None])[:3]
        count = entry[3] if len(entry) > 3 else None
        return str(run_id), created_at, argv, count
    return (str(entry.run_id), getattr(entry, "created_at", None),
            getattr(entry, "argv", None), getattr(entry, "launches", None))


class MemoryRunLog:
    """A run log held in memory: for tests and for reporting on a run in-process."""

    def __init__(self) -> None:
        self._runs: list[RunInfo] = []
        self._launches: dict[str, list[LaunchRecord]] = {}

    def add_run(self, run_id: str, argv: Sequence[str] = (),
                created_at: Any = None) -> None:
        stamp = time.time() if created_at is None else created_at
        self._runs.append((run_id, stamp, list(argv)))
        self._launches.setdefault(run_id, [])

    def add_launch(self, record: LaunchRecord) -> None:
        if record.run_id not in self._launches:
            self.add_run(record.run_id)
        self._launches[record.run_id].append(record)

    def extend(self, records: Iterable[LaunchRecord]) -> None:
        for r in records:
            self.add_launch(r)

    def runs(self) -> list[RunInfo]:
        return list(self._runs)

    def launches(self, run_id: str | None = None) -> list[LaunchRecord]:
        if run_id is None:
            if not self._runs:
                return []
            # newest stamp; the later-added run wins a tie
            newest = max(range(len(self._runs)), key=lambda i: (self._runs[i][1], i))
            run_id = self._runs[newest][0]
        return sorted(self._launches.get(run_id, []), key=lambda r: r.seq)
