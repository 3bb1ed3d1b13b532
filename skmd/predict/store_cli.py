"""``skmd store path|check|prune``: look after the profile store from the command line."""
from __future__ import annotations

import os
import sqlite3
import sys
import time
from pathlib import Path
from typing import TextIO

from skmd.predict.store import ProfileStore, StoreCorrupt, corrupt_advice, default_path


def _size(path: Path) -> str:
    from skmd.report.fmt import human_bytes
    total = sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    return human_bytes(total)


def prune_runs(store: ProfileStore, before: float) -> int:
    """Drop the runs (and their launches) recorded before ``before`` (a time stamp);
    returns how many went. Profiles stay: they train the models."""
    gone: list[str] = []

    def fn(c: sqlite3.Connection) -> None:
        gone.extend(r[0] for r in c.execute("SELECT run_id FROM runs WHERE created_at < ?",
                                            (before,)))
        c.executemany("DELETE FROM launches WHERE run_id = ?", [(i,) for i in gone])
        c.executemany("DELETE FROM runs WHERE run_id = ?", [(i,) for i in gone])
    if not store.write(fn):
        return 0
    store.read("VACUUM")  # give the space back to the file system
    return len(gone)


def unusable_folder(folder: Path) -> str | None:
    """Why the store's folder cannot be made or written, or None when it can."""
    probe = folder
    while not probe.exists() and probe.parent != probe:  # the nearest that exists
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is not a folder"
    import tempfile
    try:  # made and taken away at once: the way to know (root's access() says yes)
        os.rmdir(tempfile.mkdtemp(prefix=".skmd-check-", dir=probe))
    except OSError as exc:
        what = "write in" if probe == folder else "create the folder in"
        return f"cannot {what} {probe} ({exc.strerror or exc})"
    return None


def check(path: Path, out: TextIO) -> int:
    """0 when the file is a sound store (or absent), 1 with the way out when it is not."""
    if not path.exists():
        unusable = unusable_folder(path.parent)
        if unusable:
            print(f"skmd store check: {path}: {unusable}; runs keep nothing there "
                  "(set SKMD_PROFILE_DIR to a folder skmd may write)", file=sys.stderr)
            return 1
        print(f"{path}: no store yet (the first run under skmd makes it)", file=out)
        return 0
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = [r[0] for r in conn.execute("PRAGMA integrity_check")]
            counts = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                      for t in ("runs", "launches", "profiles")}
        finally:
            conn.close()
    except sqlite3.Error as exc:
        rows, counts = [str(exc)], {}
    if rows != ["ok"]:
        print(f"skmd store check: {path} is corrupt ({'; '.join(rows[:3])}); "
              f"{corrupt_advice(path, checked=True)}", file=sys.stderr)
        return 1
    what = ", ".join(f"{n} {t}" for t, n in counts.items())
    print(f"{path}: sound, {_size(path)}, {what}", file=out)
    return 0


def prune(path: Path, older_than_days: float, out: TextIO) -> int:
    """Drop runs older than the given days; 1 (with the way out) on a corrupt store."""
    if older_than_days < 0:
        print(f"skmd store prune: --older-than {older_than_days:g} is negative",
              file=sys.stderr)
        return 2
    try:
        store = ProfileStore(path, strict=True)
    except StoreCorrupt as exc:
        print(f"skmd store prune: {str(exc).removeprefix('skmd: ')}", file=sys.stderr)
        return 1
    with store:
        if store.mode != "file":
            print(f"skmd store prune: cannot write {path} ({store.problem})",
                  file=sys.stderr)
            return 1
        before = _size(path)
        n = prune_runs(store, time.time() - older_than_days * 86400.0)
        if store.mode != "file":
            print(f"skmd store prune: could not write {path} ({store.problem})",
                  file=sys.stderr)
            return 1
    from skmd.words import plural
    print(f"{path}: {plural(n, 'run')} older than {older_than_days:g} days removed, "
          f"{before} -> {_size(path)}", file=out)
    return 0


def store_main(action: str, older_than_days: float = 30.0, out: TextIO | None = None,
               folder: str | None = None) -> int:
    """``skmd store``; ``folder``: ``SKMD_PROFILE_DIR``."""
    out = out or sys.stdout
    path = default_path(folder)
    if action == "path":
        print(path, file=out)
        return 0
    if action == "check":
        return check(path, out)
    return prune(path, older_than_days, out)
