"""Bad settings stop `skmd run` with one clear line, before the program starts."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = str(Path(__file__).resolve().parents[2])


@pytest.mark.parametrize("var,value,expect", [
    ("SKMD_POLICY", "bogus", "SKMD_POLICY='bogus' is not one of"),
    ("SKMD_MODE", "fast", "SKMD_MODE='fast' is not one of"),
    ("SKMD_MERGE", "bytes", "SKMD_MERGE='bytes' is not one of"),
    ("SKMD_PINNED_COPIES", "sometimes", "SKMD_PINNED_COPIES='sometimes' is not one of"),
    ("SKMD_DEVICES", "no-such-device", "matches no device"),
    ("SKMD_FAULTS", "cpu1:explode", "SKMD_FAULTS item 'cpu1:explode'"),
    ("SKMD_VERIFY", "maybe", "SKMD_VERIFY='maybe' is not one of"),
    ("SKMD_ONLINE", "2", "SKMD_ONLINE='2' is not one of"),
    ("SKMD_MIN_SPLIT_US", "abc", "SKMD_MIN_SPLIT_US='abc' is not a number"),
    ("SKMD_MIN_SPLIT_US", "nan", "SKMD_MIN_SPLIT_US='nan' is not a finite number"),
    ("SKMD_MIN_SPLIT_US", "-1", "SKMD_MIN_SPLIT_US='-1' is negative; it takes 0 or more"),
    ("SKMD_HOST_BACKED_MIN", "-5", "SKMD_HOST_BACKED_MIN='-5' is negative"),
    ("SKMD_MIN_SPLIT_US", "200us", "'200us' is not a number (microseconds, e.g. 200)"),
    ("SKMD_HOST_BACKED_MIN", "4MiB", "'4MiB' is not a number (bytes, e.g. 4194304"),
    ("SKMD_HOST_BACKED_MIN", "4.5", "SKMD_HOST_BACKED_MIN='4.5' is not a whole number"),
    ("SKMD_FAULTS_SEED", "1.5", "SKMD_FAULTS_SEED='1.5' is not a whole number"),
])
def test_bad_setting_is_reported_and_nothing_runs(tmp_path, var, value, expect):
    app = tmp_path / "app.py"
    app.write_text("open('ran', 'w').write('yes')\n")
    env = dict(os.environ, PYTHONPATH=REPO, SKMD_PROFILE_DIR=str(tmp_path))
    env[var] = value
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(app)], env=env,
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert expect in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "ran").exists()


def test_settings_changes_parse_as_the_environment_variables_do():
    from skmd import config
    assert config.parse_changes("online=0, SKMD_SEND_AHEAD=off,min_split_us=50") == {
        "online": False, "send_ahead": False, "min_split_us": 50.0}
    assert config.parse_changes("mode=Coarse") == {"mode": "coarse"}
    assert config.parse_changes("pinned_copies=Never") == {"pinned_copies": "never"}
    for bad, says in (("online", "is not SETTING=VALUE"), ("devices=0", "is not SETTING"),
                      ("policy=fast", "SKMD_POLICY='fast' is not one of"),
                      ("min_split_us=soon", "not a number"), ("", "changes no setting")):
        with pytest.raises(ValueError, match=says):
            config.parse_changes(bad)


def test_a_variant_may_change_tuning_values_by_name():
    """``--variant sched:tuning.graph_min_us=0,tuning.at_once_after=1000000``: the
    named values of :class:`Tuning` change, every other keeps its default; a name
    that is not one says which are."""
    from dataclasses import replace

    from skmd import config
    from skmd.tuning import Tuning
    got = config.parse_changes("tuning.graph_min_us=0, tuning.at_once_after=1e6,mode=mkmd")
    assert got == {"mode": "mkmd",
                   "tuning": replace(Tuning(), graph_min_us=0.0, at_once_after=1000000)}
    assert isinstance(got["tuning"].at_once_after, int)
    for bad, says in (("tuning.no_such=1", "tuning.NAME=VALUE with NAME one of"),
                      ("tuning.graph_min_us=soon", "not a number"),
                      ("tuning=1", "is not SETTING=VALUE")):
        with pytest.raises(ValueError, match=says):
            config.parse_changes(bad)


def test_decisions_are_kept_apart_per_setting_that_changes_them():
    """A launch decided with online corrections must not be reused with them off
    (``skmd bench --variant offline:online=0`` switches it in one process)."""
    from dataclasses import replace

    from skmd import config
    from skmd.runtime import launches
    s = config.Settings()
    sig = launches.signature({}, (64,), (8,), None, False, s)
    assert sig == launches.signature({}, (64,), (8,), None, False, replace(s))
    for change in ({"online": False}, {"merge": "diff"}, {"min_split_us": 1.0},
                   {"policy": "linear"}, {"static_fractions": {"cpu0": 1.0}}):
        assert launches.signature({}, (64,), (8,), None, False,
                                  replace(s, **change)) != sig, change


@pytest.mark.parametrize("value,want", [("1", True), ("yes", True), ("ON", True),
                                        ("true", True), ("0", False), ("No", False),
                                        ("off", False), ("false", False), ("", False)])
def test_switches_take_the_usual_words_only(value, want):
    from skmd import config
    assert config.from_environ({"SKMD_VERIFY": value}).verify is want
    with pytest.raises(ValueError, match="SKMD_VERIFY='y' is not one of"):
        config.from_environ({"SKMD_VERIFY": "y"})


@pytest.mark.parametrize("command", [["explain"], ["store", "path"]])
def test_other_commands_also_refuse_bad_settings(tmp_path, command):
    env = dict(os.environ, PYTHONPATH=REPO, SKMD_PROFILE_DIR=str(tmp_path),
               SKMD_LOG="maybe")
    r = subprocess.run([sys.executable, "-m", "skmd", *command], env=env, cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    assert "SKMD_LOG='maybe'" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("name", ["stage_uploads", "send_ahead", "learn_links", "chain_home",
                                  "chain_helpers"])
def test_benchmark_switches_are_variants_not_variables(name):
    """A switch that only measures one of skmd's own mechanisms is set by ``skmd bench
    --variant``; its old variable stops with an error that says how."""
    from skmd import config
    assert name in config.BENCH_SWITCHES
    var = "SKMD_" + name.upper()
    with pytest.raises(ValueError, match=f"{var} is a benchmark switch.*--variant NAME:{name}=0"):
        config.from_environ({var: "0"})
    assert config.parse_changes(f"{name}=0") == {name: False}


def test_numbers_that_cannot_be_negative_are_refused_in_process_too():
    from skmd import config
    assert config.from_environ({"SKMD_HOST_BACKED_MIN": "1e3"}).host_backed_min == 1000
    with pytest.raises(ValueError, match="SKMD_MIN_SPLIT_US=-1 is negative"):
        config.Settings(min_split_us=-1)
    assert config.parse_changes("host_backed_min=4096") == {"host_backed_min": 4096}
    for bad, says in (("host_backed_min=-1", "is negative"), ("min_split_us=-3", "negative"),
                      ("tuning.at_once_after=1.5", "not a whole number")):
        with pytest.raises(ValueError, match=says):
            config.parse_changes(bad)


@pytest.mark.parametrize("command", [["run", "app.py"], ["devices"],
                                     ["bench", "--only", "vectoradd"]])
@pytest.mark.parametrize("var,value,says", [
    ("SKMD_DEVICES", "no-such-device", "SKMD_DEVICES item 'no-such-device' matches no device"),
    ("POCL_DEVICES", "bogus", "no usable OpenCL device"),
])
def test_a_bad_device_choice_or_no_device_exits_2_everywhere(tmp_path, command, var, value,
                                                             says):
    """``skmd devices`` exited 1 with ``skmd devices: skmd: …``; bench with a traceback."""
    (tmp_path / "app.py").write_text("import pyopencl as cl\ncl.create_some_context()\n")
    env = dict(os.environ, PYTHONPATH=REPO, SKMD_PROFILE_DIR=str(tmp_path), PYOPENCL_CTX="0")
    env[var] = value
    r = subprocess.run([sys.executable, "-m", "skmd", *command], env=env, cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    assert f"skmd {command[0]}: " in r.stderr and says in r.stderr
    assert "skmd: " not in r.stderr.replace(f"skmd {command[0]}: ", "")
    assert "Traceback" not in r.stderr
