"""The planner's plain-data helpers: no OpenCL device needed."""
import math

import pytest

from skmd.runtime.planner import best_saving

# (in_fixed, in_per_group, out_fixed, out_per_group, merge_fixed) bytes
PER_GROUP = (0.0, 1000.0, 0.0, 1000.0, 0)


def test_a_helper_as_quick_to_feed_as_home_is_to_run_halves_the_time():
    # home: 1 s for 100 groups (10 ms each); a helper's 2000 bytes per group at
    # 200 kB/s each way take 10 ms as well
    assert best_saving(1.0, 100, PER_GROUP, [(2e5, 2e5)]) == pytest.approx(0.5)


def test_transfer_bound_kernel_saves_little_however_fast_the_helper():
    # transfers 50x the home device's time per group: at most 1/51 saved
    s = best_saving(1.0, 100, PER_GROUP, [(4e3, 4e3)])
    assert s == pytest.approx(1 - 50 / 51)
    assert s < 0.05


def test_more_helpers_save_more():
    one = best_saving(1.0, 100, PER_GROUP, [(2e5, 2e5)])
    two = best_saving(1.0, 100, PER_GROUP, [(2e5, 2e5), (2e5, 2e5)])
    assert two == pytest.approx(2 / 3) and two > one


def test_fixed_bytes_slower_than_home_rule_a_helper_out():
    fixed = (1e9, 1000.0, 0.0, 1000.0, 0)  # a whole 1 GB input at 1 GB/s: 1 s >= home
    assert best_saving(1.0, 100, fixed, [(1e9, 1e9)]) == 0.0


def test_nothing_to_move_leaves_the_bound_open():
    assert best_saving(1.0, 100, (0.0, 0.0, 0.0, 0.0, 0), [(1.0, 1.0)]) == 1.0
    assert best_saving(0.0, 100, PER_GROUP, [(1.0, 1.0)]) == 0.0
    assert math.isclose(best_saving(1.0, 100, PER_GROUP, []), 0.0, abs_tol=1e-12)


def test_link_rate_is_bytes_over_seconds_of_the_large_transfers():
    from skmd.runtime.planner import LinkRate
    r = LinkRate(window=3)
    r.observe(4 << 20, 1.0)
    assert r.bps_ is None, "one transfer is not enough"
    r.observe(1000, 1e-9)  # too small to tell a link's speed: ignored
    r.observe(12 << 20, 1.0)
    assert r.bps_ == pytest.approx((16 << 20) / 2.0), "large transfers weigh by their size"
    for _ in range(3):
        r.observe(8 << 20, 4.0)
    assert r.bps_ == pytest.approx((8 << 20) / 4.0), "only the last `window` count"
    r.observe(8 << 20, math.nan)
    r.observe(8 << 20, 0.0)
    assert len(r.samples_) == 3


def test_link_estimates_correct_only_the_measured_direction():
    from skmd.runtime.planner import LinkEstimates
    est = LinkEstimates()
    probe = (8e9, 9e9)
    assert est.correct("cpu0", probe) == probe
    for _ in range(2):
        est.observe("cpu0", "d2h", 2 << 20, (2 << 20) / 1.5e9)
    h2d, d2h = est.correct("cpu0", probe)
    assert h2d == 8e9 and d2h == pytest.approx(1.5e9)
    assert est.correct("gpu1", probe) == probe, "per device"
