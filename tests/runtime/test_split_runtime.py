"""The runtime end to end on PoCL split devices: results bit-identical to a bare run."""
import numpy as np
import pytest

from skmd.runtime import faults
from skmd.runtime import merge_diff as mergemod
from skmd.testing import compare_with_and_without, run_with_skmd

from programs import SRC, commutator, iterate
from skmd.testing import tuned
from skmd.tuning import Tuning

#: how a launch that skipped the graph says so
AT_ONCE_REASON = "its graph batches ran whole on the home device in program order: launched at once"


def _split(records):
    return [r for r in records if sum(1 for v in r.shares.values() if v) >= 2]


@pytest.mark.parametrize("policy", ["even", "hill", "linear"])
def test_iterative_program_is_bit_identical(policy):
    bad, records = compare_with_and_without(iterate, policy=policy)
    assert not bad, bad
    if policy == "even":
        assert len(_split(records)) == len(records) == 6


@pytest.mark.parametrize("unified,aliases", [(True, True), (True, False), (False, True)])
def test_read_only_inputs_are_sent_once(monkeypatch, unified, aliases):
    """Read once from home; a host-unified helper whose driver really shares the host
    memory then reads the host copy in place (zero copy), any other helper keeps its
    device copy while the input is unchanged."""
    from skmd.runtime import core, devices
    real = core.discover
    if not aliases:  # a driver that copies USE_HOST_PTR memory when the buffer is made
        monkeypatch.setattr(devices, "_aliases_host", lambda dev: False)

    def as_unified():
        out, left = real()
        for d in out:
            d.host_unified = unified
        return out, left
    monkeypatch.setattr(core, "discover", as_unified)
    bad, records = compare_with_and_without(iterate, policy="even")
    assert not bad, bad
    scales = [r for r in records if r.kernel == "scale"]
    home = next(iter(scales[0].shares))

    def moved(recs, prefix):
        return sum(v for r in recs for k, v in r.bytes_moved.items() if k.startswith(prefix))
    assert moved(scales[:1], f"{home}->host") > 0, "the first launch reads the input home"
    assert moved(scales[1:], f"{home}->host") == 0, "the host copy must stay valid"
    if unified and aliases:
        assert moved(scales, "host->") == 0, "host-unified helpers read the host copy"
    else:
        assert moved(scales[:1], "host->") > 0
        assert moved(scales[1:], "host->") == 0, "mirrors of an unchanged input stay valid"


@pytest.mark.parametrize("mode", ["inorder", "coarse", "mkmd"])
def test_graph_modes_are_bit_identical(mode):
    bad, records = compare_with_and_without(commutator, mode=mode, policy="even")
    assert not bad, bad
    assert {r.kernel for r in records} >= {"matmul", "axpy"}


def test_fault_injection_never_gives_a_wrong_result(capsys):
    specs = ["cpu1:launch", "cpu2:build", "cpu1:alloc:0.5,cpu2:launch:0.5", "cpu2:slow:3"]
    fired = wrong = fallbacks = 0
    for spec in specs:
        faults.reset_counts()
        bad, records = compare_with_and_without(iterate, policy="even", faults=spec)
        wrong += len(bad)
        fired += sum(faults.counts.values())
        fallbacks += sum(1 for r in records for n in r.notes if "failed" in n)
    with capsys.disabled():
        print(f"\nfault injection: {fired} faults injected, {fallbacks} fallbacks taken, "
              f"{wrong} wrong results")
    assert fired > 0 and fallbacks > 0
    assert wrong == 0


def _break_merge(monkeypatch, merge):
    """Make the merge of discontiguous outputs (diff or generated kernel) do nothing."""
    from skmd.runtime import merge_generated as merge_kernel
    if merge == "diff":
        monkeypatch.setattr(mergemod, "diff_merge", lambda *a, **k: None)
    else:
        monkeypatch.setattr(merge_kernel, "enqueue", lambda *a, **k: None)


@pytest.mark.parametrize("merge", ["diff", "kernel"])
def test_verify_catches_a_broken_merge(monkeypatch, merge):
    _break_merge(monkeypatch, merge)
    bad, records = compare_with_and_without(iterate, policy="even", verify=True, merge=merge)
    assert not bad, "verify must keep the whole run's result"
    notes = [n for r in records for n in r.notes if n.startswith("verify:")]
    assert notes and "transpose" in notes[0]
    assert {r.merge for r in records if r.kernel == "transpose"} == {merge}


@pytest.mark.parametrize("merge", ["diff", "kernel"])
def test_broken_merge_without_verify_is_wrong(monkeypatch, merge):
    # the check above is meaningful: the same broken merge does corrupt results
    _break_merge(monkeypatch, merge)
    bad, _ = compare_with_and_without(iterate, policy="even", merge=merge)
    assert bad


def test_graph_plan_with_several_slots_of_one_kernel_on_one_device(monkeypatch):
    """A fine plan may give one device two separate slices of a kernel."""
    import dataclasses

    from skmd import mkmd_graph
    from skmd.runtime import graph_mode

    real = mkmd_graph.schedule

    def interleaved(commands, sizes, platform, mode="mkmd", **kw):
        sched = real(commands, sizes, platform, mode, **kw)
        a, b = platform.devices[0], platform.devices[1]
        slots = []
        for s in sched.slots:
            lo, hi = s.groups
            if s.kind == "run" and hi - lo >= 4:
                q1, q2 = lo + (hi - lo) // 4, lo + (hi - lo) // 2
                slots += [dataclasses.replace(s, device=a, groups=(lo, q1)),
                          dataclasses.replace(s, device=b, groups=(q1, q2)),
                          dataclasses.replace(s, device=a, groups=(q2, hi))]
            else:
                slots.append(s)
        return dataclasses.replace(sched, slots=slots)

    monkeypatch.setattr(graph_mode.mkmd_graph, "schedule", interleaved)
    bad, records = compare_with_and_without(commutator, mode="mkmd")
    assert not bad, bad
    assert any(len([v for v in r.shares.values() if v]) >= 2 for r in records)


def test_split_slower_than_predicted_single_device_stops_splitting(monkeypatch):
    """The guard rail: a split measured slower than the model's single device runs whole."""
    from skmd import partition
    from skmd.runtime import core

    real_single = partition.single

    def optimistic_single(problem):
        plan = real_single(problem)
        plan.cost = 1e-9  # the best device alone is predicted (wrongly) to take 1 ns
        return plan

    monkeypatch.setattr(core.partition, "single", optimistic_single)
    # transpose's helper slices cost whole buffers (its columns span the output), so
    # whether one is measured at all depends on this machine's load: here every helper
    # is, on one work-group row, and no transfer bound stops it (the guard rail is what
    # is tested, not the calibration)
    from skmd.decide import calibration, transfer
    monkeypatch.setattr(calibration, "calibration_plan",
                        lambda total, t_home, bytes_, unknown, margin: (
                            {lb: 1 for lb in unknown}, {}))
    monkeypatch.setattr(transfer, "transfer_bound", lambda *a, **k: None)
    bad, records = compare_with_and_without(
        lambda cl: iterate(cl, rounds=6), policy="linear", min_split_us=0.0)
    assert not bad, bad
    # transpose is launched with the same arguments every round: one decision
    same = [r for r in records if r.kernel == "transpose"]
    stopped = [r for r in same if r.reason and "split measured" in r.reason]
    notes = [n for r in same for n in r.notes if "running whole from now on" in n]
    assert notes, "a split slower than predicted must be noted"
    assert stopped, "later launches of the same shape must run whole"


def test_whole_launches_keep_the_policy_they_ran_under():
    import pyopencl as cl

    from skmd import config
    from skmd.testing import skmd_installed
    with skmd_installed(policy="single") as rt:
        with config.override(policy="hill", mode="inorder"):
            iterate(cl, rounds=1)
        recs = rt.records  # read after the override ended
    assert recs and all(r.policy == "hill" and r.mode == "inorder" for r in recs)


class _FastInOrder(dict):
    """A batch "measured" in order at 1 ns, whatever was really measured."""

    def get(self, key, default=None):
        return 1e-9


@pytest.mark.parametrize("yardstick", ["model", "measured", "offline"])
def test_graph_slower_than_program_order_falls_back(monkeypatch, yardstick):
    """Graph mode's guard rail: a batch measured slower than in order runs in order next.

    The first run as a graph pays one-time costs and is not judged; the second is.
    Slower than a measured in-order batch twice in a row: program order for the
    next batches.  Slower than the models' figure only: one batch in order, to
    measure it."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    # the guard rail alone: no launch shape skips the graph for running in order
    tuned(monkeypatch, at_once_after=10**6)
    # the home device alone is predicted (wrongly) to run any batch in 1 ns
    monkeypatch.setattr(graph_mode.GraphBatch, "_home_estimate", lambda self, batch: 1e-9)
    bare = commutator(cl)
    # coarse mode: one phase, so that every batch after the first is judged (in mkmd
    # mode the phase tuner decides which batches count: tests/runtime/test_phase_tuner.py)
    with skmd_installed(mode="coarse", policy="even", online=yardstick != "offline") as rt:
        if yardstick == "measured":
            rt.graph.guard.inorder_s = _FastInOrder()
        outs = [commutator(cl) for _ in range(5)]
        recs = list(rt.records)
    assert all(not mismatches(bare, o) for o in outs)
    n = len(recs) // 5
    held = [[bool(r.reason and r.reason.startswith("graph batch measured"))
             for r in recs[k * n:(k + 1) * n]] for k in range(5)]
    assert not any(held[0]) and not any(held[1]), "first two runs: graphs"
    if yardstick == "measured":
        assert not any(held[2]), "one slow batch is not enough"
        assert all(held[3]) and all(held[4]), "two in a row: the later runs run in order"
    elif yardstick == "model":
        assert all(held[2]), "one run in order measures the yardstick"
        assert recs[2 * n].reason.endswith("program order for 1 batch")
        assert not any(held[3]), "then the graph is tried again"
    else:
        assert not any(held[2] + held[3] + held[4])


@pytest.mark.parametrize("link_bps", [1e3, 1e15])
def test_transfer_bound_kernels_skip_calibration(monkeypatch, link_bps):
    """Helpers behind a link too slow to ever pay are not calibrated (no split at all)."""
    from skmd.runtime import link_book
    monkeypatch.setattr(link_book.LinkBook, "link", lambda self, dev: (link_bps, link_bps))
    monkeypatch.setattr(link_book.LinkBook, "home_link", lambda self: (link_bps, link_bps))
    bad, records = compare_with_and_without(
        lambda cl: iterate(cl, rounds=4), policy="hill", min_split_us=0.0)
    assert not bad, bad
    bound = [r for r in records if r.reason and r.reason.startswith("transfer-bound")]
    if link_bps < 1e6:
        assert bound and not _split(records)
    else:
        assert not bound and _split(records), "fast links: the helpers are calibrated"


def test_pocl_cpu_devices_really_share_host_memory():
    """The zero-copy experiment on the devices the tests run on (PoCL's CPU device)."""
    from skmd.runtime.devices import _aliases_host, enumerate_all
    cpus = [d for d in enumerate_all() if d.host_unified]
    assert cpus, "the PoCL CPU device reports host-unified memory"
    assert all(_aliases_host(d) for d in cpus)


ATOMIC_SRC = r"""
__kernel void hist(__global const uint *data, __global uint *bins, uint nb)
{
    size_t i = get_global_id(0);
    atomic_inc(&bins[data[i] % nb]);
}
__kernel void weigh(__global const uint *data, __global ulong *sums)
{
    size_t i = get_global_id(0);
    atom_add(&sums[data[i] & 7], (ulong)data[i] << 20);
}
__kernel void compact(__global const uint *data, __global uint *out, __global uint *count)
{
    size_t i = get_global_id(0);
    if (data[i] & 1) { uint k = atomic_inc(count); out[k] = data[i]; }
}
"""


def atomics_program(cl):
    """Global histograms by atomics (aggregatable) and a compaction (not)."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n, nb = 1 << 14, 61
    data = (np.arange(n, dtype=np.uint64) * 2654435761 % (1 << 32)).astype(np.uint32)
    prg = cl.Program(ctx, ATOMIC_SRC).build()
    d = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    bins = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(nb, 5, np.uint32))
    sums = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(8, np.uint64))
    out = cl.Buffer(ctx, mf.READ_WRITE, data.nbytes)
    count = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(1, np.uint32))
    hist, weigh, compact = (cl.Kernel(prg, k) for k in ("hist", "weigh", "compact"))
    for _ in range(3):  # runs again on top of what is there: adds must accumulate
        hist(q, (n,), (64,), d, bins, np.uint32(nb))
        weigh(q, (n,), (64,), d, sums)
    compact(q, (n,), (64,), d, out, count)
    res = {k: np.empty(s, t) for k, s, t in (("bins", nb, np.uint32), ("sums", 8, np.uint64),
                                             ("count", 1, np.uint32))}
    cl.enqueue_copy(q, res["bins"], bins)
    cl.enqueue_copy(q, res["sums"], sums)
    cl.enqueue_copy(q, res["count"], count)
    q.finish()
    return res


@pytest.mark.parametrize("mode", ["skmd", "mkmd"])
def test_additive_global_atomics_are_split_and_summed(mode, monkeypatch):
    from skmd.runtime import graph_mode
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    bad, records = compare_with_and_without(atomics_program, policy="even", mode=mode)
    assert not bad, bad
    split = {r.kernel for r in _split(records)}
    if mode == "skmd":
        assert {"hist", "weigh"} <= split, "additive atomics, results unused: aggregated"
    comp = [r for r in records if r.kernel == "compact"]
    assert comp and all(r.reason and "atomics on global memory" in r.reason for r in comp)
    data = (np.arange(1 << 14, dtype=np.uint64) * 2654435761 % (1 << 32)).astype(np.uint32)
    out, _ = run_with_skmd(atomics_program, policy="even")
    expect = np.full(61, 5, np.uint32) + 3 * np.bincount(data % 61, minlength=61).astype(np.uint32)
    assert np.array_equal(out["bins"], expect)


def test_atomics_on_one_buffer_passed_twice_run_whole():
    def twice(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, """
        __kernel void two(__global uint *a, __global uint *b)
        { atomic_inc(&a[get_global_id(0) % 3]); atomic_add(&b[1], 2u); }""").build()
        buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                        hostbuf=np.zeros(4, np.uint32))
        k = cl.Kernel(prg, "two")
        k(q, (1024,), (32,), buf, buf)
        out = np.empty(4, np.uint32)
        cl.enqueue_copy(q, out, buf)
        return {"out": out}
    bad, records = compare_with_and_without(twice, policy="even")
    assert not bad, bad
    assert records and all(r.reason and "passed twice" in r.reason for r in records)


def test_split_overhead_ignores_first_shares_and_single_stalls():
    """The first split of a kernel on a device pays its build and buffers: not overhead.
    Later samples move the estimate, an outlier by at most a few times its value."""
    from skmd.records import LaunchRecord, Piece
    from skmd.runtime.deciding import Decider

    def rec(kernel: str, wall: float) -> LaunchRecord:
        r = LaunchRecord(run_id="r", seq=1, kernel=kernel, total_groups=8, global_size=(8,),
                         local_size=(1,), policy="hill", mode="skmd")
        r.shares = {"gpu0": 4, "gpu1": 4}
        r.pieces = [Piece("gpu0", "kernel", 0.0, 0.010, kernel),
                    Piece("gpu1", "kernel", 0.0, 0.010, kernel)]
        r.wall_s = wall
        return r

    rt = Decider(None)  # the estimate's state only, no devices needed
    rt.learn_overhead(rec("k", 0.150))  # first split: a 140 ms build is not overhead
    assert rt.split_overhead_s == 300e-6
    rt.learn_overhead(rec("k", 0.0105))  # 0.5 ms beyond the devices' 10 ms
    assert rt.split_overhead_s == pytest.approx(0.7 * 300e-6 + 0.3 * 0.5e-3)
    before = rt.split_overhead_s
    rt.learn_overhead(rec("k", 0.500))  # a 490 ms stall
    assert rt.split_overhead_s <= 0.7 * before + 0.3 * (4 * before + 1e-3) + 1e-12
    assert rt.split_overhead_s < 2e-3
    rt.learn_overhead(rec("other", 0.300))  # another kernel's first split
    assert rt.split_overhead_s < 2e-3


def test_graph_batch_notes_where_its_time_went(monkeypatch):
    """A graph batch's last record says how long scheduling, running and bringing the
    results the host sees directly home took (none here: results stay where they are
    until the program reads them), and the results are the in-order ones."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    bare = commutator(cl)
    with skmd_installed(mode="mkmd", policy="even") as rt:
        out = commutator(cl)
        recs = list(rt.records)
    assert not mismatches(bare, out)
    notes = [n for r in recs for n in r.notes if n.startswith("graph batch of")]
    assert notes and all("schedule" in n and "results home" in n for n in notes)
    assert all(n.endswith("(0.0 MiB)") for n in notes), "no USE_HOST_PTR buffer"


def test_first_launch_is_timed_on_home_and_says_so():
    """A kernel nothing is known about runs whole on home through skmd's own queue the
    first time (so it is timed), and the record says why it did not split."""
    import uuid

    import numpy as np
    import pyopencl as cl

    from skmd.testing import skmd_installed
    n = 1 << 14
    tag = uuid.uuid4().hex[:8]  # a kernel no earlier test has profiled
    src = (f"__kernel void scale_{tag}(__global const float *a, __global float *b)"
           "{ size_t i = get_global_id(0); b[i] = 3.0f * a[i]; }")
    a = np.arange(n, dtype=np.float32)
    with skmd_installed(policy="hill", min_split_us=0) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, src).build()
        mf = cl.mem_flags
        ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
        bb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
        getattr(prg, f"scale_{tag}")(q, (n,), (64,), ab, bb)
        out = np.empty_like(a)
        cl.enqueue_copy(q, out, bb)
        first = rt.records[0]
    assert np.array_equal(out, 3.0 * a)
    assert first.reason == "first launch of this kernel: whole, timed on the home device"
    assert first.measured and list(first.shares.values()) == [n // 64]


def _big_scale(cl, policies=("even", "even", "even", "linear"), n=1 << 22):
    """One 16 MiB kernel output per round, read by the program: every helper's slice
    is gathered from it, megabytes.  Each round runs under the next of ``policies``."""
    from skmd import config
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(n, dtype=np.float32) / 7
    mf = cl.mem_flags
    A = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    B = cl.Buffer(ctx, mf.READ_WRITE, a.nbytes)
    scale = cl.Program(ctx, SRC).build().scale
    b = np.empty_like(a)
    for r, policy in enumerate(policies):
        with config.override(policy=policy):
            scale(q, (n,), (64,), A, B, np.float32(r + 2))
        cl.enqueue_copy(q, b, B)
    return {"b": b}


@pytest.mark.parametrize("learn", [True, False])
def test_links_measured_in_place_replace_the_probe(learn):
    """The reads gathering the helpers' results are timed; from the second on, the
    models take the link at that speed (SKMD_LEARN_LINKS), and a split the models chose says so."""
    import pyopencl as cl

    from skmd.testing import mismatches, skmd_installed
    bare = _big_scale(cl)
    with skmd_installed(learn_links=learn, min_split_us=0.0) as rt:
        out = _big_scale(cl)
        recs = [r for r in rt.records if r.kernel == "scale"]
        helpers = rt.order[1:]
        learned = {d.label: rt.link_rates.correct(d.label, (0.0, 0.0)) for d in helpers}
        used = {d.label: rt.links.link(d) for d in helpers}
        probe = {d.label: rt.links.probed_link(d) for d in helpers}
    assert not mismatches(bare, out)
    assert len(_split(recs)) == 4, "linear splits three devices as fast as each other"
    for label in learned:
        assert learned[label][0] == 0.0, "inputs read in place: no h2d samples"
        assert learned[label][1] > 0.0, "each helper read back megabytes per launch"
        assert used[label] == ((probe[label][0], learned[label][1]) if learn
                               else probe[label])
    noted = [any(n.startswith("links in place") for n in r.notes) for r in recs]
    assert noted == [False, False, False, learn], "even splits use no model"


def test_graph_batch_scheduled_whole_on_home_runs_in_program_order(monkeypatch):
    """A schedule that keeps every kernel whole on the home device (always so with one
    device) runs the batch on the in-order queue, with no host wait between kernels:
    not through the graph executor.  Results are the in-order ones, and each launch
    and the batch note say what happened."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed

    def no_executor(self, *a):
        raise AssertionError("the graph executor ran an all-home schedule")
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_execute", no_executor)
    bare = commutator(cl)
    with skmd_installed(mode="mkmd", devices="0") as rt:
        out = commutator(cl)
        recs = list(rt.records)
    assert not mismatches(bare, out)
    assert len(recs) == 4
    assert all(r.reason == "fine schedule: every kernel whole on the home device, in "
               "program order" for r in recs), [r.reason for r in recs]
    notes = [n for r in recs for n in r.notes if n.startswith("graph batch of")]
    assert [n.split(",")[0] for n in notes] == ["graph batch of 3 kernels",
                                               "graph batch of 1 kernels"]


def test_a_recurring_graph_keeps_its_schedule_for_a_few_batches(monkeypatch):
    """Batches of one shape (kernels, sizes, dependencies, where the buffers are) run
    with the schedule of an earlier one, SCHEDULE_REUSE batches in all, and then get a
    new one from what the models learned meanwhile; results stay the in-order ones."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    monkeypatch.setattr(graph_mode.GraphBatch, "_all_home", lambda self, *a: False)
    made = []
    real = graph_mode.mkmd_graph.schedule
    monkeypatch.setattr(graph_mode.mkmd_graph, "schedule",
                        lambda *a, **k: made.append(1) or real(*a, **k))
    bare = commutator(cl)
    n = Tuning().schedule_reuse + 2
    with skmd_installed(mode="coarse", policy="even") as rt:
        outs = [commutator(cl) for _ in range(n)]
        notes = [nt for r in rt.records for nt in r.notes if nt.startswith("graph batch of 3")]
    assert all(not mismatches(bare, out) for out in outs)
    kept = ["(kept from an earlier batch)" in nt for nt in notes]
    reuse = Tuning().schedule_reuse
    assert kept == [False] + [True] * (reuse - 1) + [False] + [True] * (n - reuse - 1)
    assert len(made) == 4, "two batch shapes, each scheduled twice"


def test_kernels_of_batches_too_short_to_schedule_are_launched_at_once(monkeypatch):
    """A launch shape found in AT_ONCE_AFTER too-short batches in a row is no longer
    deferred (recording it costs more than a schedule could give back) for the next
    AT_ONCE_LAUNCHES launches; then it is deferred once to look again.  Results are
    the in-order ones, and each launch says how it ran."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed
    tuned(monkeypatch, at_once_launches=3)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)
    bare = commutator(cl)
    with skmd_installed(mode="mkmd") as rt:
        outs = [commutator(cl) for _ in range(6)]
        reasons = [r.reason for r in rt.records if r.kernel == "matmul"]
    assert all(not mismatches(bare, out) for out in outs)
    at_once = [r == AT_ONCE_REASON for r in reasons]
    # two matmuls per run, in one batch: three runs' short batches, then three
    # launches at once, then one deferred again (in a short batch: three more at once)
    assert at_once == [False] * 6 + [True] * 3 + [False] + [True] * 2, reasons


def test_a_long_loop_without_sync_points_is_scheduled_in_bounded_batches(monkeypatch):
    """A batch is scheduled once it holds MAX_BATCH kernels, before any sync point, so
    the devices do not idle while the host records a long loop; results are the
    in-order ones."""
    from skmd.runtime import graph_mode
    tuned(monkeypatch, max_batch=8)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    bad, records = compare_with_and_without(lambda cl: iterate(cl, rounds=10), mode="coarse")
    assert not bad, bad
    sizes = [int(n.split()[3]) for r in records for n in r.notes
             if n.startswith("graph batch of")]
    # 20 launches, the first batch full at 8 kernels, the second at 16, four left
    assert sizes[:2] == [8, 8] and sum(sizes) == 20 and max(sizes) <= 8, sizes


def test_each_look_that_confirms_doubles_the_span_at_once(monkeypatch):
    """A shape launched at once is deferred once after its span to look again; each
    look that finds its batch still whole on home in order doubles the span (up to
    AT_ONCE_MAX), so a loop of tiny kernels defers ever fewer of them."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed
    tuned(monkeypatch, at_once_after=1)
    tuned(monkeypatch, at_once_launches=2)
    tuned(monkeypatch, at_once_max=8)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: True)

    def observed_each_round(cl):  # a read after every launch: one batch each
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(4096, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        scale = cl.Program(ctx, SRC).build().scale
        seen = []
        for r in range(40):
            scale(q, (4096,), (64,), A if r % 2 == 0 else B, B if r % 2 == 0 else A,
                  np.float32(0.5))
            out = np.empty_like(a)
            cl.enqueue_copy(q, out, B if r % 2 == 0 else A)
            seen.append(out)
        return {"seen": np.stack(seen)}
    bare = observed_each_round(cl)
    with skmd_installed(mode="mkmd") as rt:
        out = observed_each_round(cl)
        reasons = [r.reason for r in rt.records if r.kernel == "scale"]
    assert not mismatches(bare, out)
    runs, n = [], 0
    for r in reasons:
        if r == AT_ONCE_REASON:
            n += 1
        else:
            runs.append(n)
            n = 0
    # one deferred scale, then spans of 2, 4, 8, 8, ... at once between the looks
    assert runs[:5] == [0, 2, 4, 8, 8], reasons


@pytest.mark.parametrize("batches", ["all home", "held", "graph", "all home, peer helpers"])
def test_kernels_of_batches_scheduled_whole_on_home_are_launched_at_once(monkeypatch,
                                                                           batches):
    """Batches long enough to schedule, whose schedules keep every kernel whole on the
    home device (on one GPU and a slow CPU, always), or that the guard rail holds in
    program order, count like too-short ones where the helpers are slow (or absent):
    after AT_ONCE_AFTER of them in a row their launch shapes are launched at once,
    since deferring them gains nothing there.  A schedule that uses another device
    resets the count, and with helpers as fast as home such batches do not count: the
    models may yet spread the graph.  Results are the in-order ones either way."""
    import pyopencl as cl

    from skmd.runtime import graph_mode
    from skmd.testing import mismatches, skmd_installed

    def hold(self, key, *a):  # every batch after the first is held in program order
        self.guard.hold[key] = 100
        self.guard.hold_why[key] = "held"
    tuned(monkeypatch, at_once_launches=3)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge",
                        hold if batches == "held" else lambda self, *a: None)
    if batches == "all home, peer helpers":  # three equal devices, kept on home
        monkeypatch.setattr(graph_mode.GraphBatch, "_all_home", lambda self, *a: True)
    elif batches != "all home":
        monkeypatch.setattr(graph_mode.GraphBatch, "_all_home", lambda self, *a: False)
    bare = commutator(cl)
    # one device: every schedule keeps every kernel whole on home
    devices = None if batches == "all home, peer helpers" else "0"
    with skmd_installed(mode="coarse", devices=devices) as rt:
        assert rt.graph.helpers_slow == (devices == "0")
        outs = [commutator(cl) for _ in range(6)]
        reasons = [r.reason for r in rt.records]
    assert all(not mismatches(bare, out) for out in outs)
    at_once = [r == AT_ONCE_REASON for r in reasons]
    assert len(at_once) == 6 * 4
    if batches in ("graph", "all home, peer helpers"):
        assert not any(at_once), reasons
    else:
        # the first run's two batches are deferred; once a shape was in three batches
        # run in order, its launches go at once, with a deferred one now and then
        assert at_once[:4] == [False] * 4 and sum(at_once) >= 4, reasons


@pytest.mark.parametrize("chain", [True, False])
def test_kernels_whole_on_home_follow_their_predecessors_on_its_queue(monkeypatch, chain):
    """In a graph batch that is not all on home, a kernel whole on home whose
    predecessors are also whole on home is enqueued behind them on home's in-order
    queue, without waiting for them to finish (SKMD_CHAIN_HOME); off, it waits.
    Results are the in-order ones either way."""
    import dataclasses
    import threading
    import time

    import pyopencl as cl

    from skmd.runtime import executor, graph_mode, raw
    from skmd.testing import mismatches, skmd_installed
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    monkeypatch.setattr(graph_mode.GraphBatch, "_all_home", lambda self, *a: False)
    home = {}
    real_schedule = graph_mode.mkmd_graph.schedule

    def on_home(*a, **k):
        sched = real_schedule(*a, **k)
        return dataclasses.replace(sched, slots=[
            dataclasses.replace(s, device=home["label"]) if s.kind == "run" else s
            for s in sched.slots])
    monkeypatch.setattr(graph_mode.mkmd_graph, "schedule", on_home)
    log, mine = [], threading.local()
    real_launch, real_wait = executor.SplitRun._launch_home, raw.event_wait

    def launch(self, *a):
        mine.kernel = self.entry.name
        log.append(("enqueued", self.entry.name, time.perf_counter()))
        return real_launch(self, *a)

    def slow_wait(evt):
        time.sleep(0.05)
        real_wait(evt)
        log.append(("finished", getattr(mine, "kernel", None), time.perf_counter()))
    monkeypatch.setattr(executor.SplitRun, "_launch_home", launch)
    monkeypatch.setattr(raw, "event_wait", slow_wait)
    bare = commutator(cl)
    with skmd_installed(mode="coarse", chain_home=chain) as rt:
        home["label"] = rt.home.label
        out = commutator(cl)
    assert not mismatches(bare, out)
    # the first batch: two matmuls, then the axpy that reads both
    axpy_enqueued = next(t for ev, k, t in log if ev == "enqueued" and k == "axpy")
    matmuls_finished = [t for ev, k, t in log if ev == "finished" and k == "matmul"][:2]
    assert len(matmuls_finished) == 2
    assert (axpy_enqueued < max(matmuls_finished)) == chain, log


def test_skmd_builds_do_not_repeat_the_programs_compiler_warning():
    """pyopencl warns once of compiler output at the program's build; the partition-
    ready and merge programs skmd builds from the same source must not warn again."""
    import warnings

    import pyopencl as cl
    from pyopencl import CompilerWarning

    from skmd.testing import skmd_installed

    n = 100000
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        with skmd_installed(policy="even", background=False) as rt:
            ctx = cl.create_some_context(interactive=False)
            q = cl.CommandQueue(ctx)
            prg = cl.Program(ctx, "#warning the program's own\n__kernel void twice("
                                  "__global float *o) { o[get_global_id(0)] = 2.0f; }").build()
            o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * n)
            cl.Kernel(prg, "twice")(q, (n,), None, o)
            q.finish()
            assert any(r.ranges and len(r.ranges) > 1 for r in rt.records)
    assert sum(issubclass(w.category, CompilerWarning) for w in got) == 1
