"""The profile store's tables, and the integrity checks that vouch for them.

Opening the store checks every table a run reads from (devices, links, profiles,
speeds, ...) but not the run log's launch records: those grow by a row per launch
(a loop of thousands of launches added about 1 MB per run before a loop's many whole
launches of one kind became one record, and the log keeps 32 runs),
every run only appends to them at exit, and only ``skmd explain`` reads them, which
checks them first (:func:`table_sound`).  ``PRAGMA quick_check`` reads every page it
checks: on the CI machine, a 20 MB store (32 runs of a 2000-launch loop) took 21-29 ms
checked whole and 0.4 ms checked as an opening does.
"""
from __future__ import annotations

import re
import sqlite3

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS devices (
    fingerprint TEXT PRIMARY KEY, label TEXT, name TEXT, vendor TEXT, type TEXT,
    compute_units INTEGER, memory INTEGER, updated_at REAL);
CREATE TABLE IF NOT EXISTS links (
    fingerprint TEXT NOT NULL, pinned INTEGER NOT NULL, h2d_bps REAL, d2h_bps REAL,
    measured_at REAL, PRIMARY KEY (fingerprint, pinned));
CREATE TABLE IF NOT EXISTS profiles (
    id INTEGER PRIMARY KEY AUTOINCREMENT, kernel_key TEXT NOT NULL,
    fingerprint TEXT NOT NULL, groups_enabled INTEGER NOT NULL,
    total_groups INTEGER NOT NULL, global_size TEXT, local_size TEXT, scalars TEXT,
    buffer_bytes TEXT, cost REAL, seconds REAL NOT NULL, created_at REAL);
CREATE INDEX IF NOT EXISTS profiles_by_kernel ON profiles (kernel_key, fingerprint);
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY, created_at REAL, argv TEXT);
CREATE TABLE IF NOT EXISTS priors (
    fingerprint TEXT PRIMARY KEY, flops REAL, bytes_per_s REAL, measured_at REAL);
CREATE TABLE IF NOT EXISTS speeds (
    kernel_key TEXT NOT NULL, fingerprint TEXT NOT NULL, per_unit REAL NOT NULL,
    overhead REAL, samples INTEGER, updated_at REAL, PRIMARY KEY (kernel_key, fingerprint));
CREATE TABLE IF NOT EXISTS launches (
    run_id TEXT NOT NULL, seq INTEGER NOT NULL, record TEXT NOT NULL,
    PRIMARY KEY (run_id, seq));
CREATE TABLE IF NOT EXISTS spent (
    kernel_key TEXT PRIMARY KEY, home_s REAL NOT NULL, updated_at REAL);
CREATE TABLE IF NOT EXISTS builds (
    fingerprint TEXT PRIMARY KEY, seconds REAL NOT NULL, updated_at REAL);
"""
#: every table and index of the schema: an open that finds them all creates nothing
SCHEMA_NAMES = frozenset(re.findall(r"CREATE (?:TABLE|INDEX) IF NOT EXISTS (\w+)", SCHEMA))
#: the run log's launch records: checked by their reader, not at every opening
LOG_TABLE = "launches"
#: what an opening checks
CHECKED_AT_OPEN = tuple(sorted(n for n in re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", SCHEMA)
                               if n != LOG_TABLE))


def statements() -> list[str]:
    """The schema's statements, one by one (a fresh file gets them in one transaction)."""
    return [stmt for stmt in SCHEMA.split(";") if stmt.strip()]


def table_sound(conn: sqlite3.Connection, table: str) -> bool:
    """Whether ``PRAGMA quick_check`` finds ``table`` and its indexes sound; a table the
    file does not hold yet is sound (an SQLite older than 3.33, which cannot check one
    table alone, checks the whole file)."""
    try:
        rows = conn.execute(f"PRAGMA quick_check({table})").fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return True
        rows = conn.execute("PRAGMA quick_check").fetchall()
    return [r[0] for r in rows] == ["ok"]


def sound_at_open(conn: sqlite3.Connection) -> bool:
    """Whether every table an opening vouches for is sound (see the module doc)."""
    return all(table_sound(conn, t) for t in CHECKED_AT_OPEN)
