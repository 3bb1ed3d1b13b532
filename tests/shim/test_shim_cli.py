"""``skmd run`` behaves like ``python``: argv, exit codes, errors."""
from __future__ import annotations

import json
import os
import re
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


def test_run_reads_its_command_line_without_argparse(tmp_path: Path) -> None:
    """``skmd run FILE ARGS``: the program gets its arguments (options included) as
    python gives them, and skmd's full command line (argparse, milliseconds a run)
    is not built."""
    prog = tmp_path / "args.py"
    prog.write_text("import sys\nprint(sys.argv[1:], 'argparse' in sys.modules)\n")
    r = skmd_run(prog, "--size", "7", "-m", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "['--size', '7', '-m'] False"


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


def test_run_module_from_the_current_folder(tmp_path: Path) -> None:
    """python -m puts the current folder on sys.path; so does `skmd run -m`."""
    (tmp_path / "here_mod.py").write_text(
        "import sys\nprint('ran', __name__, sys.argv[1:])\nsys.exit(4)\n")
    env = _env()  # PYTHONPATH has the repository only, not tmp_path
    # as the installed `skmd` script runs: from a folder of its own, not the current one
    bin_dir = tmp_path.parent / f"{tmp_path.name}-bin"
    bin_dir.mkdir()
    (bin_dir / "skmd").write_text("import sys\nfrom skmd.cli import main\nsys.exit(main())\n")
    r = subprocess.run([sys.executable, str(bin_dir / "skmd"), "run", "-m", "here_mod", "a"],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    ref = subprocess.run([sys.executable, "-m", "here_mod", "a"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert ref.returncode == r.returncode == 4, r.stderr
    assert r.stdout == ref.stdout == "ran __main__ ['a']\n"


@pytest.mark.parametrize("as_module", [False, True])
def test_traceback_starts_at_the_program(tmp_path: Path, as_module: bool) -> None:
    (tmp_path / "boom_mod.py").write_text("def f():\n    raise KeyError('k9')\nf()\n")
    target = ["-m", "boom_mod"] if as_module else ["boom_mod.py"]
    r = _run([sys.executable, "-m", "skmd", "run", *target], tmp_path)
    assert r.returncode == 1
    frames = [ln for ln in r.stderr.splitlines() if ln.strip().startswith("File ")]
    assert frames and all("boom_mod.py" in ln for ln in frames[-2:]), r.stderr
    assert "skmd" not in r.stderr and "KeyError: 'k9'" in r.stderr
    # python -m's own runpy frames, as python shows them
    assert r.stderr == _run([sys.executable, *target], tmp_path).stderr


def test_version() -> None:
    import skmd
    r = _run([sys.executable, "-m", "skmd", "--version"], REPO)
    assert r.returncode == 0
    assert r.stdout.strip() == f"skmd {skmd.__version__}"


def _explain(tmp_path: Path, env: dict[str, str], *args: str,
             columns: int | None = None) -> subprocess.CompletedProcess:
    if columns is not None:
        env = dict(env, COLUMNS=str(columns))
    return subprocess.run([sys.executable, "-m", "skmd", "explain", *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)


# PROGRAM_SCRIPT's context, queue and buffer; then one kernel name in two programs
SAME_NAMES = PROGRAM_SCRIPT[:PROGRAM_SCRIPT.index("prg = ")] + textwrap.dedent("""
    src = '__kernel void a_rather_long_kernel_name_for_narrow_pipes(__global float *a) '
    one = cl.Program(ctx, src + '{ int i = get_global_id(0); a[i] += 1.0f; }').build()
    two = cl.Program(ctx, src + '{ int i = get_global_id(0); a[i] *= 2.0f; }').build()
    for _ in range(4):
        one.a_rather_long_kernel_name_for_narrow_pipes(q, (n,), (64,), buf)
        two.a_rather_long_kernel_name_for_narrow_pipes(q, (n,), (64,), buf)
    cl.enqueue_copy(q, a, buf)
    print(float(a.sum()))
""")


@pytest.mark.parametrize("mode", ["skmd", "mkmd"])
def test_explain_times_every_launch_and_accounts_for_the_wall(tmp_path: Path,
                                                               mode: str) -> None:
    script = tmp_path / "same.py"
    script.write_text(SAME_NAMES)
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"), SKMD_MODE=mode)
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    e = _explain(tmp_path, env, "--json")
    assert e.returncode == 0, e.stderr[-2000:]
    run = json.loads(e.stdout)
    launches = run["launches"]
    assert len(launches) == 8
    assert all(x["wall_s"] > 0 for x in launches), [x["wall_s"] for x in launches]
    # two programs, one kernel name: told apart by program
    assert len({x["program"] for x in launches}) == 2
    parts = run["breakdown"]
    assert run["wall_s"] > 0 and "calls" in parts and "program" in parts
    assert abs(sum(parts.values()) - run["wall_s"]) <= 0.05 * run["wall_s"]
    # a pipe at 80 columns: no kernel name cut, the names carry their program
    text = _explain(tmp_path, env, columns=80)
    assert text.returncode == 0, text.stderr
    assert "…" not in text.stdout.replace("… ", "")
    name_lines = [ln for ln in text.stdout.splitlines() if ln.startswith("#")]
    assert len(name_lines) == 8
    assert all("a_rather_long_kernel_name_for_narrow_pipes@" in ln for ln in name_lines)
    assert "wall time went to:" in text.stdout
    grouped = _explain(tmp_path, env, "--by-kernel", columns=80)
    assert grouped.stdout.count("a_rather_long_kernel_name_for_narrow_pipes@") == 2
    # a picture: the file and one line
    png = _explain(tmp_path, env, "--png", str(tmp_path / "t.png"))
    assert png.returncode == 0 and (tmp_path / "t.png").stat().st_size > 0
    assert png.stdout.strip().count("\n") == 0 and "wrote" in png.stdout
    # the list says what each run was
    listed = _explain(tmp_path, env, "--list", columns=80)
    assert "same.py" in listed.stdout and mode in listed.stdout
    assert "cpu0" in listed.stdout and " 8 " in listed.stdout


def test_corrupt_store_is_named_once_and_the_program_still_runs(tmp_path: Path) -> None:
    prof = tmp_path / "prof"
    prof.mkdir()
    (prof / "profiles.sqlite").write_bytes(b"not a database at all" * 400)
    env = dict(_env(), SKMD_PROFILE_DIR=str(prof))
    script = tmp_path / "app.py"
    script.write_text(PROGRAM_SCRIPT)
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "checksum:" in r.stdout
    assert r.stderr.count("is corrupt") == 1, r.stderr
    assert "nothing is recorded" in r.stderr and "profiles.sqlite" in r.stderr
    for cmd in (["explain"], ["profile", str(script)], ["store", "check"]):
        c = subprocess.run([sys.executable, "-m", "skmd", *cmd], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=300)
        assert c.returncode != 0, (cmd, c.stderr[-2000:])
        assert "corrupt" in c.stderr and str(prof / "profiles.sqlite") in c.stderr, cmd
        assert "Traceback" not in c.stderr, cmd


def test_profile_says_how_to_get_a_held_out_error(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text(PROGRAM_SCRIPT)
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"))
    r = subprocess.run([sys.executable, "-m", "skmd", "profile", str(script)], cwd=tmp_path,
                       env=dict(env, COLUMNS="160"), capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "run `skmd profile` on another input" in r.stderr, r.stderr[-2000:]
    # each device's row counts its own profiles: identical devices showed the store's
    # count for their kind each, adding up to a multiple of the title's
    total = int(re.search(r"launch shape, (\d+) profiles stored", r.stderr).group(1))
    rows = re.findall(r"│ twice\s+│ (\w+)\s+│ (\d+)\s+│", r.stderr)
    assert len(rows) >= 2 and sum(int(n) for _, n in rows) == total, r.stderr[-2000:]


def test_profile_of_a_program_without_kernels_says_so(tmp_path: Path) -> None:
    script = tmp_path / "app.py"
    script.write_text("print('no kernels')\n")
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"))
    r = subprocess.run([sys.executable, "-m", "skmd", "profile", str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout == "no kernels\n", r.stderr[-2000:]
    assert r.stderr == "skmd profile: no kernel launches to profile\n"


def test_profile_says_at_once_when_nothing_can_be_kept(tmp_path: Path) -> None:
    """Where the store cannot be used, profile printed "N profiles stored", then that
    nothing was kept."""
    script = tmp_path / "app.py"
    script.write_text(PROGRAM_SCRIPT)
    (tmp_path / "file").write_text("")
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "file"), COLUMNS="160")
    r = subprocess.run([sys.executable, "-m", "skmd", "profile", str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stderr[-2000:]
    ahead = r.stderr.index("nothing will be kept")
    assert ahead < r.stderr.index("profiles measured (none kept)")
    assert "profiles stored" not in r.stderr and "Warning:" not in r.stderr


def test_whole_launches_on_a_profiling_queue_get_their_device_time(tmp_path: Path) -> None:
    script = tmp_path / "prof_app.py"
    script.write_text(PROGRAM_SCRIPT.replace(
        "q = cl.CommandQueue(ctx)",
        "q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)"))
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"), SKMD_DEVICES="cpu0")
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(script)], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    run = json.loads(_explain(tmp_path, env, "--json").stdout)
    whole = [x for x in run["launches"] if not x["pieces"]]
    assert whole and all(x["device_s"] and x["wall_s"] == x["device_s"] for x in whole)
    assert run["breakdown"].get("kernel:cpu0", 0) > 0


def test_install_imports_nothing_a_whole_launch_does_not_need():
    """What splits and VAST's chunks need is imported when first used, not by
    ``install()`` and a launch run whole (on one device, where no launch is timed
    through the split path): a program that never splits never pays for them.  The
    same holds for the partitioners, the kernel analyses and OpenSSL's hashes."""
    import os
    import subprocess
    import sys
    code = (
        "import sys, numpy as np, pyopencl as cl, skmd\n"
        "skmd.install()\n"
        "ctx = cl.create_some_context(interactive=False); q = cl.CommandQueue(ctx)\n"
        "a = np.ones(64, np.float32)\n"
        "b = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)\n"
        "k = cl.Program(ctx, '__kernel void f(__global float *x) "
        "{ x[get_global_id(0)] += 1.0f; }').build().f\n"
        "k(q, (64,), None, b); q.finish()\n"
        "print(sorted(m for m in ('skmd.runtime.executor', 'skmd.runtime.chunked',"
        " 'skmd.runtime.verify', 'skmd.vast.chunks', 'skmd.partition.hill',"
        " 'skmd.partition.problem', 'skmd.transform.kernel_analysis',"
        " 'skmd.transform.poly', 'skmd.decide.graph_guard', '_hashlib') if m in sys.modules))\n")
    env = dict(os.environ, SKMD_DEVICES="cpu0", SKMD_BACKGROUND="1")  # as users run
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True,
                         text=True, check=True, timeout=120, env=env)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr


@pytest.mark.parametrize("kind", ["folder", "zip"])
def test_a_folder_or_zip_file_runs_by_its_main_module(tmp_path: Path, kind: str) -> None:
    """``python DIR`` and ``python app.zip`` run their ``__main__.py``; skmd said
    "no such file"."""
    import zipfile
    main = ("import sys\nprint(sys.argv, __name__, __file__, sys.path[0])\n"
            "sys.exit(4)\n")
    if kind == "folder":
        (tmp_path / "app").mkdir()
        (tmp_path / "app" / "__main__.py").write_text(main)
        target = "app"
    else:
        with zipfile.ZipFile(tmp_path / "app.zip", "w") as z:
            z.writestr("__main__.py", main)
        target = "app.zip"
    want = python_run(target, "q", cwd=tmp_path)
    got = skmd_run(target, "q", cwd=tmp_path)
    assert want.returncode == 4 and str(tmp_path) in want.stdout
    assert (got.returncode, got.stdout) == (want.returncode, want.stdout), got.stderr


def test_a_folder_without_a_main_module_is_told_as_python_tells_it(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    r = skmd_run("empty", cwd=tmp_path)
    assert r.returncode == 1
    assert f"can't find '__main__' module in '{tmp_path / 'empty'}'" in r.stderr


def test_a_run_with_no_kernel_launches_is_the_latest_and_says_so(tmp_path: Path) -> None:
    """A program that launched nothing was not logged: ``skmd explain`` then showed an
    older run as the latest."""
    env = dict(_env(), SKMD_PROFILE_DIR=str(tmp_path / "prof"))
    script = tmp_path / "app.py"
    script.write_text("import skmd\nskmd.install()\n" + PROGRAM_SCRIPT)
    quiet = tmp_path / "quiet.py"
    quiet.write_text("print('nothing on a device')\n")
    for prog in (script, quiet):
        r = subprocess.run([sys.executable, "-m", "skmd", "run", str(prog)], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr[-2000:]
    e = subprocess.run([sys.executable, "-m", "skmd", "explain"], cwd=tmp_path,
                       env=env, capture_output=True, text=True, timeout=120)
    assert e.returncode == 0, e.stderr
    assert "quiet.py" in e.stdout and "this run recorded no kernel launches" in e.stdout


def test_a_module_not_found_is_told_by_skmd_run(tmp_path: Path) -> None:
    """``skmd run -m nosuchmod`` said python's message under the interpreter's path."""
    r = _run([sys.executable, "-m", "skmd", "run", "-m", "no_such_module_here"], tmp_path)
    ref = _run([sys.executable, "-m", "no_such_module_here"], tmp_path)
    assert r.returncode == ref.returncode == 1, r.stderr
    assert r.stderr == "skmd run: No module named no_such_module_here\n"
    own = tmp_path / "own.py"  # the program's own exit message is left as it is
    own.write_text("import sys\nsys.exit(sys.executable + ': mine')\n")
    r = _run([sys.executable, "-m", "skmd", "run", "-m", "own"], tmp_path)
    assert r.returncode == 1 and r.stderr == f"{sys.executable}: mine\n", r.stderr
