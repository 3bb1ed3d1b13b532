"""``skmd run`` behaves like ``python``: argv, exit codes, errors."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.pop("PYOPENCL_CTX", None)
    return env


def _run(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=_env(), capture_output=True, text=True,
                          timeout=timeout)


def skmd_run(path: Path | str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return _run([sys.executable, "-m", "skmd", "run", str(path), *args], cwd)


def python_run(path: Path | str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return _run([sys.executable, str(path), *args], cwd)


def test_missing_file_exits_2_with_a_message(tmp_path: Path) -> None:
    missing = tmp_path / "no_such_program.py"
    r = skmd_run(missing, cwd=tmp_path)
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "no_such_program.py" in r.stderr, r.stderr


def test_syntax_error_exits_non_zero(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\ndef broken(:\n    pass\n")
    r = skmd_run(bad, cwd=tmp_path)
    assert r.returncode != 0, (r.stdout, r.stderr)
    assert "SyntaxError" in r.stderr, r.stderr
    assert python_run(bad, cwd=tmp_path).returncode != 0


ARGV_SCRIPT = textwrap.dedent("""
    import json, sys
    print(json.dumps({"argv": sys.argv, "name": __name__}))
    sys.exit(int(sys.argv[1]))
""")


@pytest.mark.parametrize("code", ["0", "3"])
def test_argv_and_exit_code_pass_through(tmp_path: Path, code: str) -> None:
    script = tmp_path / "argv_exit.py"
    script.write_text(ARGV_SCRIPT)
    args = (code, "two words", "--flag=x", "-v")
    r = skmd_run(script, *args, cwd=tmp_path)
    ref = python_run(script, *args, cwd=tmp_path)
    assert ref.returncode == int(code)
    assert r.returncode == int(code), (r.stdout, r.stderr)
    got = json.loads(r.stdout.strip().splitlines()[-1])
    want = json.loads(ref.stdout.strip().splitlines()[-1])
    assert got == want, (got, want)
    assert got["argv"][1:] == list(args) and got["name"] == "__main__"


def test_uncaught_exception_and_exit_message(tmp_path: Path) -> None:
    boom = tmp_path / "boom.py"
    boom.write_text("def f():\n    raise ValueError('boom 42')\nf()\n")
    r, ref = skmd_run(boom, cwd=tmp_path), python_run(boom, cwd=tmp_path)
    assert r.returncode == ref.returncode == 1, (r.returncode, r.stderr)
    assert "ValueError: boom 42" in r.stderr and "Traceback" in r.stderr, r.stderr
    msg = tmp_path / "msg.py"
    msg.write_text("import sys\nsys.exit('fatal: giving up')\n")
    r, ref = skmd_run(msg, cwd=tmp_path), python_run(msg, cwd=tmp_path)
    assert r.returncode == ref.returncode == 1
    assert "fatal: giving up" in r.stderr, r.stderr


PROGRAM_SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    import pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    n = 2048
    a = np.arange(n, dtype=np.float32)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
    prg = cl.Program(ctx, '''
    __kernel void twice(__global float *a) { int i = get_global_id(0); a[i] = 2.0f * a[i] + 1.0f; }
    ''').build()
    for _ in range(3):
        prg.twice(q, (n,), (64,), buf)
    cl.enqueue_copy(q, a, buf)
    print("device:", ctx.devices[0].name)
    print("checksum:", float(a.astype(np.float64).sum()))
    sys.exit(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
""")


def test_pyopencl_program_under_skmd_run(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text(PROGRAM_SCRIPT)
    r = skmd_run(script, "5", cwd=tmp_path)
    ref = python_run(script, "5", cwd=tmp_path)
    assert r.returncode == ref.returncode == 5, (r.returncode, r.stderr[-2000:])
    out = dict(line.split(": ", 1) for line in r.stdout.splitlines() if ": " in line)
    want = dict(line.split(": ", 1) for line in ref.stdout.splitlines() if ": " in line)
    assert "skmd" in out["device"], r.stdout
    assert "skmd" not in want["device"], ref.stdout
    assert out["checksum"] == want["checksum"], (r.stdout, ref.stdout)


def test_run_log_of_a_one_device_run_is_written_at_exit(tmp_path: Path) -> None:
    """With one device nothing is predicted, so the profile store is first opened by
    the run log's flush at exit, after Python has begun shutting down: opening it
    must not need anything that cannot be started then (thread-pool modules)."""
    script = tmp_path / "app.py"
    script.write_text("import skmd\nskmd.install()\n" + PROGRAM_SCRIPT)
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"), SKMD_DEVICES="cpu0")
    r = subprocess.run([sys.executable, str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "profile store unavailable" not in r.stderr, r.stderr[-2000:]
    e = subprocess.run([sys.executable, "-m", "skmd", "explain", "--json"], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert e.returncode == 0, e.stderr[-2000:]
    launches = json.loads(e.stdout)["launches"]
    assert [x["kernel"] for x in launches] == ["twice"] * 3, launches


def test_run_module_passes_its_options_through(tmp_path):
    """`skmd run -m module --opt v` gives the module ["<path>", "--opt", "v"], like python -m."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    (tmp_path / "show_argv.py").write_text("import sys\nprint(repr(sys.argv[1:]))\n")
    repo = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([repo, str(tmp_path)]))
    r = subprocess.run([sys.executable, "-m", "skmd", "run", "-m", "show_argv", "--size", "3",
                        "-x"], env=env, cwd=tmp_path, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "['--size', '3', '-x']" in r.stdout
