"""Fine-grain splitting (§5.4.3-5.4.4) on situations with known answers."""
import pytest

from benchmarks_platform import two_device_platform
from skmd.mkmd_graph import (Command, Platform, build_graph, check_schedule,
                             coarse_schedule, fine_schedule, schedule)
from skmd.mkmd_graph.examples import bicgstab, commutator, thesis_platform


def one_kernel(splittable=True, total=1000, reads=(0,), writes=(1,), contiguous=True):
    return [Command(0, "kernel", "k", frozenset(reads), frozenset(writes), total,
                    splittable, overwrites=frozenset(writes) - frozenset(reads),
                    contiguous=contiguous)]


def twins(launch=0.0, bps=1e15, **kw):
    return Platform(devices=("a", "b"),
                    exec_time=lambda v, d, g: launch + 1.0 * g / 1000,
                    h2d_bps={"a": bps, "b": bps}, d2h_bps={"a": bps, "b": bps}, **kw)


def test_splits_evenly_over_twin_devices():
    cmds, p = one_kernel(), twins()
    coarse = schedule(cmds, {0: 1000, 1: 1000}, p, "coarse")
    fine = schedule(cmds, {0: 1000, 1: 1000}, p, "mkmd")
    assert coarse.makespan == pytest.approx(1.0)
    assert fine.makespan == pytest.approx(0.5, rel=0.03)
    runs = sorted((s.device, s.groups) for s in fine.slots if s.kind == "run")
    assert {d for d, _ in runs} == {"a", "b"}
    assert sum(b - a for _, (a, b) in runs) == 1000
    assert check_schedule(build_graph(cmds, {0: 1000, 1: 1000}), p, fine) == []


def test_unsplittable_and_costly_moves_stay_whole():
    sizes = {0: 1000, 1: 1000}
    fine = schedule(one_kernel(splittable=False), sizes, twins(), "mkmd")
    assert len(fine.slots) == 1
    # moving the input takes longer than the whole kernel: no helper pays off
    slow = twins(bps=100.0)
    fine = schedule(one_kernel(), sizes, slow, "mkmd", initial={0: "a"})
    assert [s.device for s in fine.slots] == ["a"]


def test_partial_results_return_and_merge():
    sizes = {0: 10 ** 6, 1: 10 ** 6}
    cmds = one_kernel(contiguous=False)
    p = twins(bps=1e10)
    fine = schedule(cmds, sizes, p, "mkmd", merge_bps=1e10)
    helper = [s for s in fine.slots if s.kind == "run" and s.device != fine.device_of[0]]
    assert helper, "expected a split"
    merges = [s for s in fine.slots if s.kind == "merge"]
    back = [t for t in fine.transfers if t.node == 0]
    assert len(merges) == len(helper) and back
    assert all(t.bytes == sizes[1] for t in back)         # discontiguous: whole buffer
    assert all(m.start >= max(t.end for t in back) - 1e-12 for m in merges)
    assert fine.final_location[1] == fine.device_of[0]


def test_in_place_kernel_never_reads_a_copy_being_overwritten():
    sizes = {0: 1000}
    cmds = one_kernel(reads=(0,), writes=(0,))
    p = twins()
    only_on_a = schedule(cmds, sizes, p, "mkmd", initial={0: "a"})
    assert len([s for s in only_on_a.slots if s.kind == "run"]) == 1
    on_host = schedule(cmds, sizes, p, "mkmd", initial={0: "host"})
    assert len([s for s in on_host.slots if s.kind == "run"]) == 2
    assert all(t.src == "host" for t in on_host.transfers if t.node is None)


def test_resent_copy_waits_for_readers_of_the_old_copy():
    # 1 splits and reads buffer 1 on both devices; 2 updates buffer 1 in
    # place, so its helper must fetch a fresh copy from the host, which may
    # not land on d1 while 1's share there still reads the copy it replaces
    cmds = [Command(0, "write", "w", frozenset(), frozenset({1})),
            Command(1, "kernel", "k1", frozenset({1}), frozenset(), 2, True,
                    contiguous=False),
            Command(2, "kernel", "k2", frozenset({1}), frozenset({0, 1}), 2, True,
                    contiguous=False),
            Command(3, "kernel", "k3", frozenset(), frozenset(), 1, barrier=True,
                    contiguous=False)]
    sizes = {0: 0, 1: 1}
    p = Platform(devices=("d0", "d1"),
                 exec_time=lambda v, d, g: 0.0625 * g / (1 if v in (0, 3) else 2),
                 h2d_bps={"d0": 1e8, "d1": 1e8}, d2h_bps={"d0": 1e8, "d1": 1e8},
                 duplex=False)
    g = build_graph(cmds, sizes, {0: frozenset(), 1: frozenset()})
    coarse = coarse_schedule(g, p)
    assert check_schedule(g, p, coarse) == []
    fine = fine_schedule(g, p, coarse, step=0.01, merge_bps=1e9)
    assert check_schedule(g, p, fine) == []
    helpers = {s.node for s in fine.slots if s.kind == "run" and s.device == "d1"}
    assert helpers == {1, 2}                  # both kernels still split
    assert fine.makespan < coarse.makespan


@pytest.mark.parametrize("make", [commutator, bicgstab])
def test_thesis_shaped_graphs(make):
    wl = make(4096)
    p = thesis_platform(wl)
    g = build_graph(wl.commands, wl.buffer_bytes)
    plans = {m: schedule(wl.commands, wl.buffer_bytes, p, m)
             for m in ("inorder", "coarse", "mkmd")}
    for plan in plans.values():
        assert check_schedule(g, p, plan) == []
    assert plans["mkmd"].makespan <= plans["coarse"].makespan <= plans["inorder"].makespan
    if make is commutator:     # compute bound: every device gets busy
        assert plans["mkmd"].makespan < 0.95 * plans["coarse"].makespan
        assert plans["mkmd"].busy_ratio(p.devices) > 0.85


def test_link_sharing_serialises_transfers():
    sizes = {i: 10 ** 8 for i in range(4)}
    cmds = [Command(i, "kernel", "k", frozenset({i}), frozenset({i + 2}), 10,
                    overwrites=frozenset({i + 2})) for i in range(2)]
    own = twins(bps=1e9)
    shared = twins(bps=1e9, links={"a": "bus", "b": "bus"})
    s_own = schedule(cmds, sizes, own, "coarse", initial={0: "host", 1: "host"})
    s_shared = schedule(cmds, sizes, shared, "coarse", initial={0: "host", 1: "host"})
    assert s_own.makespan == pytest.approx(0.1 + 0.01)      # both inputs move at once
    assert s_shared.makespan > s_own.makespan
    g = build_graph(cmds, sizes, {0: "host", 1: "host"})
    assert check_schedule(g, shared, s_shared) == []


def test_data_moves_only_when_needed():
    # a chain on one device: each input crosses the link once, outputs stay
    sizes = {i: 10 ** 6 for i in range(6)}
    cmds = [Command(0, "write", "up", writes=frozenset({0}), overwrites=frozenset({0}))]
    cmds += [Command(i, "kernel", "k", frozenset({i - 1, 0}), frozenset({i}), 4,
                     overwrites=frozenset({i})) for i in range(1, 6)]
    p = Platform(devices=("gpu",), exec_time=lambda v, d, g: 0.01,
                 h2d_bps={"gpu": 1e9}, d2h_bps={"gpu": 1e9})
    plan = schedule(cmds, sizes, p, "coarse", initial={})
    assert [(t.buffer, t.src, t.dst) for t in plan.transfers] == [(0, "host", "gpu")]
    assert plan.final_location[5] == "gpu"


def test_mkmd_never_promises_less_than_inorder():
    wl = bicgstab()
    p = two_device_platform(wl)
    base = schedule(wl.commands, wl.buffer_bytes, p, "inorder")
    coarse = schedule(wl.commands, wl.buffer_bytes, p, "coarse")
    plan = schedule(wl.commands, wl.buffer_bytes, p, "mkmd")
    assert coarse.makespan > base.makespan         # the greedy trap this guards
    assert plan.makespan <= base.makespan
    assert check_schedule(build_graph(wl.commands, wl.buffer_bytes), p, plan) == []


def test_a_split_must_gain_at_least_min_gain():
    """Splitting a 1 s kernel over twins brings it forward by 0.5 s: kept when that is
    enough, run whole when more is asked (a short kernel's split risks more than it saves)."""
    cmds, sizes, p = one_kernel(), {0: 1000, 1: 1000}, twins()
    ok = schedule(cmds, sizes, p, "mkmd", min_gain=0.4)
    assert ok.makespan == pytest.approx(0.5, rel=0.03)
    assert len({s.device for s in ok.slots if s.kind == "run"}) == 2
    whole = schedule(cmds, sizes, p, "mkmd", min_gain=0.6)
    assert [(s.device, s.kind) for s in whole.slots] == [(whole.device_of[0], "run")]
    assert whole.makespan == pytest.approx(1.0)
    # a kernel shorter than the minimum gain is not even tried
    short = schedule(cmds, sizes, twins(), "mkmd", min_gain=1.0)
    assert len(short.slots) == 1


def test_a_spread_plan_must_beat_inorder_by_min_rel_gain():
    """Two independent 1 s kernels on a device and a helper 1/0.9 as fast: running
    one on the helper promises to end in 1.11 s against 2 s in order, kept at any
    margin; with a helper so slow that it promises only 3 % (1.94 s), a 5 % margin
    keeps program order on the fastest device, for coarse and mkmd plans alike."""
    cmds = [Command(i, "kernel", f"k{i}", frozenset({2 * i}), frozenset({2 * i + 1}), 1000,
                    False, overwrites=frozenset({2 * i + 1})) for i in range(2)]
    sizes = {b: 1000 for b in range(4)}

    def platform(helper_s):
        return Platform(devices=("a", "b"),
                        exec_time=lambda v, d, g: (1.0 if d == "a" else helper_s) * g / 1000,
                        h2d_bps={"a": 1e15, "b": 1e15}, d2h_bps={"a": 1e15, "b": 1e15})
    for mode in ("coarse", "mkmd"):
        fast = schedule(cmds, sizes, platform(1.1), mode, min_rel_gain=0.05)
        assert {s.device for s in fast.slots} == {"a", "b"} and fast.makespan < 1.2
        slow = platform(1.94)
        spread = schedule(cmds, sizes, slow, mode)
        assert {s.device for s in spread.slots} == {"a", "b"}
        assert spread.makespan == pytest.approx(1.94)
        kept = schedule(cmds, sizes, slow, mode, min_rel_gain=0.05)
        assert {s.device for s in kept.slots} == {"a"} and kept.makespan == pytest.approx(2.0)
        assert kept.mode == mode
        assert check_schedule(build_graph(cmds, sizes), slow, kept) == []
