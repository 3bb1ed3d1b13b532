"""The drivers' start begun in a thread by ``skmd run``: found, harmless, and joined."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from skmd.runtime import warm_start

_NAMES = ("from skmd.runtime import devices\n"
          "found, left = devices.discover()\n"
          "print(sorted(d.name for d in found), len(left))\n")


def _python(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ), timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_loader_is_the_one_pyopencl_loads() -> None:
    found = warm_start.loader_path()
    assert found is not None
    path, home = found
    assert os.path.isfile(path)
    if home is not None:  # pyopencl's wheel ships its own loader beside the extension
        import pyopencl
        assert os.path.samefile(home, os.path.dirname(pyopencl.__file__))
        assert os.path.dirname(path) == os.path.join(home, ".libs")


def test_discovery_after_a_warm_start_finds_the_same_devices() -> None:
    cold = _python(_NAMES)
    warm = _python("import sys\nfrom skmd.runtime import warm_start\n"
                   "assert warm_start.begin() and warm_start.begin()\n"
                   "assert 'pyopencl' not in sys.modules\n" + _NAMES +
                   "assert not warm_start._thread.is_alive()\n")
    assert warm == cold and cold.startswith("[")


def test_a_process_may_end_while_the_drivers_start() -> None:
    # the thread is a daemon, and ``skmd run`` waits for it in ``finally``
    assert _python("from skmd.runtime import warm_start\n"
                   "warm_start.begin(); warm_start.wait(); print('ok')") == "ok"


def test_drivers_the_wheel_ships_are_loaded_by_their_full_path(tmp_path, monkeypatch) -> None:
    libs = tmp_path / ".libs"
    libs.mkdir()
    (libs / "libdrv-1.so").write_bytes(b"")
    (libs / "drv.icd").write_text("libdrv-1.so\n")
    (libs / "absent.icd").write_text("libnot-here.so\n")
    vendors = tmp_path / "vendors"
    vendors.mkdir()
    (vendors / "sys.icd").write_text("/usr/lib/libsystem.so\n")
    monkeypatch.setenv("OCL_ICD_VENDORS", str(vendors))
    assert warm_start.shipped_drivers(str(tmp_path)) == [str(libs / "libdrv-1.so")]
    assert warm_start.shipped_drivers(None) == []


_WATCHED = r"""
import json, os, sys, threading
edits = []

def hook(event, args):
    # a variable the environment did not hold, set or removed while the drivers start
    if event in ("os.putenv", "os.unsetenv"):
        name = args[0].decode() if isinstance(args[0], bytes) else str(args[0])
        busy = any(t.name == "skmd-driver-start" and t.is_alive()
                   for t in threading.enumerate())
        if busy and (event == "os.unsetenv" or name not in os.environ):
            edits.append([event, name])
sys.addaudithook(hook)
from skmd.cli import main
rc = main(["run", sys.argv[1]])
print(json.dumps([rc, edits]))
"""


def test_skmd_run_adds_no_variable_to_the_environment_while_the_drivers_start(tmp_path):
    """A driver starting in the thread reads the environment; a variable added
    meanwhile (numpy's import adds one) moves the array it reads: a segmentation
    fault, seen once in a few hundred processes on a GPU host."""
    prog = tmp_path / "prog.py"
    prog.write_text("import numpy, pyopencl\nprint('ran')\n")
    r = subprocess.run([sys.executable, "-c", _WATCHED, str(prog)], capture_output=True,
                       text=True, timeout=120,
                       env=dict(os.environ, SKMD_PROFILE_DIR=str(tmp_path / "store")))
    assert r.returncode == 0, r.stderr
    rc, edits = json.loads(r.stdout.strip().splitlines()[-1])
    assert rc == 0 and "ran" in r.stdout
    assert edits == [], edits


def test_a_shipped_driver_is_loaded_for_good_through_a_foreign_call() -> None:
    """``dlopen`` through ctypes' foreign call (which lets go of the interpreter lock
    while a large driver loads): the library is mapped into the process afterwards."""
    out = _python("import ctypes, os\nfrom skmd.runtime import warm_start\n"
                  "path, home = warm_start.loader_path()\n"
                  "d = (warm_start.shipped_drivers(home) or [path])[0]\n"
                  "warm_start._open(ctypes, d)\n"
                  "maps = open('/proc/self/maps').read()\n"
                  "print(os.path.realpath(d) in maps)")
    assert out == "True"
