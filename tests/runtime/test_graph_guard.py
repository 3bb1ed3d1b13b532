"""Graph mode's guard rail and launch-at-once rules, without OpenCL."""
from __future__ import annotations

from skmd.decide import graph_guard
from skmd.decide.graph_guard import AtOnce, GuardRail
from skmd.tuning import Tuning

T = Tuning()

KEY = (("run",), (("k", (64,)),))


def test_two_slow_batches_in_a_row_against_a_measured_one_hold_the_graph_back():
    g = GuardRail()
    g.inorder_s[KEY[1]] = 1.0
    g.judge(KEY, None, 2.0, T)
    assert g.held(KEY) is None, "one slow batch can be noise"
    g.judge(KEY, None, 2.0, T)
    assert g.hold[KEY] == 8
    assert all(g.held(KEY) for _ in range(8)) and g.held(KEY) is None
    g.judge(KEY, None, 2.0, T)
    assert g.hold[KEY] == 16, "each failure doubles the hold"
    g.judge(KEY, None, 1.0, T)
    assert KEY not in g.backoff, "a graph that pays starts afresh"


def test_slower_than_the_models_figure_holds_one_batch_to_measure():
    g = GuardRail()
    g.judge(KEY, 1.0, 1.04, T)
    assert g.held(KEY) is None
    g.judge(KEY, 1.0, 2.0, T)
    assert g.held(KEY).startswith("graph batch measured 2000.00 ms > 1000.00 ms")
    assert g.held(KEY) is None


def test_shapes_run_in_order_again_and_again_are_launched_at_once():
    t = Tuning(at_once_launches=2)
    a = AtOnce()
    for _ in range(t.at_once_after - 1):
        a.count({"s"}, in_order=True, counts=True, tuning=t)
    assert not a.take("s")
    a.count({"s"}, in_order=True, counts=True, tuning=t)
    assert [a.take("s") for _ in range(3)] == [True, True, False]
    a.count({"s"}, in_order=True, counts=True, tuning=t)
    assert sum(a.take("s") for _ in range(5)) == 4, "each look doubles the span"
    a.count({"s"}, in_order=False, counts=True, tuning=t)
    a.count({"s"}, in_order=True, counts=True, tuning=t)
    assert not a.take("s"), "a batch that used a helper resets the count"


def test_staging_stops_only_while_helpers_stay_idle():
    a = AtOnce()
    a.count(set(), in_order=True, counts=True, tuning=T)
    a.staged_since_helper = T.stage_idle_after
    assert a.helpers_idle(T)
    a.count(set(), in_order=False, counts=True, tuning=T)
    assert not a.helpers_idle(T) and a.staged_since_helper == 0
    assert graph_guard.helpers_are_slow(8.0, [1.0], T.slow_helper)
    assert not graph_guard.helpers_are_slow(8.0, [2.0], T.slow_helper)
    assert graph_guard.too_small(1e-3, T.graph_min_us)
    assert not graph_guard.too_small(3e-3, T.graph_min_us)


def test_a_shape_keeps_one_count_of_launches_at_once():
    """The count a launch's kept look-up holds is the one later batches set again, and
    taking from it uses the shape's span as taking by shape does."""
    t = Tuning(at_once_after=1, at_once_launches=2)
    a = AtOnce()
    span = a.span_of("s")
    assert a.span_of("s") is span and not span.take() and not a.take("t")
    a.count({"s"}, in_order=True, counts=True, tuning=t)
    assert span.left == 2 and span.take() and a.take("s") and not span.take()
    a.count({"s"}, in_order=True, counts=True, tuning=t)
    assert a.span_of("s") is span and span.left == 4
