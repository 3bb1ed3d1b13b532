"""The profile store: one embedded SQLite file shared by every skmd process.

Profiles, measured links and the run log outlive a process, and several programs
may run under skmd at once, so the file is opened in WAL mode with a busy
timeout and every write is one transaction. The store must never be the reason
a program fails: when the file is missing and cannot be made, locked, read-only
or corrupt, it warns once and carries on in memory (seeded from the file when
it can be read), and it never writes to a file it could not vouch for.

Location: ``$SKMD_PROFILE_DIR/profiles.sqlite``, else
``platformdirs.user_data_dir("skmd")/profiles.sqlite``.  The records its rows
read back as are in :mod:`.store_rows`.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from skmd.lazy_names import getter
from skmd.predict import store_schema as schema
from skmd.warn_lines import SkmdWarning, warn

if TYPE_CHECKING:
    from skmd.predict.launch_log import LaunchLog
    from skmd.predict.store_rows import DeviceInfo, Link, Profile, RunInfo

#: the records rows read back as, imported when first asked for: a run's exit writes
#: its log and speeds without them (their dataclasses cost 4-6 ms of it)
__getattr__ = getter("skmd.predict", {n: "store_rows" for n in
                                      ("DeviceInfo", "Link", "Profile", "RunInfo")})

__all__ = ["ProfileStore", "ProfileStoreWarning", "Profile", "Link", "DeviceInfo", "RunInfo",
           "default_path"]

class ProfileStoreWarning(SkmdWarning):
    """The profile store could not be used as asked; skmd keeps going without it."""


class StoreCorrupt(RuntimeError):
    """The store's file is not a sound SQLite database (raised with ``strict=True``)."""


def corrupt_advice(path: Path | str, checked: bool = False) -> str:
    """What to do about a corrupt store: the way out, named once for every caller
    (``checked``: said by ``skmd store check`` itself, which need not name itself)."""
    return (f"move it away or delete it (`rm {path}`) and skmd starts a new one"
            + ("" if checked else "; `skmd store check` tells whether it is sound"))


def default_path(folder: str | None = None) -> Path:
    """Where the store lives: in ``folder`` (``SKMD_PROFILE_DIR``), else in the
    user's data folder."""
    if not folder:
        import platformdirs
        folder = platformdirs.user_data_dir("skmd")
    return Path(folder) / "profiles.sqlite"


def _jdump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def _int_keys(d: Mapping[str, Any] | None, cast: Callable[[Any], Any]) -> dict[int, Any]:
    return {int(k): cast(v) for k, v in (d or {}).items()}


class ProfileStore:
    """Profiles, links, devices and the run log in one SQLite file.

    ``mode`` says how it is working: ``"file"`` (reads and writes the file),
    ``"memory"`` (a private in-memory copy; the file, if any, is left untouched).
    """

    def __init__(self, path: str | Path | None = None, *, timeout_s: float = 10.0,
                 strict: bool = False) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.timeout_s = timeout_s
        #: a corrupt file raises :class:`StoreCorrupt` instead of degrading to memory
        self.strict = strict
        #: why the file is not used (None while it is)
        self.problem: str | None = None
        self.mode = "file"
        self._lock = threading.RLock()
        self._warned: set[str] = set()
        #: bumped by every profile write of this object: readers that cache what
        #: they derived from profiles know at no cost that this process added some
        self.generation = 0
        #: tables checked since opening (see :meth:`vouched`)
        self._vouched: dict[str, bool] = {}
        self._conn = self._open()

    # -- opening and degrading -------------------------------------------------

    def _warn(self, what: str, exc: BaseException | None = None) -> None:
        if what in self._warned:
            return
        self._warned.add(what)
        detail = f" ({exc})" if exc is not None else ""
        self.problem = f"{what}{detail}"
        if "corrupt" in what:
            msg = (f"skmd: profile store {self.path}: {what}{detail}; nothing is recorded "
                   f"and no model is used: {corrupt_advice(self.path)}")
            if self.strict:
                raise StoreCorrupt(msg)
        else:
            msg = (f"skmd profile store {self.path}: {what}{detail}; continuing with an "
                   "in-memory store (nothing is kept), the file is left as it is")
        warn(msg, ProfileStoreWarning, stacklevel=3)

    def _memory(self, seed: sqlite3.Connection | None = None) -> sqlite3.Connection:
        self.mode = "memory"
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        if seed is not None:
            try:
                seed.backup(conn)
            except sqlite3.Error:
                pass
            finally:
                seed.close()
        conn.executescript(schema.SCHEMA)
        return conn

    def _open(self) -> sqlite3.Connection:
        p = self.path
        # The file is only opened through SQLite: POSIX drops a process's locks on a
        # file when any descriptor of it closes, so even reading its header here would
        # let another process take these connections for gone and delete their WAL.
        try:
            if not p.exists():
                p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._warn("cannot create the folder", exc)
            return self._memory()

        if not _writable(p):
            self._warn("file is read-only")
            return self._memory(self._open_readonly())
        deadline = time.monotonic() + self.timeout_s
        pause = 0.02
        while True:
            try:
                return self._connect(p)
            except sqlite3.OperationalError as exc:
                locked = "locked" in str(exc) or "busy" in str(exc)
                if locked and time.monotonic() + pause < deadline:
                    # Some of SQLite's first-open steps (switching a fresh file to WAL,
                    # recovering another process's WAL) answer "locked" at once instead
                    # of waiting on the busy timeout, so wait here.
                    time.sleep(pause)
                    pause = min(pause * 2, 0.5)
                    continue
                what = "file is locked by another process" if locked else "cannot open the file"
                self._warn(what, exc)
                return self._memory(self._open_readonly())
            except sqlite3.DatabaseError as exc:
                if "not a database" in str(exc):
                    self._warn("file is corrupt: not an SQLite database")
                else:
                    self._warn("file is corrupt", exc)
                return self._memory()

    def _connect(self, p: Path) -> sqlite3.Connection:
        """Open ``p`` read-write in WAL mode with the schema in place; closed again on error."""
        conn = sqlite3.connect(str(p), timeout=self.timeout_s, isolation_level=None,
                               check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout_s * 1000)}")
            if not schema.sound_at_open(conn):
                raise sqlite3.DatabaseError("integrity check failed")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if not schema.SCHEMA_NAMES <= have:  # (else no write lock, no commit)
                with self._tx(conn) as c:
                    for stmt in schema.statements():
                        c.execute(stmt)
                    c.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)",
                              (str(schema.SCHEMA_VERSION),))
        except BaseException:
            conn.close()
            raise
        return conn

    def _open_readonly(self) -> sqlite3.Connection | None:
        if not self.path.exists():
            return None
        for flags in ("mode=ro", "mode=ro&immutable=1"):
            try:
                conn = sqlite3.connect(f"file:{self.path}?{flags}", uri=True,
                                       isolation_level=None, check_same_thread=False)
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
                return conn
            except sqlite3.Error:
                continue
        return None

    class _tx:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any error."""

        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def __enter__(self) -> sqlite3.Connection:
            self.conn.execute("BEGIN IMMEDIATE")
            return self.conn

        def __exit__(self, exc_type: Any, *_: Any) -> None:
            if exc_type is None:
                self.conn.execute("COMMIT")
            else:
                try:
                    self.conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass

    @classmethod
    def _transaction(cls, conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        with cls._tx(conn) as c:
            return fn(c)

    def write(self, fn: Callable[[sqlite3.Connection], Any]) -> bool:
        """Run ``fn`` in one transaction; on failure warn once, switch to memory (the
        run log writes through it too)."""
        with self._lock:
            try:
                self._transaction(self._conn, fn)
                return True
            except sqlite3.Error as exc:
                if self.mode == "memory":
                    raise
                self._warn("write failed", exc)
                old = self._conn
                self._conn = self._memory(self._open_readonly())
                old.close()
                try:
                    self._transaction(self._conn, fn)
                    return True
                except sqlite3.Error:
                    return False

    def vouched(self, table: str) -> bool:
        """Whether ``table`` may be read: the run log's launches are checked by their
        first reader, not at every opening (:mod:`.store_schema`).  A corrupt one warns
        as a corrupt file does (raises with ``strict``) and reads as empty."""
        with self._lock:
            ok = self._vouched.get(table)
            if ok is None:
                try:
                    ok = schema.table_sound(self._conn, table)
                except sqlite3.Error:
                    ok = False
                self._vouched[table] = ok
                if not ok:
                    self._warn("file is corrupt",
                               sqlite3.DatabaseError(f"integrity check of {table} failed"))
            return ok

    def read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The rows of one query; on failure warn once, none."""
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                self._warn("read failed", exc)
                return []

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> "ProfileStore":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- devices and links -----------------------------------------------------

    def put_device(self, fingerprint: str, label: str, name: str = "", vendor: str = "",
                   type: str = "", compute_units: int = 0, memory: int = 0) -> None:
        self.write(lambda c: c.execute(
            "INSERT OR REPLACE INTO devices VALUES (?,?,?,?,?,?,?,?)",
            (fingerprint, label, name, vendor, type, int(compute_units), int(memory), time.time())))

    def devices(self) -> list[DeviceInfo]:
        rows = self.read("SELECT fingerprint, label, name, vendor, type, compute_units, memory "
                          "FROM devices ORDER BY label")
        from skmd.predict.store_rows import DeviceInfo
        return [DeviceInfo(*r) for r in rows]

    def put_link(self, fingerprint: str, h2d_bps: float, d2h_bps: float,
                 pinned: bool = False, measured_at: float | None = None) -> None:
        at = time.time() if measured_at is None else measured_at
        self.write(lambda c: c.execute(
            "INSERT OR REPLACE INTO links VALUES (?,?,?,?,?)",
            (fingerprint, int(bool(pinned)), float(h2d_bps), float(d2h_bps), at)))

    def get_link(self, fingerprint: str, pinned: bool | None = None) -> Link | None:
        """The link measured for a device; ``pinned=None`` takes the faster kind."""
        sql = "SELECT fingerprint, h2d_bps, d2h_bps, pinned, measured_at FROM links WHERE fingerprint=?"
        args: tuple = (fingerprint,)
        if pinned is not None:
            sql += " AND pinned=?"
            args += (int(pinned),)
        rows = self.read(sql + " ORDER BY h2d_bps + d2h_bps DESC LIMIT 1", args)
        if not rows:
            return None
        fp, h, d, pin, at = rows[0]
        from skmd.predict.store_rows import Link
        return Link(fp, h, d, bool(pin), at)

    def put_prior(self, fingerprint: str, flops: float, bytes_per_s: float) -> None:
        """A device's micro-kernel figures (see :mod:`skmd.runtime.priors`)."""
        self.write(lambda c: c.execute("INSERT OR REPLACE INTO priors VALUES (?,?,?,?)",
                                        (fingerprint, float(flops), float(bytes_per_s),
                                         time.time())))

    def get_prior(self, fingerprint: str) -> tuple[float, float] | None:
        """(flops, bytes_per_s) measured for a device, or None."""
        rows = self.read("SELECT flops, bytes_per_s FROM priors WHERE fingerprint=?",
                          (fingerprint,))
        return (float(rows[0][0]), float(rows[0][1])) if rows else None

    # -- speeds measured while programs ran ------------------------------------

    def put_speeds(self, rows: Iterable[tuple[str, str, float, float, int]]) -> None:
        """(kernel_key, fingerprint, seconds per unit, overhead, samples) learned online;
        the latest figure for a pair replaces the one before."""
        now = time.time()
        values = [(k, fp, float(per), float(ovh), int(n), now) for k, fp, per, ovh, n in rows]
        if values:
            self.write(lambda c: c.executemany(
                "INSERT OR REPLACE INTO speeds VALUES (?,?,?,?,?,?)", values))

    def speeds(self, fingerprints: Iterable[str]) -> list[tuple[str, str, float, float, int]]:
        """Every speed learned online on these devices."""
        fps = list(fingerprints)
        if not fps:
            return []
        marks = ",".join("?" * len(fps))
        return [tuple(r) for r in self.read(  # type: ignore[misc]
            "SELECT kernel_key, fingerprint, per_unit, overhead, samples FROM speeds "
            f"WHERE fingerprint IN ({marks})", tuple(fps))]

    def put_spent(self, rows: Iterable[tuple[str, float]]) -> None:
        """(kernel_key, seconds) the home device has spent on a kernel over all runs."""
        now = time.time()
        values = [(k, float(s), now) for k, s in rows]
        if values:
            self.write(lambda c: c.executemany("INSERT OR REPLACE INTO spent VALUES (?,?,?)",
                                               values))

    def spent(self) -> dict[str, float]:
        """kernel_key -> seconds the home device spent on it over earlier runs."""
        return {k: float(s) for k, s in self.read("SELECT kernel_key, home_s FROM spent")}

    def put_build(self, fingerprint: str, seconds: float) -> None:
        """The longest partition-ready build a device's compiler took in a run."""
        now = time.time()
        self.write(lambda c: c.execute("INSERT OR REPLACE INTO builds VALUES (?,?,?)",
                                       (fingerprint, float(seconds), now)))

    def builds(self) -> dict[str, float]:
        """fingerprint -> seconds of its longest build in the latest run that built."""
        return {f: float(s) for f, s in self.read("SELECT fingerprint, seconds FROM builds")}

    # -- profiles --------------------------------------------------------------

    def add_profiles(self, rows: Iterable[Profile | Mapping[str, Any]]) -> int:
        """Append profiles in one transaction; returns how many were written."""
        from skmd.predict.store_rows import Profile, profile_from_mapping
        now = time.time()
        values = []
        for row in rows:
            p = row if isinstance(row, Profile) else profile_from_mapping(row)
            s = p.sample
            values.append((p.kernel_key, p.fingerprint, int(s.groups_enabled), int(s.total_groups),
                           _jdump(list(s.global_size)),
                           None if s.local_size is None else _jdump(list(s.local_size)),
                           _jdump({str(k): v for k, v in s.scalars.items()}),
                           _jdump({str(k): v for k, v in s.buffer_bytes.items()}),
                           float(s.cost), float(p.seconds),
                           now if p.created_at is None else p.created_at))
        if not values:
            return 0
        ok = self.write(lambda c: c.executemany(
            "INSERT INTO profiles (kernel_key, fingerprint, groups_enabled, total_groups, "
            "global_size, local_size, scalars, buffer_bytes, cost, seconds, created_at) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?)", values))
        if ok:
            self.generation += 1
        return len(values) if ok else 0

    def profiles(self, kernel_key: str, fingerprint: str) -> list[Profile]:
        rows = self.read(
            "SELECT groups_enabled, total_groups, global_size, local_size, scalars, buffer_bytes, "
            "cost, seconds, created_at FROM profiles WHERE kernel_key=? AND fingerprint=? ORDER BY id",
            (kernel_key, fingerprint))
        from skmd.predict.features import Sample
        from skmd.predict.store_rows import Profile
        out = []
        for ge, tg, gs, ls, sc, bb, cost, sec, at in rows:
            sample = Sample(groups_enabled=ge, total_groups=tg,
                            global_size=tuple(json.loads(gs or "[]")),
                            local_size=None if ls is None else tuple(json.loads(ls)),
                            scalars=_int_keys(json.loads(sc or "{}"), float),
                            buffer_bytes=_int_keys(json.loads(bb or "{}"), int),
                            cost=cost or 0.0)
            out.append(Profile(kernel_key, fingerprint, sample, sec, at))
        return out

    def profile_count(self, kernel_key: str, fingerprint: str) -> int:
        rows = self.read("SELECT count(*), max(id) FROM profiles WHERE kernel_key=? AND fingerprint=?",
                          (kernel_key, fingerprint))
        return int(rows[0][0]) if rows else 0

    def kernels(self) -> list[tuple[str, str, int]]:
        """(kernel_key, fingerprint, number of profiles) for everything profiled."""
        return [tuple(r) for r in self.read(  # type: ignore[misc]
            "SELECT kernel_key, fingerprint, count(*) FROM profiles "
            "GROUP BY kernel_key, fingerprint ORDER BY kernel_key, fingerprint")]

    @cached_property
    def run_log(self) -> "LaunchLog":
        """The run log kept in this store's file (a thing of its own: see
        :class:`~skmd.predict.launch_log.LaunchLog`)."""
        from skmd.predict.launch_log import LaunchLog
        return LaunchLog(self)


def _writable(p: Path) -> bool:
    """Whether we may write the store: the OS says so and the file's mode bits
    do too (a file chmod-ed read-only is respected even by the superuser)."""
    if not os.access(p.parent, os.W_OK):
        return False
    if p.exists():
        return os.access(p, os.W_OK) and bool(p.stat().st_mode & 0o222)
    return True
