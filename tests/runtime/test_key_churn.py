"""A kernel whose scalar arguments change at every launch meets no kept decision;
once its new keys keep coming out whole, its launches run whole undecided."""
from __future__ import annotations

import numpy as np

from skmd.decide import churn
from skmd.decide.churn import KeyChurn
from skmd.testing import mismatches, run_bare, skmd_installed, tuned


def test_a_run_of_whole_verdicts_for_new_keys_stops_the_deciding():
    ch, after, every = KeyChurn(), 3, 10
    for n in (1, 2):
        ch.decided(n, True, after, every)
        assert not ch.skips(n + 1, after)
    ch.decided(3, True, after, every)
    assert ch.skips(4, after) and ch.skips(12, after) and not ch.skips(13, after)
    ch.decided(13, True, after, every)  # the one decided: still whole, quiet again
    assert ch.skips(22, after) and not ch.skips(23, after)
    ch.decided(23, False, after, every)  # a split: every new key is decided again
    assert not ch.skips(24, after)


def test_kept_decisions_count_down_and_new_keys_of_a_churning_kernel_run_whole():
    ch, decisions = KeyChurn(), {("k",): [None, None, "why", 1, 1]}
    assert churn.kept(decisions, ch, ("k",), 1, 2)[2] == "why"
    assert churn.kept(decisions, ch, ("k",), 2, 2) is None  # its reuses spent: decide
    assert churn.kept(decisions, ch, ("new",), 3, 2) is None  # not churning: decide
    for n, key in enumerate([(1, "a"), (2, "b")], start=4):
        churn.keep(decisions, ch, key, [None, None, "whole", 4, 4], True, n, 2, 10)
    assert churn.kept(decisions, ch, (3, "c"), 6, 2)[2] == churn.REASON


def test_a_churning_kernel_lets_its_oldest_keys_go_but_keeps_its_flags(monkeypatch):
    monkeypatch.setattr(churn, "KEPT_PER_KERNEL", 8)
    ch, decisions = KeyChurn(), {("flag",): True}
    for n in range(40):
        churn.keep(decisions, ch, (n, "key"), [None, None, "whole", 4, 4], True, n, 2, 10)
    assert ("flag",) in decisions and (39, "key") in decisions
    assert (0, "key") not in decisions and len(decisions) <= 8 + 1


SRC = r"""
__kernel void nudge(__global float *u, const int at, const float amp)
{
    size_t i = get_global_id(0);
    if ((int)i == at) u[i] += amp;
    else u[i] *= 0.999f;
}
"""


#: the kernel object of the latest :func:`_stepped`
LAST = {}


def _stepped(cl, steps=400):
    """A time-step loop: the source moves and grows every step."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    u = np.zeros(4096, np.float32)
    U = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=u)
    nudge = LAST["kernel"] = cl.Program(ctx, SRC).build().nudge
    for s in range(steps):
        nudge(q, (4096,), (64,), U, np.int32(s % 97), np.float32(0.5 + 0.01 * s))
        if s % 25 == 0:
            q.finish()
    cl.enqueue_copy(q, u, U)
    return {"u": u}


def test_launches_with_changing_scalars_stop_being_decided(monkeypatch):
    """After a run of new keys decided whole, most launches skip deciding, what is
    kept stays bounded, and the results are a plain run's, bit for bit."""
    from skmd.runtime import deciding
    tuned(monkeypatch, churn_after=8, churn_every=50)
    monkeypatch.setattr(churn, "KEPT_PER_KERNEL", 64)
    calls = []
    real = deciding.Decider.decide

    def counted(self, *a, **k):
        calls.append(1)
        return real(self, *a, **k)
    monkeypatch.setattr(deciding.Decider, "decide", counted)
    bare = run_bare(_stepped)
    with skmd_installed(background=False) as rt:
        import pyopencl as cl
        got = _stepped(cl)
        reasons = [r.reason for r in rt.records]
        kept = len(LAST["kernel"]._skmd_entry.decisions)
    assert not mismatches(bare, got)
    # (or not decided at all: those its finish() calls showed too short to split)
    short = [r for r in reasons if r.startswith("its launches a finish() waited for")]
    assert reasons.count(churn.REASON) + len(short) > 300, set(reasons)
    assert len(calls) < 30, len(calls)
    assert kept <= 64 + 8, kept  # (a decision adds a few before the next check)
