"""Unmodified pyopencl programs give bit-identical results with and without skmd.

Every program of :mod:`shim_programs` runs bare, then with skmd installed under
``policy="even"`` (every splittable launch split equally over the three PoCL
devices: the correctness stress setting) and, for most, under the default
policy.  The launch records must show that the launches expected to split were
split and that the unsafe ones ran whole, with the reason.
"""
from __future__ import annotations

import threading
import time

import numpy as np
import pytest

import shim_programs as sp
from skmd.testing import compare_with_and_without

pytestmark = pytest.mark.filterwarnings("ignore::pyopencl.RepeatedKernelRetrieval")


def _describe(records) -> str:
    lines = []
    for r in records:
        shares = {k: v for k, v in r.shares.items() if v}
        lines.append(f"  {r.kernel}: gs={r.global_size} ls={r.local_size} shares={shares} "
                     f"reason={r.reason!r}")
    return "\n".join(lines) or "  (no launch recorded)"


def _split(rec) -> bool:
    return rec.reason is None and sum(1 for v in rec.shares.values() if v) >= 2


def _check(spec: sp.Spec, policy: str) -> None:
    bad, records = compare_with_and_without(spec.fn, policy=policy)
    assert not bad, (f"{spec.name} under policy={policy}: results differ with skmd:\n  "
                     + "\n  ".join(bad) + "\nlaunches:\n" + _describe(records))
    assert records, f"{spec.name}: skmd recorded no launch at all"
    for rec in records:
        if rec.reason is None:
            assert sum(rec.shares.values()) == rec.total_groups, (
                f"{spec.name}: shares do not add up to the launch\n" + _describe([rec]))
    for kernel, word in spec.whole.items():
        mine = [r for r in records if r.kernel == kernel]
        assert mine, f"{spec.name}: no launch of {kernel}\n" + _describe(records)
        for r in mine:
            assert r.reason and word in r.reason.lower() and not _split(r), (
                f"{spec.name}: {kernel} must run whole because of {word!r}\n"
                + _describe(records))
    if policy == "even":
        for kernel in spec.split:
            mine = records if kernel == "*" else [r for r in records if r.kernel == kernel]
            assert any(_split(r) for r in mine), (
                f"{spec.name}: no launch of {kernel!r} was split under policy=even\n"
                + _describe(records))


CASES = [pytest.param(s, "even", id=f"{s.name}-even") for s in sp.PROGRAMS]
CASES += [pytest.param(s, "hill", id=f"{s.name}-hill") for s in sp.PROGRAMS if s.hill]


@pytest.mark.parametrize("spec,policy", CASES)
def test_program_identical_with_skmd(spec: sp.Spec, policy: str) -> None:
    _check(spec, policy)


def test_enough_programs() -> None:
    assert len(sp.PROGRAMS) >= 30
    assert len({s.name for s in sp.PROGRAMS}) == len(sp.PROGRAMS)


# ---------------------------------------------------------------------------------
# user events
# ---------------------------------------------------------------------------------
def user_event_completed_before_launch(cl):
    ctx, q = sp.ctx_queue(cl)
    n = 2048
    ab = sp.to_buf(cl, ctx, np.arange(n, dtype=np.float32))
    knl = cl.Kernel(cl.Program(ctx, sp.AFFINE).build(), "affine")
    ready = cl.UserEvent(ctx)
    ready.set_status(cl.command_execution_status.COMPLETE)
    e1 = knl(q, (n,), (64,), ab, np.float32(2.0), np.float32(1.0), wait_for=[ready])
    e2 = knl(q, (n,), (64,), ab, np.float32(0.5), np.float32(-3.0), wait_for=[e1, ready])
    e2.wait()
    return {"a": sp.read(cl, q, ab, np.empty(n, np.float32)),
            "status": np.array([ready.command_execution_status])}


def test_user_event_completed_before_launch() -> None:
    spec = sp.Spec("user_event_completed_before_launch", user_event_completed_before_launch,
                   split=("affine",))
    _check(spec, "even")


#: how long the host may take to return from enqueueing a gated kernel
GATE_PATIENCE_S = 1.5


def user_event_released_after_enqueue(cl):
    """The common pattern: enqueue work behind a user event, then release it."""
    ctx, q = sp.ctx_queue(cl)
    n = 2048
    ab = sp.to_buf(cl, ctx, np.arange(n, dtype=np.float32))
    knl = cl.Kernel(cl.Program(ctx, sp.AFFINE).build(), "affine")
    gate = cl.UserEvent(ctx)
    lock = threading.Lock()
    released = []

    def release() -> None:
        with lock:
            if not released:
                released.append(True)
                gate.set_status(cl.command_execution_status.COMPLETE)

    # a safety net, so that a host thread blocked on the gate cannot hang the tests
    timer = threading.Timer(GATE_PATIENCE_S * 2, release)
    timer.start()
    try:
        t0 = time.monotonic()
        evt = knl(q, (n,), (64,), ab, np.float32(2.0), np.float32(1.0), wait_for=[gate])
        returned_in_time = time.monotonic() - t0 < GATE_PATIENCE_S
        release()
        evt.wait()
    finally:
        timer.cancel()
    return {"a": sp.read(cl, q, ab, np.empty(n, np.float32)),
            "enqueue_returned_before_release": np.array([returned_in_time])}


def test_user_event_released_after_enqueue() -> None:
    spec = sp.Spec("user_event_released_after_enqueue", user_event_released_after_enqueue)
    _check(spec, "even")


# ---------------------------------------------------------------------------------
# a program that takes the process down: run in a child
# ---------------------------------------------------------------------------------
CHILD = """
import sys, warnings
warnings.simplefilter("ignore")
sys.path.insert(0, {here!r})
import shim_programs as sp
from skmd.testing import compare_with_and_without
bad, records = compare_with_and_without(sp.async_work_group_copy_kernel, policy="even")
print("MISMATCHES", bad)
print("SPLIT", any(r.reason is None and sum(1 for v in r.shares.values() if v) >= 2
                   for r in records))
sys.exit(1 if bad else 0)
"""


def test_async_work_group_copy_kernel_in_child_process(tmp_path) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path
    here = str(Path(__file__).resolve().parent)
    repo = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([repo] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    r = subprocess.run([sys.executable, "-c", CHILD.format(here=here)], env=env, cwd=tmp_path,
                       capture_output=True, text=True, timeout=240)
    tail = (r.stdout + r.stderr)[-1500:]
    assert r.returncode == 0, f"child exited with {r.returncode}:\n{tail}"
    assert "SPLIT True" in r.stdout, tail
