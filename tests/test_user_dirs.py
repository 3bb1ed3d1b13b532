"""skmd's default folders are platformdirs' folders, without importing it on Linux."""
from __future__ import annotations

import subprocess
import sys

import platformdirs
import pytest

from skmd import user_dirs

CASES = [
    {},  # the defaults under HOME
    {"XDG_CACHE_HOME": "/tmp/xc", "XDG_DATA_HOME": "/tmp/xd"},
    {"XDG_CACHE_HOME": "", "XDG_DATA_HOME": ""},  # empty: ignored
    {"XDG_CACHE_HOME": "rel/cache", "XDG_DATA_HOME": "rel/data"},  # relative: ignored
    {"HOME": "/tmp/somebody"},
    {"HOME": "relative/home"},  # platformdirs' own rule for this case
]


@pytest.mark.parametrize("env", CASES)
def test_the_folders_are_platformdirs_folders(env: dict, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    for var in ("XDG_CACHE_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert user_dirs.cache_dir() == platformdirs.user_cache_dir("skmd")
    assert user_dirs.data_dir() == platformdirs.user_data_dir("skmd")


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG rule is applied on Linux only")
def test_installing_skmd_does_not_import_platformdirs() -> None:
    code = ("import sys, skmd.transform.diskcache as d, skmd.predict.store as s; "
            "d.folder(); s.default_path(); print('platformdirs' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "False"
