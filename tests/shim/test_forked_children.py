"""A child forked from a process where skmd started the OpenCL drivers (``skmd run``
starts them before the program runs) lacks the drivers' threads: OpenCL there would
hang.  Its first OpenCL call fails at once and says why; a forked child that only
computes on the host runs as plainly."""
from __future__ import annotations

import textwrap
from pathlib import Path

from test_shim_cli import skmd_run

CHILD = textwrap.dedent("""
    import os, sys
    import numpy as np
    import pyopencl as cl
    pid = os.fork()
    if pid == 0:
        print("child sum", int(np.arange(10).sum()), flush=True)
        if sys.argv[1] == "opencl":
            try:
                cl.create_some_context(interactive=False)
            except cl.RuntimeError as exc:
                print("child refused:", "forked" in str(exc), flush=True)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    print("child exit", os.waitstatus_to_exitcode(status))
    ctx = cl.create_some_context(interactive=False)
    print("parent devices", len(ctx.devices))
""")


def test_a_forked_child_fails_at_its_first_opencl_call_instead_of_hanging(
        tmp_path: Path) -> None:
    prog = tmp_path / "fork_child.py"
    prog.write_text(CHILD)
    r = skmd_run(prog, "opencl", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["child sum 45", "child refused: True", "child exit 0",
                                     "parent devices 1"], r.stdout


def test_a_forked_child_on_the_host_only_runs_as_plainly(tmp_path: Path) -> None:
    prog = tmp_path / "fork_child.py"
    prog.write_text(CHILD)
    r = skmd_run(prog, "host", cwd=tmp_path)
    assert r.returncode == 0 and not r.stderr, r.stderr
    assert r.stdout.splitlines() == ["child sum 45", "child exit 0", "parent devices 1"]
