"""A kernel launch's walk from the shim to the executor enters each module at most twice.

A module entered again and again on one launch is a sign that a decision lives
in the wrong room (the runtime asking back and forth instead of being handed
what it needs).  The walk is recorded with :func:`sys.setprofile`: a call from
one skmd module into another enters the callee's module; the kernel's analysis
(the front end's own recursion over the kernel's syntax, inside
:mod:`skmd.transform`) counts as the one entry into it that the launch makes.
"""
from __future__ import annotations

import os
import sys
from collections import Counter
from typing import Any

import numpy as np

import skmd

SRC = "__kernel void twice(__global float *a) { int i = get_global_id(0); a[i] = 2.0f * a[i]; }"
ROOT = os.path.dirname(skmd.__file__)
START = ("skmd.shim.patch", "_enqueue_nd_range_kernel")
END = "skmd.runtime.executor"


def _module(frame: Any) -> str | None:
    name = (frame.f_globals.get("__name__")
            if frame.f_code.co_filename.startswith(ROOT) else None)
    # (a finder skmd put on sys.meta_path is entered by the import system, at each
    # import a first launch makes: not a room the launch asks)
    return None if name == "skmd.shim.after_import" else name


def walk(launch: Any) -> list[str]:
    """The skmd modules ``launch()`` enters, from the shim's enqueue to the executor."""
    seq: list[str] = []
    state = {"on": False, "done": False}

    def profile(frame: Any, event: str, arg: Any) -> None:
        if state["done"] or event != "call":
            return
        m = _module(frame)
        if m is None:
            return
        if not state["on"]:
            if (m, frame.f_code.co_name) == START:
                state["on"] = True
                seq.append(m)
            return
        back, caller = frame.f_back, None
        while back is not None and caller is None:
            caller = _module(back)
            back = back.f_back
        if caller == m or (caller or "").startswith("skmd.transform") and m.startswith(
                "skmd.transform"):
            return
        seq.append(m)
        state["done"] = m == END

    sys.setprofile(profile)
    try:
        launch()
    finally:
        sys.setprofile(None)
    return seq


def test_a_split_launch_enters_each_module_at_most_twice(monkeypatch) -> None:
    import pyopencl as cl

    from skmd.runtime import shield
    from skmd.testing import skmd_installed
    # (the walk is one thread's: the split runs on the calling thread here, not on
    # the shield's, which only moves it off the program's main thread)
    monkeypatch.setattr(shield, "run", lambda fn, *args: fn(*args))
    with skmd_installed(policy="even", devices="0,1", log=False) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = 1 << 16
        host = np.ones(n, np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                        hostbuf=host)
        k = cl.Program(ctx, SRC).build().twice
        walks = [walk(lambda: k(q, (n,), (64,), buf)) for _ in range(3)]
        out = np.empty_like(host)
        cl.enqueue_copy(q, out, buf)
        shares = [r.shares for r in rt.records]
    assert (out == 8.0).all()
    assert all(sum(1 for g in s.values() if g) == 2 for s in shares), shares
    for k, seq in enumerate(walks):
        assert seq[0] == START[0] and seq[-1] == END, (k, seq)
        most = Counter(seq).most_common(1)[0]
        assert most[1] <= 2, f"launch {k} enters {most[0]} {most[1]} times: {seq}"


def test_the_walk_counts_entries_not_calls_within_a_module() -> None:
    from skmd import modes
    seq = []

    def launch() -> None:
        seq.append(modes.mode_named("skmd"))
    assert walk(launch) == []  # nothing before the shim's enqueue is recorded
