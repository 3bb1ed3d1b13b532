import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skmd import config
from skmd.partition import (POLICIES, DeviceCost, PartitionProblem, apportion, choose, cost,
                            even, hill_climb, linear, single, static)


def affine(per_group: float, overhead: float = 10e-6, knee: float = 0.0):
    """Time of k groups: overhead + per_group * max(k, knee) (a device under-filled
    below ``knee`` groups takes as long as at the knee)."""
    def run(k):
        k = np.asarray(k, dtype=float)
        return overhead + per_group * np.maximum(k, knee)
    return run


def cpu(per=1e-6, **kw):
    return DeviceCost("cpu", affine(per), **kw)


def gpu(label, per, *, link="pcie", in_pg=0.0, in_fixed=0, out_pg=0.0, merge=0, knee=0.0):
    return DeviceCost(label, affine(per, knee=knee), h2d_bps=10e9, d2h_bps=18e9, link=link,
                      in_fixed=in_fixed, in_per_group=in_pg, out_per_group=out_pg,
                      merge_fixed=merge)


def test_cost_model_serialises_a_shared_link():
    a = gpu("a", 1e-6, in_fixed=10_000_000)  # 1 ms to send
    b = gpu("b", 1e-6, in_fixed=10_000_000)
    p = PartitionProblem(1000, (a, b), launch_overhead_s=0.0)
    # b waits for a's transfer: 1 ms + 1 ms + its run
    run = 10e-6 + 500e-6
    assert cost(p, [500, 500]) == pytest.approx(2e-3 + run)
    b_own = DeviceCost(**{**b.__dict__, "link": "other"})
    p2 = PartitionProblem(1000, (a, b_own), launch_overhead_s=0.0)
    assert cost(p2, [500, 500]) == pytest.approx(1e-3 + run)


def test_cost_counts_merge_and_overhead_only_when_split():
    a = cpu()
    b = gpu("b", 1e-6, link="x", merge=1_000_000)
    p = PartitionProblem(100, (a, b), merge_bps=1e9, launch_overhead_s=5e-6)
    assert cost(p, [100, 0]) == pytest.approx(110e-6)
    # b holds fewer groups, so its output is merged: 1 MB at 1 GB/s
    assert cost(p, [60, 40]) == pytest.approx(70e-6 + 1e-3 + 5e-6)
    with pytest.raises(ValueError):
        cost(p, [101, -1])


def test_transfer_dominated_stays_home():
    # a memory-bound discontiguous kernel (reduction-like): the whole input
    # must cross the link before the GPU can start; the CPU holds the data
    T = 65536
    home = cpu(per=0.15e-6)
    g = gpu("gpu", 0.01e-6, in_fixed=T * 2048, out_pg=4, merge=T * 4)
    p = PartitionProblem(T, (home, g))
    plan = hill_climb(p)
    assert plan.shares == {"cpu": T, "gpu": 0}
    assert linear(p).cost > plan.cost  # linear ignores the link and loses


def test_contiguous_memory_bound_offloads_a_little():
    # vector-add-like and contiguous: the GPU only needs its slice, so it can
    # take some groups while the CPU works (thesis fig. 3.11a)
    T = 65536
    home = cpu(per=0.15e-6)
    g = gpu("gpu", 0.01e-6, in_pg=2048, out_pg=1024)
    p = PartitionProblem(T, (home, g))
    s = hill_climb(p).shares
    assert 0 < s["gpu"] < s["cpu"]


def test_compute_dominated_spreads_and_is_asymmetric():
    home = cpu(per=4e-6)
    g0 = gpu("gpu0", 0.5e-6, in_fixed=1 << 20)
    g1 = gpu("gpu1", 1e-6, in_fixed=1 << 20)
    p = PartitionProblem(65536, (home, g0, g1))
    plan = hill_climb(p)
    s = plan.shares
    assert all(v > 0 for v in s.values())
    assert s["gpu0"] > s["gpu1"] > s["cpu"]
    assert s["gpu0"] / s["gpu1"] == pytest.approx(2.0, rel=0.1)
    assert plan.cost < single(p).cost * 0.7
    assert sum(s.values()) == 65536
    assert plan.predicted["gpu0"] <= plan.cost


def test_merge_cost_blocks_a_small_gain():
    # splitting would save a little run time but the merge costs more
    home = cpu(per=1e-6, merge_fixed=40_000_000)
    g = gpu("gpu", 0.9e-6, link="own", merge=40_000_000)
    p = PartitionProblem(4096, (home, g))
    assert hill_climb(p).shares == {"cpu": 0, "gpu": 4096}
    cheap = PartitionProblem(4096, (home, g), merge_bps=1e15)
    assert min(hill_climb(cheap).shares.values()) > 1000


def test_knee_is_respected():
    # a device that needs 4096 groups to fill does not get a sliver
    home = cpu(per=1e-6)
    g = gpu("gpu", 0.1e-6, link="own", knee=60000)
    p = PartitionProblem(8192, (home, g))
    plan = hill_climb(p)
    assert plan.cost <= single(p).cost
    assert plan.shares["gpu"] in (0, 8192)


def test_baselines():
    p = PartitionProblem(10, (cpu(per=1e-6), gpu("g", 0.25e-6, link="own")))
    assert even(p).shares == {"cpu": 5, "g": 5}
    lin = linear(p).shares
    assert lin["g"] > lin["cpu"] and sum(lin.values()) == 10
    assert single(p).shares == {"cpu": 0, "g": 10}
    assert static(p, {"cpu": 0.3, "g": 0.7}).shares == {"cpu": 3, "g": 7}
    with pytest.raises(ValueError):
        static(p, {"nope": 1.0})
    assert choose(p, "static", fractions={"cpu": 1.0}).shares == {"cpu": 10, "g": 0}
    with pytest.raises(ValueError):
        choose(p, "static")  # no fractions given
    assert choose(p, "even").policy == "even"
    with pytest.raises(ValueError):
        choose(p, "magic")
    assert set(POLICIES) == set(config.POLICIES)
    assert apportion(7, [1, 1, 1]) == [3, 2, 2]
    assert apportion(5, [0, 0]) == [3, 2]


def test_edge_sizes():
    p = PartitionProblem(0, (cpu(), gpu("g", 1e-7)))
    assert hill_climb(p).shares == {"cpu": 0, "g": 0}
    p1 = PartitionProblem(1, (cpu(), gpu("g", 1e-7, link="own")))
    assert sum(hill_climb(p1).shares.values()) == 1
    solo = PartitionProblem(12345, (cpu(),))
    assert hill_climb(solo).shares == {"cpu": 12345}


# -- random problems -------------------------------------------------------------

@st.composite
def problems(draw, n_min=2, n_max=4):
    n = draw(st.integers(n_min, n_max))
    total = draw(st.one_of(st.integers(1, 300), st.integers(300, 200_000)))
    merge = draw(st.sampled_from([0, 1 << 20, 1 << 26]))  # the kernel's output, if discontiguous
    devs = []
    for i in range(n):
        per = draw(st.floats(1e-8, 1e-4))
        over = draw(st.floats(0, 1e-3))
        knee = draw(st.sampled_from([0.0, 16.0, 1000.0]))
        home = i == 0
        devs.append(DeviceCost(
            f"d{i}", affine(per, over, knee),
            h2d_bps=math.inf if home else draw(st.floats(1e8, 5e10)),
            d2h_bps=math.inf if home else draw(st.floats(1e8, 5e10)),
            link="host" if home else draw(st.sampled_from(["pcie0", "pcie1"])),
            in_fixed=0 if home else draw(st.integers(0, 1 << 26)),
            in_per_group=0.0 if home else draw(st.floats(0, 1e5)),
            out_fixed=0 if home else draw(st.integers(0, 1 << 24)),
            out_per_group=0.0 if home else draw(st.floats(0, 1e5)),
            merge_fixed=merge))
    return PartitionProblem(total, tuple(devs), merge_bps=draw(st.floats(1e9, 5e10)))


@settings(max_examples=60, deadline=None)
@given(problems())
def test_hill_never_worse_than_single_and_shares_valid(p):
    for refine in (True, False):
        plan = hill_climb(p, refine=refine)
        shares = list(plan.shares.values())
        assert list(plan.shares) == [d.label for d in p.devices]
        assert sum(shares) == p.total_groups and min(shares) >= 0
        assert plan.cost == pytest.approx(cost(p, shares), rel=1e-9)
        assert plan.cost <= single(p).cost * (1 + 1e-12)
    for fn in (linear, even):
        s = list(fn(p).shares.values())
        assert sum(s) == p.total_groups and min(s) >= 0


@settings(max_examples=40, deadline=None)
@given(problems(n_min=2, n_max=2))
def test_hill_close_to_brute_force_for_two_devices(p):
    T = p.total_groups
    ks = np.unique(np.linspace(0, T, min(T + 1, 4001)).round().astype(int))
    best = min(cost(p, [T - k, k]) for k in ks)
    plan = hill_climb(p)
    # brute force on a grid of the same resolution; allow one granularity step
    assert plan.cost <= best * 1.05 + 1e-9


def test_the_runtime_splits_even_and_static_as_the_partitioner_does():
    """``SKMD_POLICY=even``/``static`` before any model exists (skmd.decide.policy) give
    the partitioner's own shares."""
    from skmd.decide import policy
    from skmd.partition import even_counts
    for total, labels in ((10, ["a", "b", "c"]), (7, ["a", "b"]), (1, ["a", "b", "c"])):
        assert list(policy.even(total, labels).shares.values()) == even_counts(total, len(labels))
    p = PartitionProblem(11, (cpu(per=1e-6), gpu("g", 0.25e-6, link="own")))
    assert even(p).shares == policy.even(11, list(p.labels)).shares
    fr = {"cpu": 0.3, "g": 0.7}
    assert static(p, fr).shares == policy.static(11, list(p.labels), fr, "none").shares
