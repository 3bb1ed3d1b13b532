"""The run log: each run's command line and its launch records.

It lives in the profile store's SQLite file (tables ``runs`` and ``launches``),
so that one file holds what skmd keeps between processes, but it is a thing of
its own: the runtime appends to it at exit, ``skmd explain`` reads it, ``skmd
store prune`` trims it; profiles, links and speeds stay
:class:`~skmd.predict.store.ProfileStore`'s.  It satisfies
:class:`skmd.report.runlog.RunLog`.
"""
from __future__ import annotations

import json
import sqlite3
import time
from typing import TYPE_CHECKING, Iterable

from skmd.predict.store_schema import LOG_TABLE
from skmd.records import LaunchRecord, record_json

if TYPE_CHECKING:
    from skmd.predict.store import ProfileStore
    from skmd.predict.store_rows import RunInfo


#: a run's launches: its records, each counted as the launches it stands for (a
#: loop's many whole launches of one kind are written as one, ``repeats`` in its JSON)
#: where this SQLite reads JSON (built in since 3.38), else its records
_LAUNCHES = ("sum(CASE WHEN l.seq IS NULL THEN 0 "
             "ELSE coalesce(json_extract(l.record, '$.repeats'), 1) END)"
             if sqlite3.sqlite_version_info >= (3, 38) else "count(l.seq)")


class LaunchLog:
    """The run log in ``store``'s file."""

    def __init__(self, store: "ProfileStore") -> None:
        self.store = store

    def add_run(self, run_id: str, argv: Iterable[str] = ()) -> None:
        argv_text = json.dumps(list(argv), separators=(",", ":"))
        self.store.write(lambda c: c.execute("INSERT OR IGNORE INTO runs VALUES (?,?,?)",
                                             (run_id, time.time(), argv_text)))

    def add_launch(self, record: LaunchRecord) -> None:
        self.extend([record])

    def extend(self, records: Iterable[LaunchRecord]) -> None:
        """Append ``records`` in one transaction (a program's exit writes thousands:
        one commit each took 30-60 ms of a 2000-launch program's exit)."""
        self.extend_rows([(r.run_id, int(r.seq), record_json(r)) for r in records])

    def extend_rows(self, rows: list[tuple[str, int, str]]) -> None:
        """Append rows of (run id, sequence number, the record's JSON), as
        :meth:`extend` makes them, in one transaction."""

        def fn(c: sqlite3.Connection) -> None:
            now = time.time()
            c.executemany("INSERT OR IGNORE INTO runs VALUES (?,?,?)",
                          [(rid, now, "[]") for rid in {row[0] for row in rows}])
            c.executemany("INSERT OR REPLACE INTO launches VALUES (?,?,?)", rows)
        if rows:
            self.store.write(fn)

    def keep_newest(self, runs: int) -> int:
        """Drop the oldest runs (and their launches) once more than half as many
        again as ``runs`` are kept, down to ``runs``: each run's exit pays a count
        of runs, and one in every ``runs / 2`` a delete.  Returns how many went."""
        if runs <= 0:
            return 0
        n = self.store.read("SELECT count(*) FROM runs")
        if not n or n[0][0] <= runs + runs // 2:
            return 0
        gone: list[str] = []

        def fn(c: sqlite3.Connection) -> None:
            gone.extend(r[0] for r in c.execute(
                "SELECT run_id FROM runs ORDER BY created_at DESC, rowid DESC LIMIT -1 "
                "OFFSET ?", (runs,)))
            c.executemany("DELETE FROM launches WHERE run_id = ?", [(i,) for i in gone])
            c.executemany("DELETE FROM runs WHERE run_id = ?", [(i,) for i in gone])
        return len(gone) if self.store.write(fn) else 0

    def runs(self) -> list[RunInfo]:
        """Runs, newest first."""
        if not self.store.vouched(LOG_TABLE):
            return []
        rows = self.store.read(
            f"SELECT r.run_id, r.created_at, r.argv, {_LAUNCHES} FROM runs r "
            "LEFT JOIN launches l ON l.run_id = r.run_id GROUP BY r.run_id "
            "ORDER BY r.created_at DESC, r.rowid DESC")
        from skmd.predict.store_rows import RunInfo  # (not at exit's writing: see store)
        return [RunInfo(rid, at, json.loads(argv or "[]"), n) for rid, at, argv, n in rows]

    def launches(self, run_id: str | None = None) -> list[LaunchRecord]:
        """The launches of ``run_id`` (default: the latest run), in order."""
        if not self.store.vouched(LOG_TABLE):
            return []
        if run_id is None:
            latest = self.store.read(
                "SELECT run_id FROM runs ORDER BY created_at DESC, rowid DESC LIMIT 1")
            if not latest:
                return []
            run_id = latest[0][0]
        rows = self.store.read("SELECT record FROM launches WHERE run_id=? ORDER BY seq", (run_id,))
        return [LaunchRecord.from_dict(json.loads(r[0])) for r in rows]
