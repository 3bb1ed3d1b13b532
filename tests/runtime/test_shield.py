"""A signal handler that raises (Ctrl-C's KeyboardInterrupt, a timeout's SIGALRM
handler) must never leave skmd hung or half-way through a split: a split runs whole
and the exception reaches the program right after it, as after a driver call."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np

from skmd.runtime import shield

REPO = Path(__file__).resolve().parents[2]


def test_work_under_a_storm_of_raising_signal_handlers_always_ends_whole() -> None:
    """Every job the shield runs ends; an exception a handler raised while the program
    waited comes after the job's end, never in its middle."""
    ended: list[int] = []

    def job(i: int) -> int:
        t = time.perf_counter()
        while time.perf_counter() - t < 5e-4:
            pass
        ended.append(i)
        return i

    def on_alarm(_sig, _frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, on_alarm)
    started = returned = interrupted = 0
    try:
        for rep in range(40):
            signal.setitimer(signal.ITIMER_REAL, 0.001 + 0.00037 * rep)
            try:
                t0 = time.time()
                while time.time() - t0 < 0.05:
                    started += 1
                    assert shield.run(job, started) == started
                    returned += 1
            except KeyboardInterrupt:
                interrupted += 1
                if len(ended) < started:  # (raised before the job was handed over)
                    started -= 1
                assert ended[-1] == started, "a job did not end before the exception"
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert interrupted >= 30 and returned > 0
    assert ended == sorted(ended) and len(set(ended)) == len(ended)


PROGRAM = textwrap.dedent("""
    import signal, sys, time
    import numpy as np
    import pyopencl as cl
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    prg = cl.Program(ctx, '''
    __kernel void setk(__global int *a, int k) { int i = get_global_id(0); a[i] = i * 3 + k; }
    __kernel void add(__global int *a, __global const int *b) { int i = get_global_id(0); a[i] += b[i]; }
    ''').build()
    setk, add = prg.setk, prg.add
    n = 1 << 17
    A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
    h = np.empty(n, np.int32)
    def on_alarm(sig, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGALRM, on_alarm)
    hits = 0
    for rep in range(int(sys.argv[1])):
        signal.setitimer(signal.ITIMER_REAL, 0.001 + 0.0007 * (rep % 23))
        try:
            t0 = time.time()
            while time.time() - t0 < 0.3:
                setk(q, (n,), None, A, np.int32(5))
                setk(q, (n,), None, B, np.int32(7))
                add(q, (n,), None, A, B)
                cl.enqueue_copy(q, h, A)
        except KeyboardInterrupt:
            hits += 1
        signal.setitimer(signal.ITIMER_REAL, 0)
        q.finish()
    setk(q, (n,), None, A, np.int32(5)); setk(q, (n,), None, B, np.int32(7))
    add(q, (n,), None, A, B)
    cl.enqueue_copy(q, h, A)
    print(hits > 0, bool((h == np.arange(n) * 6 + 12).all()))
""")


def test_split_launches_interrupted_by_a_raising_handler_never_hang(tmp_path: Path) -> None:
    """Every launch split (``policy=even``) while an interval timer's handler raises at
    whatever point the program is: the run ends, with the right bytes."""
    prog = tmp_path / "interrupted.py"
    prog.write_text(PROGRAM)
    env = dict(os.environ, PYTHONPATH=str(REPO), SKMD_POLICY="even", SKMD_BACKGROUND="0", SKMD_MIN_SPLIT_US="0",
               SKMD_PROFILE_DIR=str(tmp_path / "store"))
    r = subprocess.run([sys.executable, "-W", "ignore", "-m", "skmd", "run", str(prog), "60"],
                       env=env, capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "True"], r.stdout + r.stderr[-2000:]
    assert np.int32(1) == 1
