"""Uploads wait in host memory until a split launch reads them; each device then gets
only its share's ranges, a device sharing host memory reads in place, and the
program sees exactly what a bare run gives, whichever order it writes, launches
and reads in."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skmd.decide import Decision
from skmd.runtime import buffers as bufmod
from skmd.testing import (compare_with_and_without, mismatches, run_bare,
                           skmd_installed, tuned)

SRC = r"""
__kernel void triple(__global const int *a, __global int *b, const int s)
{
    size_t i = get_global_id(0);
    b[i] = a[i] * 3 + s;
}
__kernel void rev(__global const int *a, __global int *b, const int s)
{
    size_t i = get_global_id(0), n = get_global_size(0);
    b[i] = a[n - 1 - i] - s;
}
__kernel void bump(__global int *a, const int s)
{
    size_t i = get_global_id(0);
    a[i] = a[i] + s;
}
"""

N = 4096
LOCAL = 64
GROUPS = N // LOCAL


@pytest.fixture
def small_uploads_staged(monkeypatch):
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0)  # the test's buffers are small


def split_as(monkeypatch, shares_of):
    """Every launch split as ``shares_of(labels)`` says (work-groups per device)."""
    from skmd.runtime import deciding

    def decide(self, entry, launch, s, ctx, where=None):
        labels = [d.label for d in self.rt.order]
        return Decision(shares_of(labels), keep=False)
    monkeypatch.setattr(deciding.Decider, "decide", decide)


def halves(labels):
    return {labels[0]: GROUPS // 2, labels[1]: GROUPS - GROUPS // 2}


#: the input buffer of the latest :func:`upload_launch_read`
INPUT = {}


def upload_launch_read(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.int32) * 7
    A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    INPUT["ptr"] = A.int_ptr
    cl.enqueue_copy(q, A, a)
    a[:] = -1  # the program may reuse its array at once
    prg = cl.Program(ctx, SRC).build()
    prg.triple(q, (N,), (LOCAL,), A, B, np.int32(5))
    b = np.empty(N, np.int32)
    cl.enqueue_copy(q, b, B)
    back = np.empty(N, np.int32)
    cl.enqueue_copy(q, back, A)  # the input itself, read back after the split
    q.finish()
    return {"b": b, "a": back}


@pytest.mark.parametrize("aliases", [True, False])
def test_helper_share_is_never_uploaded_to_home(monkeypatch, small_uploads_staged, aliases):
    """Home receives the first half of the input (its rows), never the helper's half;
    the helper receives only its half, or none when it reads host memory in place."""
    from skmd.runtime import devices
    if not aliases:
        monkeypatch.setattr(devices, "_aliases_host", lambda dev: False)
    split_as(monkeypatch, halves)
    # (to home?, during a launch?, offset, bytes); helpers get the input alone
    writes, _ = watch_writes(monkeypatch, lambda buf, home, ph, off, n: (
        (home, ph["launch"], off, n) if buf.int_ptr == INPUT.get("ptr") or not home
        else None))
    bad, records = compare_with_and_without(upload_launch_read)
    assert not bad, bad
    (rec,) = [r for r in records if r.kernel == "triple"]
    assert len([g for g in rec.shares.values() if g]) == 2
    half = N * 4 // 2
    to_home = [w for w in writes if w[0] and w[1]]
    assert to_home, "home's rows must receive their half of the input"
    assert all(off + n <= half for _, _, off, n in to_home), \
        f"a helper's half went to the home device: {to_home}"
    assert not [w for w in writes if w[0] and not w[1] and w[2] < half], \
        "home's half, sent before, must not be sent again when the input is read back"
    to_helper = [w for w in writes if not w[0] and w[1]]
    if aliases:
        assert not to_helper, "a helper sharing host memory reads the input in place"
    else:
        assert to_helper and all(off >= half for _, _, off, _ in to_helper), to_helper
    assert rec.bytes_moved.get(f"host->{next(iter(rec.shares))}", 0) <= half


def watch_writes(monkeypatch, record) -> tuple[list, dict]:
    """Buffer writes as ``record(buffer, to home?, phase, offset, bytes)`` gives them
    (None: left out); ``phase`` says whether a launch runs, and the caller's round."""
    from skmd.runtime import core, raw
    writes: list = []
    real = raw.enqueue_write_buffer
    phase = {"launch": False, "round": 0}

    def watched(queue, buf, host, dst_offset=0, **kw):
        rt = core._runtime  # None while the runtime is being made (its link probe)
        home = rt is not None and rt.home.device.int_ptr == queue.device.int_ptr
        got = record(buf, home, phase, dst_offset, host.nbytes)
        if got is not None:
            writes.append(got)
        return real(queue, buf, host, dst_offset=dst_offset, **kw)
    real_launch = core.Runtime.on_launch

    def on_launch(self, *a):
        phase["launch"] = True
        try:
            return real_launch(self, *a)
        finally:
            phase["launch"] = False
    monkeypatch.setattr(raw, "enqueue_write_buffer", watched)
    monkeypatch.setattr(core.Runtime, "on_launch", on_launch)
    return writes, phase


def watch_home_writes(monkeypatch) -> tuple[list, dict]:
    """Writes of the input (:data:`INPUT`) to the home device, as (round, during a
    launch?, offset, bytes); the caller sets ``phase["round"]``."""
    return watch_writes(monkeypatch, lambda buf, home, ph, off, n: (
        (ph["round"], ph["launch"], off, n)
        if home and buf.int_ptr == INPUT.get("ptr") else None))


def rounds_of_upload_launch_read(phase: dict, rounds: int) -> list:
    """:func:`upload_launch_read` ``rounds`` times under one skmd (chunked copies),
    each checked against a bare run; the launches' records."""
    bare = [run_bare(upload_launch_read) for _ in range(rounds)]
    with skmd_installed(pinned_copies="always") as rt:
        import pyopencl as cl
        got = []
        for k in range(rounds):
            phase["round"] = k
            got.append(upload_launch_read(cl))
        records = [r for r in rt.records if r.kernel == "triple"]
    for b, g in zip(bare, got):
        assert not mismatches(b, g)
    return records


def test_home_s_expected_share_goes_home_while_the_upload_is_staged(monkeypatch,
                                                                   small_uploads_staged):
    """Once a split launch has read an upload, the next upload of that size sends
    home the ranges home's share read while the bytes are copied into host memory:
    the launch then moves nothing, and the helper's half still never goes home."""
    tuned(monkeypatch, pipeline_min_bytes=0)  # (besides the fixture's)
    split_as(monkeypatch, halves)
    writes, phase = watch_home_writes(monkeypatch)
    records = rounds_of_upload_launch_read(phase, 3)
    assert all(len([n for n in r.shares.values() if n]) == 2 for r in records)
    half = N * 4 // 2
    first = [w for w in writes if w[0] == 0 and w[1]]
    assert first and all(off + n <= half for _, _, off, n in first), \
        "the first round's launch sends home its half from the host"
    for k in (1, 2):
        ahead = [w for w in writes if w[0] == k and not w[1]]
        home_rows = [n for _, _, off, n in ahead if off < half]
        assert home_rows and sum(home_rows) == half, ahead
        assert not [w for w in writes if w[0] == k and w[1]], \
            "home's share was sent again by the launch"
        assert not [w for w in ahead if w[2] + w[3] > half and w[2] < half], ahead
    helper_half = [w for w in writes if w[1] and w[2] >= half]
    assert not helper_half, f"a helper's half went home: {helper_half}"
    # explain shows what home received, and from where: at the launch, then with the upload
    home = next(iter(records[0].shares))
    assert records[0].bytes_moved.get(f"host->{home}") == half, records[0].bytes_moved
    for r in records[1:]:
        assert r.bytes_moved.get(f"host->{home} with the upload") == half, r.bytes_moved
        assert not r.bytes_moved.get(f"host->{home}"), r.bytes_moved


def test_an_upload_read_whole_last_time_goes_home_while_it_is_staged(monkeypatch,
                                                                    small_uploads_staged,
                                                                    staged):
    """A launch that ran whole over a staged upload had to wait for all of it to go
    home; the next staged upload of that size goes home on its way into host
    memory, so no later launch waits for it."""
    from skmd.runtime import deciding, placement
    tuned(monkeypatch, pipeline_min_bytes=0)  # (besides the fixture's)
    fresh = []  # per launch: the input's bytes uploaded since the last decision

    def whole(self, entry, launch, s, ctx, args=None):
        fresh.append(placement.fresh_uploads(args or {}).get(0, 0))
        return Decision(reason="test: whole")
    monkeypatch.setattr(deciding.Decider, "decide", whole)
    writes, phase = watch_home_writes(monkeypatch)
    records = rounds_of_upload_launch_read(phase, 6)
    assert records and all(len([n for n in r.shares.values() if n]) <= 1 for r in records)
    assert staged.count(N * 4) >= 2, "a later upload was staged again"
    during = sorted({w[0] for w in writes if w[1]})
    assert during == [0], f"launches waited for their input to go home in rounds {during}"
    # every upload after the first reached home before its launch, staged or not: the
    # decision counts it as waited for, as it would a plain upload
    assert fresh[1:] == [N * 4] * (len(fresh) - 1), fresh


def test_helpers_start_before_home_receives_its_rows(monkeypatch, small_uploads_staged):
    """A split sends home its rows from the host while the helpers, already started,
    take theirs from the host too: a helper reading host memory in place never
    waits for home's link (on an H100 + CPU that wait was 7.7 ms of an 11.5 ms
    split of a vector add)."""
    import threading

    from skmd.runtime import executor, placement
    split_as(monkeypatch, halves)
    started = threading.Event()
    order = []
    real_helper, real_send = executor.SplitRun._helper, placement.send_home

    def helper(self, *a, **kw):
        started.set()
        return real_helper(self, *a, **kw)

    def send_home(*a, **kw):
        order.append(started.wait(30))
        return real_send(*a, **kw)
    monkeypatch.setattr(executor.SplitRun, "_helper", helper)
    monkeypatch.setattr(placement, "send_home", send_home)
    bad, records = compare_with_and_without(upload_launch_read)
    assert not bad, bad
    assert order and all(order), "home's rows were sent before any helper started"


def test_home_s_rows_go_out_without_holding_back_the_helpers(monkeypatch,
                                                             small_uploads_staged):
    """A write to home that the driver makes at once (NVIDIA copies even a write not
    asked to block) does not hold the buffer's lock: a helper finishes its share
    meanwhile, reading the host shadow."""
    import threading

    from skmd.runtime import executor, placement, raw
    split_as(monkeypatch, halves)
    helper_done = threading.Event()
    sending = threading.local()
    seen = []
    real_helper, real_send, real_write = (executor.SplitRun._helper, placement.send_home,
                                          raw.enqueue_write_buffer)

    def helper(self, *a, **kw):
        try:
            return real_helper(self, *a, **kw)
        finally:
            helper_done.set()

    def send_home(*a, **kw):
        sending.on = True
        try:
            return real_send(*a, **kw)
        finally:
            sending.on = False

    def write(*a, **kw):
        if getattr(sending, "on", False):
            seen.append(helper_done.wait(10))
        return real_write(*a, **kw)
    monkeypatch.setattr(executor.SplitRun, "_helper", helper)
    monkeypatch.setattr(placement, "send_home", send_home)
    monkeypatch.setattr(raw, "enqueue_write_buffer", write)
    bad, _ = compare_with_and_without(upload_launch_read)
    assert not bad, bad
    assert seen and all(seen), "the helper could not finish while home's rows were written"


@pytest.mark.parametrize("settled", ["models", "waiting"])
def test_uploads_go_home_at_once_when_launches_stay_whole(monkeypatch, small_uploads_staged,
                                                          settled):
    """A program whose launches all run whole has its uploads staged ever more rarely,
    also while they run whole only until helpers are ready (that can take seconds;
    staging starts afresh once they are, see the test below)."""
    from skmd.runtime import deciding, placement

    def whole(self, entry, launch, s, ctx, where=None):
        if settled == "waiting":
            return Decision(reason="test: helpers not ready", span=16)
        return Decision(reason="test: whole")
    monkeypatch.setattr(deciding.Decider, "decide", whole)
    staged = []
    real = placement.upload

    def upload(rt, queue, mem, *a):
        if mem.int_ptr == INPUT.get("ptr"):
            staged.append(len(staged))
        return real(rt, queue, mem, *a)
    monkeypatch.setattr(placement, "upload", upload)
    rounds = 12
    with skmd_installed():
        import pyopencl as cl
        for _ in range(rounds):
            out = upload_launch_read(cl)
            np.testing.assert_array_equal(out["b"], np.arange(N, dtype=np.int32) * 21 + 5)
    assert staged and len(staged) <= 4, f"{len(staged)} of {rounds} uploads staged"


def test_staging_starts_afresh_once_a_kernels_helpers_are_ready():
    from skmd.runtime.placement import Placement
    book = Placement()
    for _ in range(3):
        book.read_whole(4096)
    assert book.take(4096) > 0
    assert book.home_share(4096) == [(0, 4096)]
    book.ready_again()
    assert book.take(4096) == 0
    assert book.home_share(4096) is None


@pytest.mark.parametrize("home_bps, short", [(1e12, True), (4e6, False)])
def test_a_whole_run_is_priced_with_the_uploads_home_lacks(monkeypatch, small_uploads_staged,
                                                           home_bps, short):
    """A kernel too short to split on its own is worth splitting once the uploads
    waiting in host memory count: run whole, home would receive all of them first
    (16 KiB at 4 MB/s: 4 ms), split, a helper reads its part from host memory."""
    from skmd.runtime import deciding, link_book
    monkeypatch.setattr(deciding.Decider, "_home_time", lambda self, entry, launch: 100e-6)
    monkeypatch.setattr(link_book.LinkBook, "home_link_known",
                        lambda self: (home_bps, home_bps))
    bad, records = compare_with_and_without(upload_launch_read)
    assert not bad, bad
    (rec,) = [r for r in records if r.kernel == "triple"]
    assert ("too short to split" in (rec.reason or "")) == short, rec.reason


def launch_twice_and_read(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.int32)
    A, B, C = (cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes) for _ in range(3))
    INPUT["ptr"] = B.int_ptr
    cl.enqueue_copy(q, A, a)
    triple = cl.Program(ctx, SRC).build().triple
    triple(q, (N,), (LOCAL,), A, B, np.int32(1))
    triple(q, (N,), (LOCAL,), B, C, np.int32(2))   # reads B where it was made
    out = {k: np.empty(N, np.int32) for k in "bc"}
    cl.enqueue_copy(q, out["b"], B)                     # gathered from both devices
    cl.enqueue_copy(q, out["c"], C)
    part = np.empty(100, np.int32)
    cl.enqueue_copy(q, part, B, src_offset=(N // 2 - 50) * 4)  # across the two slices
    out["part"] = part
    q.finish()
    INPUT["ptr"] = None  # (uninstalling brings every buffer home)
    return out


def test_results_stay_where_they_were_made(monkeypatch, small_uploads_staged):
    """A helper's slice of an output never goes to the home device: the next launch
    reads it where it is, and the program's reads gather it from there."""
    from skmd.runtime import raw
    split_as(monkeypatch, halves)
    to_b = []
    real = raw.enqueue_write_buffer

    def watched(queue, buf, host, dst_offset=0, **kw):
        if buf.int_ptr == INPUT.get("ptr"):
            to_b.append((dst_offset, host.nbytes))
        return real(queue, buf, host, dst_offset=dst_offset, **kw)
    monkeypatch.setattr(raw, "enqueue_write_buffer", watched)
    bad, records = compare_with_and_without(launch_twice_and_read)
    assert not bad, bad
    assert not to_b, f"the output went home: {to_b}"
    second = [r for r in records if r.kernel == "triple"][1]
    assert not any(second.bytes_moved.values()), second.bytes_moved


def profiled_split_and_read(cl):
    """An upload, a launch and a read on a queue that profiles, each event timed."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
    a = np.arange(N, dtype=np.int32)
    A, B = (cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes) for _ in range(2))
    events = [cl.enqueue_copy(q, A, a)]
    events.append(cl.Program(ctx, SRC).build().triple(q, (N,), (LOCAL,), A, B, np.int32(1)))
    out = np.empty(N, np.int32)
    events.append(cl.enqueue_copy(q, out, B))  # gathered from both devices
    q.finish()
    return {"b": out, "timed": np.array([e.profile.end >= e.profile.start for e in events])}


def test_a_gathered_read_on_a_profiling_queue_has_times(monkeypatch, small_uploads_staged):
    """The event of a read skmd gathers itself (and of an upload it keeps in host memory)
    is a real command's on a queue that profiles: the program may ask it for its
    times, as it may in a plain run (a user event has none)."""
    from skmd.runtime import placement
    split_as(monkeypatch, halves)
    gathered = []
    real = placement.gather

    def watched(*a, **k):
        evt = real(*a, **k)
        gathered.append(evt is not None)
        return evt
    monkeypatch.setattr(placement, "gather", watched)
    bad, _ = compare_with_and_without(profiled_split_and_read)
    assert not bad, bad
    assert True in gathered, "the read was not gathered: the test missed its path"


# -- random programs: every byte the program sees is the newest ----------------------
OPS = st.lists(st.one_of(
    st.tuples(st.just("upload"), st.integers(0, 2), st.integers(0, 1000)),
    st.tuples(st.just("write"), st.integers(0, 2), st.integers(0, N - 1),
              st.integers(1, N), st.integers(0, 1000)),
    st.tuples(st.sampled_from(["triple", "rev"]), st.integers(0, 2), st.integers(0, 2),
              st.integers(-50, 50)),
    st.tuples(st.just("bump"), st.integers(0, 2), st.integers(-50, 50)),
    st.tuples(st.just("read"), st.integers(0, 2), st.integers(0, N - 1), st.integers(1, N)),
), min_size=1, max_size=10)


def model(ops):
    """What a bare run reads, computed with NumPy."""
    bufs = [np.zeros(N, np.int32) for _ in range(3)]
    seen = []
    for op in ops:
        kind = op[0]
        if kind == "upload":
            bufs[op[1]] = np.arange(N, dtype=np.int32) * op[2]
        elif kind == "write":
            lo = op[2]
            bufs[op[1]][lo:lo + op[3]] = op[4]
        elif kind == "triple" and op[1] != op[2]:
            bufs[op[2]] = bufs[op[1]] * np.int32(3) + np.int32(op[3])
        elif kind == "rev" and op[1] != op[2]:
            bufs[op[2]] = bufs[op[1]][::-1] - np.int32(op[3])
        elif kind == "bump":
            bufs[op[1]] = bufs[op[1]] + np.int32(op[2])
        elif kind == "read":
            lo = op[2]
            seen.append(bufs[op[1]][lo:lo + op[3]].copy())
    return seen + bufs


def play(cl, ctx, q, prg, ops):
    """Run ``ops`` on three buffers; every read's bytes, in order."""
    bufs = [cl.Buffer(ctx, cl.mem_flags.READ_WRITE, N * 4) for _ in range(3)]
    for b in bufs:
        cl.enqueue_copy(q, b, np.zeros(N, np.int32))
    seen = []
    for op in ops:
        kind = op[0]
        if kind == "upload":
            cl.enqueue_copy(q, bufs[op[1]], np.arange(N, dtype=np.int32) * op[2])
        elif kind == "write":
            lo = op[2]
            n = min(op[3], N - lo)
            cl.enqueue_copy(q, bufs[op[1]], np.full(n, op[4], np.int32), dst_offset=lo * 4)
        elif kind in ("triple", "rev"):
            if op[1] != op[2]:  # not one buffer read and written through two names
                prg[kind](q, (N,), (LOCAL,), bufs[op[1]], bufs[op[2]], np.int32(op[3]))
        elif kind == "bump":
            prg["bump"](q, (N,), (LOCAL,), bufs[op[1]], np.int32(op[2]))
        else:
            lo = op[2]
            out = np.empty(min(op[3], N - lo), np.int32)
            cl.enqueue_copy(q, out, bufs[op[1]], src_offset=lo * 4)
            seen.append(out)
    q.finish()
    for b in bufs:
        out = np.empty(N, np.int32)
        cl.enqueue_copy(q, out, b)
        seen.append(out)
    return seen


@pytest.fixture(scope="module", params=["auto", "always"])
def split_context(request):
    """skmd installed, every launch split by the fractions the test draws; uploads
    staged in host memory, and (``always``) chunked with home's expected share sent
    home on the way."""
    import pyopencl as cl

    mp = pytest.MonkeyPatch()
    tuned(mp, stage_min_bytes=0, pin_after_bytes=0, pipeline_min_bytes=0)
    draws = {"fractions": [0.5]}

    def shares(labels):
        f = draws["fractions"].pop(0) if len(draws["fractions"]) > 1 else draws["fractions"][0]
        first = int(round(f * GROUPS))
        return {labels[0]: first, labels[1]: GROUPS - first}
    split_as(mp, shares)
    from skmd.runtime import executor
    real_run = executor.SplitRun.run

    def counted(self):
        draws["splits"] = draws.get("splits", 0) + (len(self.shares) > 1)
        return real_run(self)
    mp.setattr(executor.SplitRun, "run", counted)
    with skmd_installed(pinned_copies=request.param) as rt:
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, SRC).build()
        kernels = {k: getattr(prg, k) for k in ("triple", "rev", "bump")}
        yield (ctx, q, kernels), draws, rt
    mp.undo()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(ops=OPS, fractions=st.lists(st.sampled_from([0.0, 0.25, 0.3, 0.5, 0.75, 1.0]),
                                   min_size=1, max_size=10))
def test_random_programs_never_read_stale_bytes(split_context, ops, fractions):
    """Random uploads, partial writes, split launches (random shares, home's share
    from none to all) and partial reads: every read equals the bare run's."""
    import pyopencl as cl
    split, draws, rt = split_context
    draws["fractions"] = list(fractions)
    draws["splits"] = 0
    got = play(cl, *split, ops)
    expect = model(ops)
    assert len(expect) == len(got)
    for k, (e, g) in enumerate(zip(expect, got)):
        np.testing.assert_array_equal(g, e, err_msg=f"read {k} of {ops}")
    launched = any(op[0] == "bump" or (op[0] in ("triple", "rev") and op[1] != op[2])
                   for op in ops)
    if launched and 0.0 < fractions[0] < 1.0:  # the first launch's shares
        assert draws["splits"], "no launch was split"



def test_a_staged_upload_takes_page_locked_memory_in_the_programs_context(
        monkeypatch, small_uploads_staged):
    """Staging an upload makes no context of skmd's own on the home device: a second
    context on a GPU costs 0.1 s and holds the program's calls while it is made."""
    import pyopencl as cl
    from skmd.runtime import staging
    with skmd_installed(policy="even", pinned_copies="always") as rt:
        # as on a GPU machine, where discovery leaves the home device and the pool no
        # context (here the CPU compiler probe may have made one)
        home = rt.home
        home._context = None
        home.has_context.clear()
        staging.set_pool(staging.StagingPool(lambda: home.context, lambda: home.queue,
                                             offer=home.adopt_context))
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        made = []
        monkeypatch.setattr(cl, "Context", lambda *a, **k: made.append(a))  # none may be
        a = np.arange(N, dtype=np.int32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
        cl.enqueue_copy(q, A, a)
        assert bufmod.state_of(A).host is not None, "the upload was not staged"
        assert made == []
        assert staging.pool().context.int_ptr == ctx.int_ptr == rt.home.context.int_ptr


def test_a_helper_waiting_for_host_memory_shows_the_wait(monkeypatch):
    """A helper reading host memory in place waits for the rows home reads into it
    (inputs only home holds): the run log shows that wait as home's transfer."""
    import time as _time

    from skmd.runtime import buffers
    split_as(monkeypatch, halves)
    real = buffers.BufferState.host_view

    def slow(self, *a, **kw):
        _time.sleep(0.01)  # as a read over a GPU's link would take
        return real(self, *a, **kw)
    monkeypatch.setattr(buffers.BufferState, "host_view", slow)

    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(N, dtype=np.int32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        cl.Program(ctx, SRC).build().triple(q, (N,), (LOCAL,), A, B, np.int32(5))
        b = np.empty(N, np.int32)
        cl.enqueue_copy(q, b, B)
        return {"b": b}
    bad, records = compare_with_and_without(program)
    assert not bad, bad
    (rec,) = [r for r in records if r.kernel == "triple"]
    waits = [p for p in rec.pieces if p.kind == "d2h" and " for " in p.label]
    assert waits and all(p.end - p.start >= 0.01 for p in waits), rec.pieces


def test_a_kernels_first_timed_launch_reads_results_a_split_left_elsewhere(
        monkeypatch, small_uploads_staged):
    """A split's results stay where they were made; the next kernel's first launch,
    timed on home with the program's own kernel, brings them home whole first."""
    from skmd.decide.policy import FIRST_LAUNCH_TIMED
    from skmd.runtime import deciding

    def decide(self, entry, launch, s, ctx, where=None):
        labels = [d.label for d in self.rt.order]
        if entry.name == "triple":
            return Decision(halves(labels), keep=False)
        return Decision({labels[0]: GROUPS}, keep=False, note=FIRST_LAUNCH_TIMED)
    monkeypatch.setattr(deciding.Decider, "decide", decide)

    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = np.arange(N, dtype=np.int32) * 7
        A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        C = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        cl.enqueue_copy(q, A, a)
        prg = cl.Program(ctx, SRC).build()
        prg.triple(q, (N,), (LOCAL,), A, B, np.int32(5))
        prg.rev(q, (N,), (LOCAL,), B, C, np.int32(1))
        c = np.empty(N, np.int32)
        cl.enqueue_copy(q, c, C)
        return {"c": c}
    bad, records = compare_with_and_without(program)
    assert not bad, bad
    (split,) = [r for r in records if r.kernel == "triple"]
    (timed,) = [r for r in records if r.kernel == "rev"]
    assert len([g for g in split.shares.values() if g]) == 2
    assert timed.reason == FIRST_LAUNCH_TIMED and timed.measured


def test_staged_buffers_the_program_dropped_are_not_kept(monkeypatch, small_uploads_staged):
    """A program that makes new buffers every iteration and uploads into them: the
    ones it dropped are forgotten (their memory given back), never brought home when
    skmd is taken out, and only the live ones stay stale."""
    import gc

    import pyopencl as cl
    from skmd.runtime import stale
    split_as(monkeypatch, halves)
    with skmd_installed(policy="hill") as rt:
        if len(rt.devices) < 2:
            return
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        prg = cl.Program(ctx, SRC).build()
        a = np.arange(N, dtype=np.int32)
        for _ in range(6):
            A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
            B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
            cl.enqueue_copy(q, A, a)
            prg.triple(q, (N,), (LOCAL,), A, B, np.int32(1))
            q.finish()
            del A, B
            gc.collect()
        assert len(stale._stale) <= 2, len(stale._stale)  # this iteration's, at most


def test_fresh_uploads_are_looked_at_without_being_counted():
    """A decision that only peeks (is the launch too short before its bytes are priced?)
    leaves the uploads to be counted by the decision that prices them."""
    import pyopencl as cl

    from skmd.runtime import placement
    from skmd.testing import usable_platform
    ctx = cl.Context([usable_platform().get_devices()[0]])
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4096)
    buf._skmd_uploaded = 4096
    args = {0: ("obj", buf), 1: ("obj", 3)}
    assert placement.fresh_uploads(args, take=False) == {0: 4096}
    assert placement.fresh_uploads(args) == {0: 4096}
    assert placement.fresh_uploads(args) == {}
