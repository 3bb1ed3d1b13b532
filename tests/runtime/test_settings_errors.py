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
    ("SKMD_DEVICES", "no-such-device", "matches no device"),
    ("SKMD_FAULTS", "cpu1:explode", "SKMD_FAULTS item 'cpu1:explode'"),
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
