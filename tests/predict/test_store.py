import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import warnings
from pathlib import Path

import pytest

from skmd.predict import Profile, ProfileStore, ProfileStoreWarning, Sample
from skmd.predict.store import default_path
from skmd.records import LaunchRecord, Piece

ROOT = Path(__file__).resolve().parents[2]


def _profile(i: int, key: str = "k", fp: str = "dev") -> Profile:
    s = Sample(groups_enabled=i + 1, total_groups=64, global_size=(1024,), local_size=(16,),
               scalars={3: 2.5}, buffer_bytes={0: 4096, 1: 8192}, cost=3.0)
    return Profile(key, fp, s, seconds=1e-3 * (i + 1))


def test_profiles_round_trip(tmp_path):
    with ProfileStore(tmp_path / "p.sqlite") as st:
        assert st.mode == "file"
        assert st.add_profiles([_profile(i) for i in range(5)]) == 5
        st.add_profiles([{"kernel_key": "k", "fingerprint": "other", "groups_enabled": 1,
                          "total_groups": 2, "seconds": 0.5}])
        got = st.profiles("k", "dev")
        assert len(got) == 5 and st.profile_count("k", "dev") == 5
        assert got[2].sample == _profile(2).sample
        assert got[2].seconds == pytest.approx(3e-3)
        assert st.profile_count("k", "other") == 1
        assert ("k", "dev", 5) in st.kernels()


def test_links_devices_and_run_log(tmp_path):
    with ProfileStore(tmp_path / "p.sqlite") as st:
        st.put_device("fp1", "gpu0", "H100", "NVIDIA", "GPU", 132, 80 << 30)
        st.put_link("fp1", 9.5e9, 18e9, pinned=False)
        st.put_link("fp1", 25e9, 26e9, pinned=True)
        assert st.get_link("fp1").pinned is True
        assert st.get_link("fp1", pinned=False).h2d_bps == 9.5e9
        assert st.get_link("nope") is None
        assert st.devices()[0].compute_units == 132

        st.run_log.add_run("r1", ["app.py", "1"])
        rec = LaunchRecord(run_id="r1", seq=0, kernel="saxpy", total_groups=8,
                           global_size=(128,), local_size=(16,), policy="hill",
                           shares={"a": 5, "b": 3}, ranges={"a": (0, 5), "b": (5, 8)},
                           pieces=[Piece("a", "kernel", 0.0, 1.0)])
        st.run_log.add_launch(rec)
        time.sleep(0.01)
        st.run_log.add_run("r2", ["app.py", "2"])
        st.run_log.add_launch(LaunchRecord(run_id="r2", seq=1, kernel="k2", total_groups=1,
                                   global_size=(1,), local_size=None, policy="single"))
        st.run_log.add_launch(LaunchRecord(run_id="r2", seq=0, kernel="k1", total_groups=1,
                                   global_size=(1,), local_size=None, policy="single"))
        assert [r.kernel for r in st.run_log.launches()] == ["k1", "k2"]  # latest run, in order
        assert st.run_log.launches("r1")[0] == rec
        runs = st.run_log.runs()
        assert [r.run_id for r in runs] == ["r2", "r1"]
        assert runs[1].argv == ["app.py", "1"] and runs[1].launches == 1


def test_a_run_log_written_in_one_go_reads_back_whole_and_in_order(tmp_path):
    recs = [LaunchRecord(run_id="r", seq=n, kernel=f"k{n}", total_groups=n + 1,
                         global_size=(n + 1,), local_size=None, policy="hill",
                         shares={"cpu0": n + 1}) for n in range(500)]
    with ProfileStore(tmp_path / "p.sqlite") as st:
        st.run_log.add_run("r", ["app.py"])
        st.run_log.extend(reversed(recs))
        st.run_log.extend([])  # nothing to write: no transaction
        back = st.run_log.launches("r")
        assert back == recs
        assert [(r.run_id, r.argv, r.launches) for r in st.run_log.runs()] == \
            [("r", ["app.py"], 500)]


def test_a_runs_launch_count_counts_what_each_record_stands_for(tmp_path):
    """A record that stands for a loop's many whole launches counts as all of them in
    the run list; a run with no records counts none."""
    recs = [LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=0, global_size=(8,),
                         local_size=None, policy="hill"),
            LaunchRecord(run_id="r", seq=2, kernel="k", total_groups=0, global_size=(8,),
                         local_size=None, policy="hill", repeats=250)]
    with ProfileStore(tmp_path / "p.sqlite") as st:
        st.run_log.add_run("r", ["app.py"])
        st.run_log.extend(recs)
        st.run_log.add_run("empty", ["other.py"])
        assert {r.run_id: r.launches for r in st.run_log.runs()} == {"r": 251, "empty": 0}
        assert [r.repeats for r in st.run_log.launches("r")] == [1, 250]


def test_default_location_follows_setting(tmp_path):
    with ProfileStore(default_path(str(tmp_path / "dir"))) as st:
        st.put_link("x", 1.0, 2.0)
    assert (tmp_path / "dir" / "profiles.sqlite").exists()


_WRITER = textwrap.dedent("""
    import sys
    from skmd.predict import ProfileStore, Profile, Sample
    path, tag, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    st = ProfileStore(path)
    assert st.mode == "file", st.mode
    i = 0
    while n < 0 or i < n:
        st.add_profiles([Profile("k", tag, Sample(i + 1, 10**6), 1e-3)] * 3)
        i += 1
    """)


def _writer(path, tag, n):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", _WRITER, str(path), tag, str(n)], env=env)


def test_two_processes_writing_lose_nothing(tmp_path):
    path = tmp_path / "p.sqlite"
    procs = [_writer(path, tag, 150) for tag in ("a", "b")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    with ProfileStore(path) as st:
        assert st.profile_count("k", "a") == 450
        assert st.profile_count("k", "b") == 450


def test_opening_again_keeps_this_process_s_claim_on_the_wal(tmp_path):
    """Another process that closes the store must still see this one using it.

    POSIX drops every lock a process holds on a file when any descriptor of that file
    is closed; a store opened (and closed) again here must not let the other process
    think it was the last user and delete the WAL under this one's open connection."""
    path = tmp_path / "p.sqlite"
    with ProfileStore(path) as st:
        st.add_profiles([Profile("k", "a", Sample(1, 10), 1e-3)])
        assert _writer(path, "b", 1).wait(timeout=60) == 0
        ProfileStore(path).close()
        assert _writer(path, "b", 1).wait(timeout=60) == 0
        assert (tmp_path / "p.sqlite-wal").exists() and (tmp_path / "p.sqlite-shm").exists()
        assert st.profile_count("k", "b") == 6


def _locked_for(n_tries, monkeypatch):
    """Make the first ``n_tries`` opens answer "locked" at once, as SQLite does when
    another process is switching a fresh file to WAL mode."""
    real = ProfileStore._connect
    calls = []

    def connect(self, p):
        calls.append(p)
        if len(calls) <= n_tries:
            raise sqlite3.OperationalError("database is locked")
        return real(self, p)
    monkeypatch.setattr(ProfileStore, "_connect", connect)
    return calls


def test_open_waits_out_a_lock_that_does_not_wait_itself(tmp_path, monkeypatch):
    calls = _locked_for(3, monkeypatch)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProfileStoreWarning)
        with ProfileStore(tmp_path / "p.sqlite") as st:
            assert st.mode == "file"
    assert len(calls) == 4


def test_open_gives_up_on_a_lock_after_its_timeout(tmp_path, monkeypatch):
    _locked_for(10**6, monkeypatch)
    t0 = time.monotonic()
    with pytest.warns(ProfileStoreWarning, match="locked by another process"):
        st = ProfileStore(tmp_path / "p.sqlite", timeout_s=0.3)
    assert st.mode == "memory" and time.monotonic() - t0 < 2.0
    st.close()


def test_killed_writer_leaves_valid_store(tmp_path):
    path = tmp_path / "p.sqlite"
    proc = _writer(path, "a", -1)
    deadline = time.time() + 30
    while time.time() < deadline:  # wait until it is really writing
        if path.exists():
            try:
                con = sqlite3.connect(path, timeout=5)
                n = con.execute("SELECT count(*) FROM profiles").fetchone()[0]
                con.close()
                if n > 30:
                    break
            except sqlite3.Error:
                pass
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with ProfileStore(path) as st:
            n = st.profile_count("k", "a")
            assert n > 30 and n % 3 == 0  # whole transactions only


def test_corrupt_file_warns_and_is_left_alone(tmp_path):
    path = tmp_path / "p.sqlite"
    garbage = os.urandom(8192)
    path.write_bytes(garbage)
    with pytest.warns(ProfileStoreWarning, match="not an SQLite"):
        st = ProfileStore(path)
    assert st.mode == "memory"
    st.add_profiles([_profile(0)])
    assert st.profile_count("k", "dev") == 1
    st.close()
    assert path.read_bytes() == garbage


def test_corrupt_database_pages_warn(tmp_path):
    path = tmp_path / "p.sqlite"
    with ProfileStore(path) as st:
        st.add_profiles([_profile(i) for i in range(200)])
    data = bytearray(path.read_bytes())
    data[len(data) // 2:len(data) // 2 + 2048] = os.urandom(2048)  # keep the header
    path.write_bytes(bytes(data))
    with pytest.warns(ProfileStoreWarning):
        st = ProfileStore(path)
    assert st.mode == "memory"
    st.add_profiles([_profile(0, key="new")])
    assert st.profile_count("new", "dev") == 1
    st.close()
    assert path.read_bytes() == bytes(data)


def test_read_only_file_still_reads(tmp_path):
    path = tmp_path / "p.sqlite"
    with ProfileStore(path) as st:
        st.add_profiles([_profile(i) for i in range(4)])
        st.put_link("fp", 1e9, 2e9)
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with pytest.warns(ProfileStoreWarning, match="read-only"):
            st = ProfileStore(path)
        assert st.profile_count("k", "dev") == 4
        assert st.get_link("fp").d2h_bps == 2e9
        st.add_profiles([_profile(9)])  # kept in memory, no exception
        assert st.profile_count("k", "dev") == 5
        st.close()
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == before


def test_uncreatable_location_falls_back(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.warns(ProfileStoreWarning):
        st = ProfileStore(blocker / "sub" / "p.sqlite")
    st.put_link("fp", 1.0, 1.0)
    assert st.get_link("fp") is not None


def test_strict_store_refuses_a_corrupt_file_naming_it_and_the_way_out(tmp_path):
    from skmd.predict.store import StoreCorrupt
    path = tmp_path / "p.sqlite"
    garbage = os.urandom(4096)
    path.write_bytes(garbage)
    with pytest.raises(StoreCorrupt, match="not an SQLite database") as exc:
        ProfileStore(path, strict=True)
    assert str(path) in str(exc.value) and "skmd store check" in str(exc.value)
    assert path.read_bytes() == garbage  # nothing discarded


def _store_cmd(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SKMD_PROFILE_DIR=str(tmp_path))
    return subprocess.run([sys.executable, "-m", "skmd", "store", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_store_path_check_and_prune(tmp_path):
    path = tmp_path / "profiles.sqlite"
    r = _store_cmd(tmp_path, "path")
    assert r.returncode == 0 and r.stdout.strip() == str(path)
    assert _store_cmd(tmp_path, "check").returncode == 0  # no store yet is fine
    with ProfileStore(path) as st:
        st.add_profiles([_profile(i) for i in range(3)])
        for run_id, age_days in (("old", 40), ("new", 1)):
            st.run_log.add_run(run_id, ["app.py"])
            st.run_log.add_launch(LaunchRecord(run_id=run_id, seq=1, kernel="k", total_groups=1,
                                       global_size=(1,), local_size=None, policy="hill"))
            st.write(lambda c, r=run_id, a=age_days: c.execute(
                "UPDATE runs SET created_at = ? WHERE run_id = ?",
                (time.time() - a * 86400, r)))
    r = _store_cmd(tmp_path, "check")
    assert r.returncode == 0 and "sound" in r.stdout and "2 runs" in r.stdout, r.stderr
    r = _store_cmd(tmp_path, "prune", "--older-than", "30")
    assert r.returncode == 0 and "1 run older than 30 days removed" in r.stdout, r.stderr
    with ProfileStore(path) as st:
        assert [x.run_id for x in st.run_log.runs()] == ["new"]
        assert st.run_log.launches("old") == [] and st.profile_count("k", "dev") == 3
    path.write_bytes(b"garbage" * 1000)
    for args in (("check",), ("prune",)):
        r = _store_cmd(tmp_path, *args)
        assert r.returncode == 1 and "corrupt" in r.stderr and str(path) in r.stderr, args
        assert "Traceback" not in r.stderr
        # told by the command itself, without pointing at itself
        assert r.stderr.startswith(f"skmd store {args[0]}: ")
        assert "`skmd store check` tells" not in r.stderr or args != ("check",)


def test_time_spent_on_kernels_is_kept_and_replaced(tmp_path):
    """What each kernel kept the home device busy for over all runs: the latest
    figure for a kernel replaces the one before, and another store file sees it."""
    path = tmp_path / "p.sqlite"
    with ProfileStore(path) as store:
        assert store.spent() == {}
        store.put_spent([("k1", 0.5), ("k2", 2.0)])
        store.put_spent([("k1", 1.25)])
    with ProfileStore(path) as store:
        assert store.spent() == {"k1": 1.25, "k2": 2.0}


def test_what_a_build_took_is_kept_per_device(tmp_path):
    with ProfileStore(tmp_path / "p.sqlite") as store:
        assert store.builds() == {}
        store.put_build("cpu-fp", 1.5)
        store.put_build("cpu-fp", 0.2)
        assert store.builds() == {"cpu-fp": 0.2}


def test_a_run_starts_from_the_build_time_and_spent_time_an_earlier_run_kept(tmp_path):
    """What one run measured (a helper's build, each kernel's time on home) is what
    the next run's ski rental weighs."""
    from types import SimpleNamespace

    from skmd.runtime import knowledge, planner
    home = SimpleNamespace(fingerprint="gpu-fp", label="gpu0")
    cpu = SimpleNamespace(fingerprint="cpu-fp", label="cpu0")

    def runtime(store, build_s, timed):
        return SimpleNamespace(
            store=store, remember=True, devices=[home, cpu], home=home, by_label={},
            estimates=planner.Estimates(),
            decider=SimpleNamespace(spent_before={}, spent_rows=lambda: [("k", 2.5)]),
            background=SimpleNamespace(build_s=build_s, builds_timed=timed),
            saved_knowledge=None)
    with ProfileStore(tmp_path / "p.sqlite") as store:
        knowledge.save(runtime(store, 1.25, 1))
        later = runtime(store, 0.25, 0)
        knowledge.load(later)
    assert later.background.build_s == 1.25
    assert later.decider.spent_before == {"k": 2.5}


def test_knowledge_saved_again_unchanged_writes_nothing():
    """``skmd run`` saves what the run learned as the program ends and the runtime
    again at exit: the second save writes only if something changed since."""
    from types import SimpleNamespace

    from skmd.runtime import knowledge, planner
    writes = []
    store = SimpleNamespace(put_speeds=lambda rows: writes.append(("speeds", list(rows))),
                            put_spent=lambda rows: writes.append(("spent", list(rows))),
                            put_build=lambda fp, s: writes.append(("build", fp, s)))
    home = SimpleNamespace(fingerprint="gpu-fp", label="gpu0")
    spent = [("k", 2.5)]
    rt = SimpleNamespace(store=store, remember=True, devices=[home], home=home,
                         by_label={"gpu0": home}, estimates=planner.Estimates(),
                         decider=SimpleNamespace(spent_rows=lambda: list(spent)),
                         background=SimpleNamespace(build_s=0.0, builds_timed=0),
                         saved_knowledge=None)
    knowledge.save(rt)
    assert [w[0] for w in writes] == ["speeds", "spent"]
    knowledge.save(rt)
    assert len(writes) == 2
    spent.append(("k2", 1.0))
    knowledge.save(rt)
    assert writes[-1] == ("spent", [("k", 2.5), ("k2", 1.0)])


def test_an_open_store_with_its_schema_in_place_takes_no_write_lock(tmp_path):
    """Opening a store whose tables all exist writes nothing, so it does not wait on
    another process's write; one that lacks a table creates it."""
    path = tmp_path / "p.sqlite"
    ProfileStore(path).close()
    other = sqlite3.connect(str(path), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process in the middle of a write
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        st = ProfileStore(path, timeout_s=2.0)
    assert st.mode == "file" and time.perf_counter() - t0 < 1.0
    st.close()
    other.execute("ROLLBACK")
    other.execute("DROP TABLE builds")
    other.close()
    with ProfileStore(path) as st:
        names = {r[0] for r in st._conn.execute("SELECT name FROM sqlite_master")}
    assert "builds" in names


def test_the_run_log_keeps_the_newest_runs_only(tmp_path):
    """A run log kept forever makes every later run's store opening slower: once it
    holds half as many runs again as it keeps, the oldest go with their launches."""
    with ProfileStore(tmp_path / "p.sqlite") as st:
        log = st.run_log
        for i in range(48):
            log.add_run(f"r{i:02d}", ["app.py"])
            log.add_launch(LaunchRecord(run_id=f"r{i:02d}", seq=1, kernel="k", total_groups=1,
                                        global_size=(1,), local_size=None, policy="hill"))
            st.write(lambda c, r=f"r{i:02d}", t=1000.0 + i: c.execute(
                "UPDATE runs SET created_at = ? WHERE run_id = ?", (t, r)))
        assert log.keep_newest(32) == 0 and len(log.runs()) == 48  # not yet
        log.add_run("r48", ["app.py"])
        assert log.keep_newest(32) == 17
        kept = [r.run_id for r in log.runs()]
        assert kept[0] == "r48" and kept[-1] == "r17" and len(kept) == 32
        assert log.launches("r16") == [] and len(log.launches("r17")) == 1
        assert st.read("SELECT count(*) FROM launches")[0][0] == 31


def test_a_folder_that_cannot_be_used_is_told_in_one_line(tmp_path):
    """``store check`` said "no store yet" (exit 0) where no store can ever be made, and
    the warning of a run printed a line of skmd's source."""
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    r = _store_cmd(not_a_folder, "check")
    assert r.returncode == 1 and f"{not_a_folder} is not a folder" in r.stderr
    assert "no store yet" not in r.stdout
    env = dict(os.environ, PYTHONPATH=str(ROOT), SKMD_PROFILE_DIR=str(not_a_folder))
    e = subprocess.run([sys.executable, "-m", "skmd", "explain"], env=env,
                       capture_output=True, text=True, timeout=120)
    assert e.returncode == 1 and "is not a folder" in e.stderr and "skmd run" not in e.stderr
    w = subprocess.run([sys.executable, "-c", "from skmd.predict import ProfileStore\n"
                        f"ProfileStore({str(not_a_folder / 'p.sqlite')!r})\nprint('ran')"],
                       env=env, capture_output=True, text=True, timeout=120)
    assert w.returncode == 0 and w.stdout.strip() == "ran"
    lines = w.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("skmd profile store ") and ".py:" not in w.stderr


def test_skmd_warnings_stay_warnings():
    with pytest.warns(ProfileStoreWarning):
        from skmd.warn_lines import warn
        warn("skmd: a test", ProfileStoreWarning)
