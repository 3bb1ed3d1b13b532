"""skmd's own output cut short (a pipe into ``head``, a full disk) ends the command
quietly, with no traceback."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = str(Path(__file__).resolve().parents[1])


def _env(tmp_path: Path) -> dict:
    return dict(os.environ, PYTHONPATH=REPO, SKMD_PROFILE_DIR=str(tmp_path))


@pytest.mark.parametrize("command", [["store", "path"], ["devices", "--json"],
                                     ["--version"]])
def test_a_reader_that_goes_away_is_no_error(tmp_path, command):
    p = subprocess.Popen([sys.executable, "-m", "skmd", *command], env=_env(tmp_path),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()  # the reader is gone before skmd writes a line
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) in (0, 141), err
    assert "Traceback" not in err and "Exception ignored" not in err


def test_a_full_disk_is_one_line(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "skmd", "store", "path"], env=_env(tmp_path),
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 1
    assert r.stderr.strip() == "skmd store: cannot write the output: No space left on device"


@pytest.mark.parametrize("command", ["run", "profile", "devices", "explain", "bench", "store"])
def test_each_command_says_what_it_does_and_its_own_usage_on_a_mistake(tmp_path, command):
    env = _env(tmp_path)
    h = subprocess.run([sys.executable, "-m", "skmd", command, "--help"], env=env,
                       capture_output=True, text=True, timeout=120)
    first = h.stdout.split("\n\n")[1]  # the paragraph after the usage
    assert h.returncode == 0 and first[0].isupper() and "positional" not in first
    word = "path" if command == "store" else "x.py"
    r = subprocess.run([sys.executable, "-m", "skmd", command, "--no-such-option", word],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and f"usage: skmd {command} " in r.stderr, r.stderr
    assert "unrecognized arguments: --no-such-option" in r.stderr
