"""Launches waited for at once bound their kernels' time before any analysis."""
import time
from types import SimpleNamespace as NS

import numpy as np
import pytest

from skmd.runtime import waited
from skmd.testing import skmd_installed, tuned


def _stand():
    return NS(waits_s=[], items_s=[], unwaited=False, reason="awaits its analysis",
              analyse_from=1.0, launches=1)


def test_a_finish_right_after_a_launch_bounds_its_kernel():
    q, a = NS(int_ptr=11), _stand()
    waited.note_launch(q, a)
    time.sleep(0.01)
    waited.note_finish(q)
    assert len(a.waits_s) == 1 and 0.01 <= a.waits_s[0] < 1.0 and not a.unwaited
    waited.note_finish(q)  # nothing launched since: nothing to bound
    assert len(a.waits_s) == 1
    assert waited.verdict(a, 1.0) == waited.SHORT
    assert waited.verdict(a, 0.005) != waited.SHORT
    assert waited.verdict(a, 0.0) != waited.SHORT, "no limit: nothing is put off"


def test_a_finish_bounds_every_launch_since_the_last_one():
    """An expression of pyopencl arrays launches several kernels, then finishes:
    each kernel ran no longer than from its own launch to the finish."""
    q, a, b = NS(int_ptr=12), _stand(), _stand()
    waited.note_launch(q, a)
    time.sleep(0.01)
    waited.note_launch(q, b)
    waited.note_finish(q)
    assert a.waits_s[0] >= 0.01 > b.waits_s[0] > 0 and not a.unwaited
    assert waited.verdict(a, 10.0) == waited.SHORT
    assert waited.verdict(a, 0.005) != waited.SHORT
    assert waited.verdict(b, 0.005) == waited.SHORT
    assert waited.verdict(_stand(), 10.0) != waited.SHORT, "never waited for: analysed"


def test_a_launch_no_finish_follows_soon_leaves_its_kernel_unbounded():
    q, a, b = NS(int_ptr=15), _stand(), _stand()
    waited.note_launch(q, a)
    for _ in range(waited.MAX_PENDING):
        waited.note_launch(q, b)
    waited.note_finish(q)
    assert a.unwaited and a.waits_s == [] and waited.verdict(a, 10.0) != waited.SHORT
    assert not b.unwaited and waited.verdict(b, 10.0) == waited.SHORT


def test_a_hiccup_of_the_host_does_not_make_a_short_kernel_long():
    """A wait lengthened by something else (another process, a garbage collection)
    is one of many: the kernel stays short while few of its waits are long."""
    a = _stand()
    a.waits_s = [0.0001] * 15 + [0.5]
    assert waited.verdict(a, 0.001) == waited.SHORT
    a.waits_s = [0.0001] * 8 + [0.5] * 8  # half its launches long: analysed
    assert waited.verdict(a, 0.001) != waited.SHORT


def test_one_long_bound_is_not_enough_to_call_a_kernel_long():
    """A program's first finish() also waits for the builds its first launches start:
    one long bound leaves the verdict open, a second decides it."""
    a = _stand()
    a.waits_s = [0.05]
    assert waited.verdict(a, 0.001) == waited.UNSURE
    a.waits_s = [0.05, 0.0001]
    assert waited.verdict(a, 0.001) == waited.SHORT
    a.waits_s = [0.05, 0.04]
    assert waited.verdict(a, 0.001) == waited.LONG
    assert waited.verdict(_stand(), 0.001) == waited.LONG, "never bounded: analysed"


def test_other_queues_do_not_bound_a_launch():
    a = _stand()
    waited.note_launch(NS(int_ptr=13), a)
    waited.note_finish(NS(int_ptr=14))
    assert a.waits_s == []


SRC = "__kernel void tick(__global float *u) { int i = get_global_id(0); u[i] += 1.0f; }"


@pytest.mark.parametrize("wait", ["finish", "blocking read"])
def test_a_loop_of_short_waited_launches_is_not_analysed(monkeypatch, wait):
    """Past ``analyse_after_s``, a kernel whose every launch was waited for (by a
    ``finish()``, or by a blocking read of the in-order queue, as ``.get()`` waits)
    and ended within a split's fixed cost is not analysed; results are as plain."""
    import uuid

    import pyopencl as cl
    from skmd.runtime import background
    src = SRC + f"// {uuid.uuid4()}\n"  # no earlier run left its analysis on disk
    tuned(monkeypatch, analyse_after_s=0.05, split_fixed_factor=1000.0)  # limit 0.3 s
    analysed = []
    real = background.Background._analyse
    monkeypatch.setattr(background.Background, "_analyse",
                        lambda self, k: (analysed.append(k.function_name), real(self, k)))
    with skmd_installed(policy="hill", background=True, remember=False) as rt:
        if len(rt.devices) < 2:
            pytest.skip("needs two devices")
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        u = np.zeros(1024, np.float32)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=u)
        k = cl.Kernel(cl.Program(ctx, src).build(), "tick")
        n, t_end = 0, time.perf_counter() + 0.4
        first = np.zeros(1, np.float32)
        while time.perf_counter() < t_end:
            k(q, u.shape, None, buf)
            if wait == "finish":
                q.finish()
            else:
                cl.enqueue_copy(q, first, buf)  # blocking: the kernel before it has ended
            n += 1
        rt.background.settle(60)
        reasons = [r.reason or "" for r in rt.records]
        cl.enqueue_copy(q, u, buf)
    assert analysed == [], analysed
    assert any("too short to split: not analysed" in r for r in reasons), set(reasons)
    np.testing.assert_array_equal(u, np.full(1024, n, np.float32))


def test_a_read_of_an_out_of_order_queue_bounds_nothing():
    a = _stand()
    q = NS(int_ptr=16, properties=1)  # out of order: earlier commands may still run
    waited.note_launch(q, a)
    waited.note_blocking(q)
    assert a.waits_s == []
    waited.note_blocking(NS(int_ptr=16, properties=0))  # in order: as a finish()
    assert len(a.waits_s) == 1


def test_after_its_first_launches_a_kernel_is_bounded_at_every_phase_of_a_loop():
    """Every launch at first; then about one in 8, spread so that a loop whose long
    launch comes every k-th, for any k, is still bounded there."""
    n0 = waited.ALL_FIRST
    assert all(waited.sampled(n) for n in range(1, n0 + 1))
    later = [n for n in range(n0 + 1, n0 + 1 + 4096) if waited.sampled(n)]
    assert 4096 / 12 < len(later) < 4096 / 6  # about one in 8
    for period in (2, 3, 7, 8, 13, 16, 32, 64):
        assert {n % period for n in later} == set(range(period)), period


def _analysed(waits, items, launches=100):
    return NS(waits_s=list(waits), items_s=list(items), unwaited=False, short_next=0,
              short_items=-1, short_reason="", launches=launches)


def _ask(entry, gsize, policy="hill", limit=0.001, graph=False, profiling=False):
    rt = NS(settings=NS(policy=policy), decider=NS(split_fixed_s=lambda _s: limit),
            profiler=object() if profiling else None)
    return waited.short_for(entry, gsize, rt, NS(defers_to_graph=graph))


def test_an_analysed_kernel_whose_bounded_launches_were_short_runs_whole_at_once():
    """No larger than the largest short launch bounded: whole, without a decision;
    a larger one, too few bounds, a policy that splits short launches too, graph
    mode, profiling, or a long bound beyond the outliers: the decision's path."""
    e = _analysed([0.0002] * 10, [4096] * 9 + [8192])
    assert "too short to split" in _ask(e, (8192,))
    assert _ask(e, (64, 64)) is not None  # 4096 work-items in two dimensions
    assert _ask(e, (8193,)) is None
    assert _ask(_analysed([0.0002] * 7, [64] * 7), (64,)) is None
    for kw in ({"policy": "even"}, {"graph": True}, {"profiling": True}):
        assert _ask(_analysed([0.0002] * 10, [64] * 10), (64,), **kw) is None, kw
    assert _ask(_analysed([0.0002] * 6 + [0.5] * 4, [64] * 10), (64,)) is None


def test_a_verdict_holds_for_a_number_of_launches_and_is_asked_again():
    e = _analysed([0.0002] * 10, [64] * 10, launches=100)
    assert _ask(e, (64,)) is not None
    e.waits_s[:] = [0.5] * 10  # its launches grew long
    e.launches += waited.ASK_EVERY - 1
    assert _ask(e, (64,)) is not None  # the verdict still holds
    e.launches += 1
    assert _ask(e, (64,)) is None  # asked again


def test_a_split_starts_its_kernels_verdict_afresh():
    """A split's bound is shorter than the kernel's whole run: after one, the bounds
    before it are dropped and the verdict waits for new ones."""
    import pyopencl as cl
    with skmd_installed(policy="even", background=False):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * 4096)
        k = cl.Program(ctx, "__kernel void z(__global int *a)"
                            "{ a[get_global_id(0)] = 1; }").build().z
        for _ in range(3):
            k(q, (4096,), (64,), buf)
            q.finish()
        e = k._skmd_entry
        e.waits_s[:], e.items_s[:], e.short_items = [0.0002] * 9, [64] * 9, 64
        k(q, (4096,), (64,), buf)  # split (policy even)
        assert e.short_items == -1 and e.waits_s == []
        assert e.short_next == e.launches + waited.ASK_EVERY
        q.finish()
