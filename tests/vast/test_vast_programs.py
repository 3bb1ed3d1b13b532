"""Programs larger than a device: refused by PoCL with a 1 GiB device, run by skmd.

``POCL_MEMORY_LIMIT=1`` gives each of two PoCL devices 1 GiB (256 MiB per
allocation), read when the platform loads: each setting runs in its own process.
The programs allocate 640 MiB buffers (one of 1.5 GiB); under skmd they must give
the very bytes a run without the limit gives.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("vast_programs.py")
PROGRAMS = ["triad", "stencil", "matvec", "single", "gather"]


def _run(mode: str, limit: bool, names: list[str]) -> dict[str, str]:
    env = dict(os.environ, POCL_DEVICES="pthread pthread", SKMD_BACKGROUND="0",
               SKMD_REMEMBER="0")
    env.pop("SKMD_HOST_BACKED_MIN", None)
    if limit:
        env["POCL_MEMORY_LIMIT"] = "1"
    else:
        env.pop("POCL_MEMORY_LIMIT", None)
    out = subprocess.run([sys.executable, str(SCRIPT), mode, *names], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)
    assert set(lines) == set(names), (out.stdout, out.stderr[-3000:])
    return lines


@pytest.fixture(scope="module")
def skmd_limited():
    return _run("skmd", True, PROGRAMS + ["refused"])


def test_plain_pyopencl_fails_with_the_limit():
    for name, line in _run("plain", True, PROGRAMS).items():
        assert line.startswith("FAILED") and "INVALID_BUFFER_SIZE" in line, (name, line)


def test_skmd_runs_them_bit_identical_to_a_run_without_the_limit(skmd_limited):
    plain = _run("plain", False, PROGRAMS)
    for name in PROGRAMS:
        digest = skmd_limited[name].split()[0]
        assert digest == plain[name].split()[0], (name, skmd_limited[name], plain[name])


def test_they_ran_in_chunks_gathers_through_the_page_table(skmd_limited):
    fields = {n: dict(kv.split("=") for kv in skmd_limited[n].split()[1:]) for n in PROGRAMS}
    assert all(int(f["chunks"]) >= 2 for f in fields.values()), fields
    assert fields["gather"]["paged"] == "1"
    assert all(f["paged"] == "0" for n, f in fields.items() if n != "gather")
    # chunks of one launch on both devices, small outputs (matvec, gather) included
    assert all(int(fields[n]["devices"]) == 2 for n in ("triad", "matvec", "gather"))


def test_whole_buffer_readers_are_refused_by_name(skmd_limited):
    line = skmd_limited["refused"]
    assert line.startswith("FAILED RuntimeError") and "kernel total" in line, line
    assert "every work-group" in line
