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


# -- pricing a launch from where its bytes are --------------------------------------
def _vector_launch():
    """A kernel reading arg 0 and writing arg 1, 400 bytes of each per group."""
    from types import SimpleNamespace as NS

    class Analysis:
        args = {0: NS(read=True, written=False, reduce_add=False),
                1: NS(read=False, written=True, reduce_add=False)}

        def byte_range(self, i, kind, launch, rows):
            return (rows[0] * 400, rows[1] * 400)

        def write_dense(self, i, launch, rows):
            return True
    entry = NS(analysis=Analysis())
    launch = NS(total_groups=100, buffer_sizes={0: 40000, 1: 40000})
    devs = [NS(label=lb, zero_copy=zc) for lb, zc in (("gpu0", False), ("gpu1", False),
                                                      ("cpu0", True))]
    return entry, launch, devs


def _problem(where):
    from skmd.runtime.planner import build_problem
    entry, launch, devs = _vector_launch()
    links = {"gpu1": (10e9, 10e9), "cpu0": (5e9, 5e9)}
    problem, unknown = build_problem(entry, launch, devs, devs[0],
                                     lambda d: (lambda k: k * 1e-6),
                                     lambda d: links[d.label], (20e9, 20e9), where=where)
    assert not unknown
    return {d.label: d for d in problem.devices}


def test_bytes_on_home_reach_helpers_through_home_and_cost_home_nothing():
    from skmd.decide.transfer import via_home
    d = _problem({})
    assert d["gpu0"].in_per_group == 0 and d["gpu0"].h2d_bps == math.inf
    assert d["gpu1"].in_per_group == 400
    assert d["gpu1"].h2d_bps == pytest.approx(via_home((10e9, 10e9), (20e9, 20e9))[0])


def test_bytes_in_host_memory_cost_home_its_link_and_helpers_their_own():
    d = _problem({0: "host"})
    assert d["gpu0"].in_per_group == 400 and d["gpu0"].h2d_bps == 20e9
    # gpu1: its own 10 GB/s link, expressed at the through-home rate it carries
    secs = d["gpu1"].in_per_group / d["gpu1"].h2d_bps
    assert secs == pytest.approx(400 / 10e9)
    assert d["cpu0"].in_per_group == 0, "a device sharing host memory reads in place"


def test_bytes_on_both_cost_home_nothing_and_helpers_their_own_link():
    d = _problem({0: "both"})
    assert d["gpu0"].in_per_group == 0
    assert d["gpu1"].in_per_group / d["gpu1"].h2d_bps == pytest.approx(400 / 10e9)


def test_results_that_stay_on_a_helper_cost_its_own_link_back():
    """Dense row-sliced outputs stay where they were made and are read from there:
    the helper's link back, not home's on top (a merge would cross both)."""
    from skmd.decide.transfer import via_home
    d = _problem({0: "host"})
    assert d["gpu1"].d2h_bps == 10e9 and d["cpu0"].d2h_bps == 5e9
    assert d["gpu1"].out_per_group == 400
    entry, launch, devs = _vector_launch()
    type(entry.analysis).write_dense = lambda self, i, launch, rows: False
    from skmd.runtime.planner import build_problem
    problem, _ = build_problem(entry, launch, devs, devs[0], lambda d: (lambda k: k * 1e-6),
                               lambda d: (10e9, 10e9), (20e9, 20e9), where={})
    gpu1 = next(c for c in problem.devices if c.label == "gpu1")
    assert gpu1.d2h_bps == pytest.approx(via_home((10e9, 10e9), (20e9, 20e9))[1])


# -- what a helper's slice covers ---------------------------------------------------
#: pyopencl's elementwise loop: every group strides over the whole of each buffer
GRID_STRIDE = """
__kernel void lin_comb(float a, __global const float *x, __global float *z, long n)
{
    long i;
    for (i = get_local_size(0) * get_group_id(0) + get_local_id(0); i < n;
         i += get_global_size(0))
        z[i] = a * x[i];
}
__kernel void scale(float a, __global const float *x, __global float *z)
{
    int i = get_global_id(0);
    z[i] = a * x[i];
}
"""


def _entry_and_launch(name, n=1 << 20, groups=64, local=128):
    from types import SimpleNamespace as NS
    from skmd.transform import Launch
    from skmd.transform import analyze_program
    an = analyze_program(GRID_STRIDE).kernels[name]
    assert an.splittable, an.reason
    scalars = {0: 0.5, 3: n} if name == "lin_comb" else {0: 0.5}
    launch = Launch((groups * local,), (local,), scalars=scalars,
                    buffer_sizes={1: 4 * n, 2: 4 * n})
    return NS(analysis=an), launch


def test_a_grid_stride_loop_costs_a_helper_whole_buffers_however_few_its_groups():
    from skmd.runtime.planner import launch_bytes, slice_bytes
    entry, launch = _entry_and_launch("lin_comb")
    size = 4 << 20
    fixed, per = slice_bytes(entry.analysis, 1, "read", launch, size)
    assert fixed > 0.95 * size and per < 0.05 * size / launch.total_groups
    in_fixed, in_pg, out_fixed, out_pg, merge = launch_bytes(entry, launch)
    # x, and z's old contents to diff against; z back; z merged
    assert in_fixed > 1.9 * size and out_fixed > 0.95 * size and merge > 0.95 * size
    # so even an infinitely fast helper behind a 10 GB/s link cannot help a 0.2 ms launch
    assert best_saving(2e-4, launch.total_groups, (in_fixed, in_pg, out_fixed, out_pg, merge),
                       [(10e9, 10e9)]) == 0.0


def test_a_row_sliced_kernel_costs_a_helper_only_its_rows():
    from skmd.runtime.planner import launch_bytes, slice_bytes
    entry, launch = _entry_and_launch("scale", n=64 * 128)
    size = 4 * 64 * 128
    fixed, per = slice_bytes(entry.analysis, 1, "read", launch, size)
    assert fixed == pytest.approx(0.0, abs=1.0) and per == pytest.approx(size / 64)
    assert launch_bytes(entry, launch) == pytest.approx((0.0, size / 64, 0.0, size / 64, 0))
