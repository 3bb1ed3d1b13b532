"""The pure decision layer (skmd.decide): no OpenCL, made-up figures."""
import math

import pytest

from skmd import decide
from skmd.decide.calibration import MAX_FRACTION, SLACK

#: 1 KiB in and out per work-group, nothing fixed
PER_GROUP = (0.0, 1024.0, 0.0, 1024.0, 0)
FAST_LINK = (1e12, 1e12)
MARGIN = 1.05


def test_helper_speed_is_the_slower_of_compute_and_bandwidth():
    home = decide.DevicePrior(flops=1e12, bytes_per_s=1e12)
    helper = decide.DevicePrior(flops=5e11, bytes_per_s=1e11)
    assert decide.helper_speed(home, helper) == pytest.approx(0.1)
    assert decide.helper_speed(None, helper) is None
    assert decide.helper_speed(home, decide.DevicePrior(0.0, 1e9)) is None


def test_equal_helper_gets_the_full_calibration_slice():
    slices = decide.calibration_slices(1024, 1e-3, PER_GROUP, {"cpu1": (1.0, FAST_LINK)})
    assert slices == {"cpu1": int(1024 * MAX_FRACTION)}


def test_a_slow_helper_slice_finishes_within_homes_share():
    total, t_home, speed = 65536, 0.09, 1e-3
    slices = decide.calibration_slices(total, t_home, PER_GROUP, {"gpu1": (speed, FAST_LINK)})
    g = slices["gpu1"]
    assert 0 < g < total * MAX_FRACTION
    p = t_home / total
    helper_s = g * (p / speed + 2048 / 1e12)
    home_s = (total - int(total * MAX_FRACTION)) * p
    assert helper_s <= SLACK * home_s
    assert (g + 1) * (p / speed) > SLACK * home_s  # the largest slice that fits


def test_no_slice_fits_behind_a_link_slower_than_home():
    slices = decide.calibration_slices(1024, 1e-3, (1e9, 0.0, 0.0, 0.0, 0),
                                       {"cpu1": (1.0, (1e9, 1e9))})
    assert slices == {"cpu1": 0}


def test_too_few_groups_calibrate_nothing():
    assert decide.calibration_slices(3, 1.0, PER_GROUP, {"a": (1.0, FAST_LINK)}) == {"a": 0}


def test_a_thousand_times_slower_helper_never_pays():
    assert decide.never_pays(0.09, 65536, PER_GROUP, FAST_LINK, 1e-3, MARGIN)
    assert not decide.never_pays(0.09, 65536, PER_GROUP, FAST_LINK, 0.5, MARGIN)


def test_calibration_plan_says_why_each_helper_is_left_out():
    slices, dropped = decide.calibration_plan(
        65536, 0.09, PER_GROUP,
        {"peer": (1.0, FAST_LINK), "slow": (1e-3, FAST_LINK), "new": (None, FAST_LINK)},
        MARGIN)
    assert set(slices) == {"peer"} and slices["peer"] > 0
    assert "never pay" in dropped["slow"]
    assert "prior" in dropped["new"]
    note = decide.slice_note(slices, {"peer": 1.0})
    assert note.startswith("calibration:") and "peer" in note


def test_best_saving_with_finite_speed_is_below_the_infinite_bound():
    inf = decide.best_saving(1.0, 100, PER_GROUP, [(2e5, 2e5)])
    one = decide.best_saving(1.0, 100, PER_GROUP, [(2e5, 2e5)], [1.0])
    assert 0 < one < inf
    # an equal helper over a free link halves the time
    assert decide.best_saving(1.0, 100, (0.0, 0.0, 0.0, 0.0, 0), [FAST_LINK], [1.0]) \
        == pytest.approx(0.5)


def test_transfer_bound_names_the_saving():
    why = decide.transfer_bound(1.0, 100, PER_GROUP, [(4e3, 4e3)], MARGIN)
    assert why is not None and why.startswith("transfer-bound")
    assert decide.transfer_bound(1.0, 100, PER_GROUP, [FAST_LINK], MARGIN) is None


def test_via_home_crosses_both_links():
    h2d, d2h = decide.via_home((2e9, 4e9), (4e9, 2e9))
    assert h2d == pytest.approx(1e9) and d2h == pytest.approx(2e9)
    assert decide.via_home((1e9, 1e9), (math.inf, math.inf)) == pytest.approx((1e9, 1e9))


def test_decide_imports_no_opencl():
    import subprocess
    import sys
    code = "import sys, skmd.decide; print('pyopencl' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_even_and_static_policies():
    from skmd.decide import policy
    assert policy.even(10, ["a", "b", "c"]).shares == {"a": 4, "b": 3, "c": 3}
    d = policy.static(100, ["a", "b"], {"a": 0.25, "b": 0.75}, home="a")
    assert d.shares == {"a": 25, "b": 75}
    assert policy.static(100, ["a", "b"], {}, home="a").reason.startswith("static policy")
    assert policy.static(100, ["a", "b"], {"a": 1.0}, home="a").shares is None


def test_a_launch_with_unmeasured_devices_times_home_first_then_calibrates():
    from skmd.decide import policy
    first = policy.unmeasured(64, "gpu0", ["gpu0", "cpu0"], undecided=1, policy="hill")
    assert first.shares == {"gpu0": 64} and not first.keep
    assert first.note == policy.FIRST_LAUNCH_TIMED
    wait = policy.unmeasured(64, "gpu0", ["cpu0"], undecided=1, policy="hill")
    assert wait.shares is None and "next one calibrates" in wait.reason
    assert policy.unmeasured(64, "gpu0", ["cpu0"], undecided=2, policy="hill") is None
    assert policy.unmeasured(64, "gpu0", ["cpu0"], 2, "single").reason == "single policy"


def test_modelled_launches_split_or_say_why_not():
    import numpy as np

    from skmd import partition
    from skmd.decide import policy

    def linear(per):
        return lambda k: np.where(np.asarray(k) > 0, per * np.asarray(k, dtype=float), 0.0)
    problem = partition.PartitionProblem(total_groups=1000, devices=(
        partition.DeviceCost("a", linear(1e-5)), partition.DeviceCost("b", linear(1e-5))),
        launch_overhead_s=0.0)
    split = policy.modelled(problem, "hill", min_split_us=0.0, home="a")
    assert split.shares and all(split.shares.values()) and split.alone[0] > 0
    short = policy.modelled(problem, "hill", min_split_us=1e6, home="a")
    assert short.shares is None and short.reason.startswith("too short to split")


def test_overhead_step_moves_towards_the_sample_and_caps_a_stall():
    # 0.5 ms beyond the busiest device's 10 ms, one extra device
    assert decide.overhead_step(300e-6, 0.0105, 0.010, 0.0, 1) == pytest.approx(
        0.7 * 300e-6 + 0.3 * 0.5e-3)
    # the merge is not overhead; two extra devices share what is left
    assert decide.overhead_step(1e-3, 0.014, 0.010, 0.002, 2) == pytest.approx(
        0.7 * 1e-3 + 0.3 * 1e-3)
    # a 490 ms stall moves the estimate at most to a few times what it was
    assert decide.overhead_step(1e-3, 0.500, 0.010, 0.0, 1) == pytest.approx(
        0.7 * 1e-3 + 0.3 * 5e-3)
    # a split faster than its busiest device (clock noise) counts as no overhead
    assert decide.overhead_step(1e-3, 0.009, 0.010, 0.0, 1) == pytest.approx(0.7e-3)


def test_gain_lost_only_beyond_the_margin_over_the_best_device_alone():
    assert decide.gain_lost(0.0104, 0.010, MARGIN) is None
    assert decide.gain_lost(0.5, None, MARGIN) is None  # no figure: nothing to judge by
    why = decide.gain_lost(0.0110, 0.010, MARGIN)
    assert why == "split measured 11.00 ms > 10.00 ms predicted for the best device alone"


def test_too_short_names_the_prediction_and_the_setting():
    from skmd.decide import policy
    assert policy.too_short(150e-6, 200.0) == (
        "too short to split (150 us predicted < SKMD_MIN_SPLIT_US=200)")
    assert policy.too_short(250e-6, 200.0) is None


def test_helpers_programs_are_worth_building_once_the_kernel_ran_payback_times_a_build():
    from skmd.decide.policy import worth_building
    from skmd.tuning import Tuning
    k = Tuning().build_payback
    assert not worth_building(0.0, 0.25, k)
    assert not worth_building(k * 0.25 - 1e-9, 0.25, k)
    assert worth_building(k * 0.25, 0.25, k)
    assert worth_building(0.0, 0.0, k)
    assert worth_building(2.0, 0.5, payback=4.0) and not worth_building(1.9, 0.5, payback=4.0)


def test_page_locked_memory_is_rented_until_the_bytes_moved_would_have_paid_for_it():
    from skmd.decide import PinRental
    r = PinRental(after_bytes=100)
    assert [r.pays(40), r.pays(40), r.pays(40)] == [False, False, False]  # 120 moved
    assert r.pays(1) and r.pays(10 ** 9)  # from now on, for good
    assert PinRental(after_bytes=0).pays(1)


def test_a_launch_shorter_than_a_splits_fixed_cost_is_too_short():
    from skmd.decide import policy
    assert policy.too_short(500e-6, 200, split_fixed_s=1.2e-3).startswith("too short")
    assert "fixed cost" in policy.too_short(500e-6, 200, split_fixed_s=1.2e-3)
    assert policy.too_short(2e-3, 200, split_fixed_s=1.2e-3) is None
    assert "SKMD_MIN_SPLIT_US" in policy.too_short(100e-6, 200, split_fixed_s=1.2e-3)


def test_a_held_back_build_is_asked_about_again_when_it_would_pay():
    from skmd.decide.policy import launches_until
    assert launches_until(1.0, 0.1, 16) == 10
    assert launches_until(1.0, 0.01, 16) == 16
    assert launches_until(-1.0, 0.1, 16) == 1
    assert launches_until(1.0, 0.0, 16) == 16


def test_a_long_kernel_waiting_for_its_bytes_asks_again_at_its_next_launch():
    """A decision made while waiting is kept for at most ``wait_reuse`` launches and
    for no more than about ``wait_reuse_s`` of home time: a 0.19 s kernel asks again
    at every launch, a microsecond one keeps the decision its 16 launches; an unknown
    launch time keeps it too."""
    from skmd.decide.policy import waiting_span
    from skmd.tuning import Tuning
    t = Tuning()
    assert waiting_span(0.19, t.wait_reuse, t.wait_reuse_s) == 1
    assert waiting_span(2e-3, t.wait_reuse, t.wait_reuse_s) == 5
    assert waiting_span(5e-6, t.wait_reuse, t.wait_reuse_s) == t.wait_reuse
    assert waiting_span(None, t.wait_reuse, t.wait_reuse_s) == t.wait_reuse


def test_a_priced_launch_of_a_long_kernel_is_decided_at_its_next_launch(monkeypatch):
    """Runtime level: while a long kernel's byte ranges are worked out its launches
    run whole, each decided afresh, so the launch after the pricing ends is decided
    with them (not 16 launches later)."""
    from types import SimpleNamespace as NS

    from skmd.runtime import planner
    from skmd.runtime.deciding import Decider
    from skmd.transform import Launch
    handed = []
    bg = NS(lazy=True, ahead=lambda fn, *a: handed.append((fn, a)))
    decider = Decider(NS(background=bg, devices=[1, 2]))
    monkeypatch.setattr(Decider, "usable", lambda self, e, l: ["a", "b"])
    monkeypatch.setattr(Decider, "_home_time", lambda self, e, l: 0.19)
    monkeypatch.setattr(planner, "launch_bytes", lambda e, l, only=None: None)
    entry = NS(decisions={})
    launch = Launch((1024,), (64,), scalars={1: 2}, buffer_sizes={0: 4096})
    from skmd import config
    d = decider.decide(entry, launch, config.get(), None)
    assert d.shares is None and "byte ranges" in d.reason and d.span == 1


def test_shapes_kept_whole_while_helpers_got_ready_are_decided_afresh():
    """Once what a decision waited for is ready, the launch shapes kept whole meanwhile
    are dropped (decided again at their next launch); kept splits, the guard rail's
    verdicts and the kernel's other notes stay, and so do kernels nothing was held for."""
    from types import SimpleNamespace

    from skmd.runtime.deciding import LOSSES_TO_STOP, Decider
    from skmd.runtime.kernels import KernelEntry

    def entry(name):
        e = KernelEntry(name=name, key=name, source=None, options="", analysis=None,
                        partition_source=None, reason=None, num_args=0)
        e.decisions.update({((64,), None): [None, None, "helpers not ready", 16, 16],
                            ((32,), None): [None, {"gpu0": 1, "cpu0": 1}, None, 16, 16],
                            ((16,), None): [None, None, "split measured slower", 16, 16],
                            ("lost", (16,), None): LOSSES_TO_STOP,
                            ("staged again",): 3, ("alone", (64,), None): (1.0, "gpu0")})
        return e
    dec = Decider(SimpleNamespace())
    held, other = entry("held"), entry("other")
    dec._held[id(held)] = held
    dec.readiness_changed()
    # the guard rail's verdict (two lost splits in a row) was measured: it stays
    assert set(held.decisions) == {((32,), None), ((16,), None), ("lost", (16,), None),
                                   ("staged again",), ("alone", (64,), None)}
    assert ((64,), None) in other.decisions and not dec._held
    dec.readiness_changed(other)  # a build of this kernel ended
    assert ((64,), None) not in other.decisions


def test_one_lost_split_is_no_verdict_two_in_a_row_are():
    """The guard rail stops a launch shape splitting after two splits in a row
    measured slower than its best device alone; a paying split in between resets it."""
    from types import SimpleNamespace

    from skmd import config
    from skmd.records import LaunchRecord
    from skmd.runtime.deciding import LOSSES_TO_STOP, Decider
    from skmd.runtime.kernels import KernelEntry

    entry = KernelEntry(name="k", key="k", source=None, options="", analysis=None,
                        partition_source=None, reason=None, num_args=0)
    key = ((64,), None)
    entry.decisions[("alone",) + key] = (0.010, "gpu0")
    s = config.Settings(policy="hill")
    dec = Decider(SimpleNamespace())

    def split(wall):
        rec = LaunchRecord(run_id="r", seq=1, kernel="k", total_groups=1, global_size=(64,),
                           local_size=None, policy="hill", wall_s=wall)
        dec.check_gain(entry, key, None, rec, s)
        return entry.decisions.get(key)
    for wall in (0.02, 0.005, 0.02):  # lost, paid, lost: never twice in a row
        assert split(wall) is None
    assert LOSSES_TO_STOP == 2 and split(0.02)[2].startswith("split measured")


def test_merging_what_a_helper_wrote_counts_against_its_fixed_cost():
    """A diff-merged output crosses the link again: with it, no slice fits and no
    split can pay, though the inputs alone would allow both."""
    link = (1e9, 1e9)
    no_merge = (0.0, 1024.0, 0.5e6, 0.0, 0)
    merged = (0.0, 1024.0, 0.5e6, 0.0, int(0.6e6))
    assert decide.best_saving(1e-3, 1024, no_merge, [link]) > 0
    assert decide.best_saving(1e-3, 1024, merged, [link]) == 0.0
    assert decide.calibration_slices(1024, 1e-2, no_merge, {"cpu1": (1.0, link)})["cpu1"] > 0
    assert decide.calibration_slices(1024, 2e-3, merged, {"cpu1": (1.0, link)}) == {"cpu1": 0}
