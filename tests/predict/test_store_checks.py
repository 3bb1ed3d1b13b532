"""What an opening of the profile store checks, and what the run log's reader checks."""
import os
import sqlite3
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from skmd.predict import Profile, ProfileStore, ProfileStoreWarning, Sample
from skmd.predict import store_schema
from skmd.predict.store import StoreCorrupt

ROOT = Path(__file__).resolve().parents[2]
ROW = '{"run_id":"r","kernel":"decay","total_groups":0,"global_size":[4096],"seq":%d}'


def _store_with_a_long_log(path: Path, launches: int = 4000) -> None:
    """A store whose last pages all hold run log records (they are written last)."""
    with ProfileStore(path) as st:
        st.put_device("fp", "gpu0", "a gpu")
        st.add_profiles([Profile("k", "fp", Sample(groups_enabled=1, total_groups=8,
                                                  global_size=(64,), local_size=(8,)),
                                 seconds=1e-3)])
        st.run_log.add_run("r", ["prog.py"])
        st.run_log.extend_rows([("r", i, ROW % i) for i in range(launches)])
    with sqlite3.connect(path) as conn:  # everything in the file itself, no WAL beside it
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _spoil_the_last_pages(path: Path, share: float = 0.2) -> None:
    data = bytearray(path.read_bytes())
    page = 4096
    pages = len(data) // page
    for p in range(pages - max(1, int(pages * share)), pages):
        data[p * page + 8:(p + 1) * page] = os.urandom(page - 8)
    path.write_bytes(bytes(data))


def test_every_table_but_the_launch_records_is_checked_at_opening():
    tables = {n for n in store_schema.SCHEMA_NAMES if not n.startswith("profiles_by")}
    assert store_schema.LOG_TABLE == "launches"
    assert set(store_schema.CHECKED_AT_OPEN) == tables - {"launches"}


def test_a_spoilt_run_log_does_not_stop_the_store_opening_but_its_reader_is_told(tmp_path):
    path = tmp_path / "p.sqlite"
    _store_with_a_long_log(path)
    _spoil_the_last_pages(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProfileStoreWarning)  # opening warns of nothing
        st = ProfileStore(path)
        assert st.mode == "file"
        assert [d.label for d in st.devices()] == ["gpu0"]
        assert len(st.profiles("k", "fp")) == 1
    with pytest.warns(ProfileStoreWarning, match="corrupt"):
        assert st.run_log.runs() == []
    assert st.run_log.launches("r") == []  # (asked once, answered from then on)
    st.close()
    with pytest.raises(StoreCorrupt, match="integrity check of launches"):
        ProfileStore(path, strict=True).vouched("launches")


def test_explain_on_a_spoilt_run_log_says_so_and_names_the_file(tmp_path):
    _store_with_a_long_log(tmp_path / "profiles.sqlite")
    _spoil_the_last_pages(tmp_path / "profiles.sqlite")
    env = dict(os.environ, SKMD_PROFILE_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "skmd", "explain"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "corrupt" in r.stderr and str(tmp_path / "profiles.sqlite") in r.stderr


def test_a_sound_log_reads_back_and_a_missing_table_counts_as_sound(tmp_path):
    path = tmp_path / "p.sqlite"
    _store_with_a_long_log(path, launches=10)
    with ProfileStore(path) as st:
        assert [r.launches for r in st.run_log.runs()] == [10]
    conn = sqlite3.connect(":memory:")
    assert store_schema.table_sound(conn, "launches")


def test_a_runs_exit_writing_imports_no_row_records(tmp_path: Path) -> None:
    """What a run writes at exit (its log, speeds, spent time) needs none of the records
    rows read back as; their import cost every run's exit milliseconds."""
    code = (
        "import sys\n"
        "from skmd.predict.store import ProfileStore\n"
        f"st = ProfileStore({str(tmp_path / 's.sqlite')!r})\n"
        "st.run_log.add_run('r', ['prog.py'])\n"
        "st.run_log.extend_rows([('r', 0, '{}')])\n"
        "st.put_speeds([('k', 'fp', 1e-9, 1e-5, 3)])\n"
        "st.close()\n"
        "print(sorted(m for m in ('skmd.predict.store_rows', 'skmd.predict.features')"
        " if m in sys.modules))\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == "[]"


def test_the_row_records_are_still_the_stores_names() -> None:
    from skmd.predict import store, store_rows
    assert store.Profile is store_rows.Profile and store.RunInfo is store_rows.RunInfo
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        store.Nothing  # noqa: B018
