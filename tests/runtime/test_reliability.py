"""Failures never give a wrong result: injected faults, verification, kills, Ctrl-C."""
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from skmd.runtime import faults
from skmd.testing import run_benchmarks, skmd_installed

REPO = str(Path(__file__).resolve().parents[2])
BENCHES = ["vectoradd", "matrixtranspose", "reduction", "histogram", "blackscholes"]


def _run_benches(names, **settings):
    """Run benchmark programs at CI size under skmd; (wrong results, records, runtime)."""
    with skmd_installed(**settings) as rt:
        wrong = [f"{name}: {msg}" for name, ok, msg, _ in run_benchmarks(names, rt) if not ok]
        return wrong, list(rt.records), rt


def test_fault_injection_over_benchmark_programs(capsys):
    specs = ["cpu1:launch", "cpu2:build", "cpu1:alloc", "cpu1:launch:0.5,cpu2:alloc:0.5",
             "cpu2:slow:3"]
    fired = fallbacks = 0
    wrong: list[str] = []
    for spec in specs:
        faults.reset_counts()
        bad, records, rt = _run_benches(BENCHES, policy="even", faults=spec)
        wrong += [f"[{spec}] {w}" for w in bad]
        fired += sum(faults.counts.values())
        fallbacks += len(rt.failures)
    with capsys.disabled():
        print(f"\nfault injection over {len(BENCHES)} benchmark programs x {len(specs)} "
              f"settings: {fired} faults injected, {fallbacks} fallbacks taken, "
              f"{len(wrong)} wrong results")
    assert fired > 0 and fallbacks > 0
    assert not wrong, wrong


def test_verify_runs_clean_over_the_skmd_suite():
    from skmd.bench import programs
    wrong, records, rt = _run_benches(programs.SKMD_SUITE, policy="even", verify=True)
    assert not wrong, wrong
    assert not rt.verify_mismatches, rt.verify_mismatches
    assert sum(1 for r in records if len([v for v in r.shares.values() if v]) >= 2) >= 10


def test_a_device_without_room_for_the_data_gets_no_share():
    import numpy as np
    import pyopencl as cl
    with skmd_installed(policy="even") as rt:
        small = rt.order[1]
        small.global_mem = 1024  # pretend: this device cannot hold the buffers
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(1 << 14, dtype=np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        k = cl.Program(ctx, "__kernel void t(__global float *a) "
                            "{ a[get_global_id(0)] *= 2.0f; }").build().t
        k(q, (a.size,), (64,), buf)
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, buf)
        rec = rt.records[-1]
    assert np.array_equal(out, a * 2)
    assert rec.shares.get(small.label, 0) == 0
    assert sum(1 for v in rec.shares.values() if v) >= 2


def _env(tmp_path):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([REPO] + ([env["PYTHONPATH"]]
                                                  if env.get("PYTHONPATH") else []))
    env["SKMD_PROFILE_DIR"] = str(tmp_path)
    return env


def _rows(db):
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return c.execute("SELECT COUNT(*) FROM profiles").fetchone()[0]


def test_killing_skmd_profile_leaves_the_store_intact(tmp_path):
    env = _env(tmp_path)
    cmd = [sys.executable, "-m", "skmd", "profile", "-m",
           "skmd.bench.programs.matrixmultiplication"]
    subprocess.run(cmd, env=env, cwd=tmp_path, capture_output=True, timeout=300, check=True)
    db = tmp_path / "profiles.sqlite"
    before = _rows(db)
    assert before > 0
    with sqlite3.connect(db) as c:  # every profiled device is named in the store
        profiled = {r[0] for r in c.execute("SELECT DISTINCT fingerprint FROM profiles")}
        named = dict(c.execute("SELECT fingerprint, label FROM devices").fetchall())
    assert profiled and profiled <= set(named), (profiled, named)
    assert all(label.startswith("cpu") for label in named.values()), named
    p = subprocess.Popen(cmd + ["--size", "profile1"], env=env, cwd=tmp_path,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(4)
    assert p.poll() is None, "the profile run ended before it could be killed"
    p.kill()
    p.wait(timeout=30)
    assert _rows(db) >= before


SCRIPT = textwrap.dedent("""
    import os, signal, numpy as np, pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 << 16)
    k = cl.Program(ctx, "__kernel void t(__global float *a) "
                        "{ a[get_global_id(0)] += 1.0f; }").build().t
    for i in range(100000):
        k(q, (1 << 16,), (64,), a)
        if i == 50:
            os.kill(os.getpid(), signal.SIGINT)
""")


def test_ctrl_c_mid_run_exits_cleanly(tmp_path):
    script = tmp_path / "app.py"
    script.write_text(SCRIPT)
    env = _env(tmp_path)
    env["SKMD_POLICY"] = "even"
    r = subprocess.run([sys.executable, "-m", "skmd", "run", str(script)], env=env,
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    # as python ends: the traceback, then killed by SIGINT (130 in a shell)
    assert r.returncode == -signal.SIGINT, r.stderr[-2000:]
    assert r.stderr.rstrip().endswith("KeyboardInterrupt") and "Traceback" in r.stderr
    _ = _rows(tmp_path / "profiles.sqlite") if (tmp_path / "profiles.sqlite").exists() else 0


def test_verify_keeps_one_buffer_given_as_two_arguments():
    """A buffer read and written in place through two arguments is one buffer in the
    whole run too: verify neither reports the right split nor keeps a wrong result."""
    import numpy as np
    import pyopencl as cl

    m = 30000
    with skmd_installed(policy="even", verify=True) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, """
        __kernel void halves(__global int *lo, __global int *hi, int n) {
            int i = get_global_id(0);
            int t = lo[i];
            lo[i] = hi[n + i];
            hi[n + i] = t + i;
        }""").build()
        d = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                      hostbuf=np.arange(2 * m, dtype=np.int32))
        cl.Kernel(prg, "halves")(q, (m,), None, d, d, np.int32(m))
        h = np.empty(2 * m, np.int32)
        cl.enqueue_copy(q, h, d)
        assert any(r.ranges and len(r.ranges) > 1 for r in rt.records)
    want = np.concatenate([np.arange(m, 2 * m), 2 * np.arange(m)]).astype(np.int32)
    assert not rt.verify_mismatches, rt.verify_mismatches
    assert np.array_equal(h, want)


def test_graph_mode_runs_whole_when_home_cannot_build_the_split_kernel():
    """Graph mode defers a launch to run later through the partition-ready kernel: a
    build failure found then reached the program; it is found before deferring."""
    import numpy as np
    import pyopencl as cl

    n = 100000
    with skmd_installed(mode="mkmd", policy="even", min_split_us=0, background=False,
                        faults="cpu0:build") as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, "__kernel void twice(__global float *o) "
                              "{ int i = get_global_id(0); o[i] = 2.0f * i; }").build()
        o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
        k = cl.Kernel(prg, "twice")
        for _ in range(3):
            k(q, (n,), None, o)
        h = np.empty(n, np.float32)
        cl.enqueue_copy(q, h, o)
        assert all("failed to build on cpu0" in r.reason for r in rt.records)
    assert np.array_equal(h, 2 * np.arange(n, dtype=np.float32))
