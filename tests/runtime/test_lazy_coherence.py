"""Graph mode leaves results where they were made and uploads on the host; the program
still sees exactly what a bare run gives, whichever way it looks at a buffer."""
import dataclasses

import numpy as np
import pytest

from skmd.runtime import buffers as bufmod
from skmd.runtime import homecoming
from skmd.testing import compare_with_and_without, mismatches, run_bare, skmd_installed

from programs import N, SRC
from skmd.testing import tuned
from skmd.tuning import Tuning


def observations(cl):
    """Uploads, two graph batches and every kind of look at their results in between."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = N * N
    a = np.arange(n, dtype=np.float32) / 3
    A = cl.Buffer(ctx, mf.READ_ONLY, a.nbytes)
    cl.enqueue_copy(q, A, a)                                  # a whole upload
    B, C, D, E, F = (cl.Buffer(ctx, mf.READ_WRITE, a.nbytes) for _ in range(5))
    g = np.zeros(n, np.float32)
    G = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=g)
    prg = cl.Program(ctx, SRC).build()
    scale = prg.scale
    scale(q, (n,), (64,), A, B, np.float32(2))
    scale(q, (n,), (64,), B, C, np.float32(3))
    scale(q, (n,), (64,), A, G, np.float32(4))
    q.finish()                                  # runs the batch; observes no buffer
    out = {"g": g.copy()}                       # USE_HOST_PTR: the host sees it at once
    cl.enqueue_copy(q, C, np.full(16, 7, np.float32), dst_offset=64)   # partial write
    cl.enqueue_fill_buffer(q, B, np.float32(5), 128, 64)                # partial fill
    scale(q, (n,), (64,), C, D, np.float32(1))
    scale(q, (n,), (64,), B, E, np.float32(1))
    q.finish()
    cl.enqueue_copy(q, F, D)                                  # device-to-device copy
    ary, _ = cl.enqueue_map_buffer(q, E, cl.map_flags.READ, 0, (n,), np.float32)
    out["e"] = ary.copy()
    ary.base.release(q)
    for name, buf in (("a", A), ("f", F), ("c", C)):
        out[name] = np.empty(n, np.float32)
        cl.enqueue_copy(q, out[name], buf)
    q.finish()
    return out


def place_kernels(monkeypatch, where) -> None:
    """Every graph batch runs as a graph (however short), each kernel whole on the
    device ``where(node, devices)`` names; uploads of any size are staged."""
    from skmd import mkmd_graph
    from skmd.runtime import graph_mode
    real = mkmd_graph.schedule

    def placed(commands, sizes, platform, mode="mkmd", **kw):
        sched = real(commands, sizes, platform, mode, **kw)
        on = {s.node: where(s.node, platform.devices) for s in sched.slots}
        slots = [dataclasses.replace(s, device=on[s.node])
                 for s in sched.slots if s.kind == "run"]
        return dataclasses.replace(sched, slots=slots)

    monkeypatch.setattr(graph_mode.mkmd_graph, "schedule", placed)
    monkeypatch.setattr(graph_mode.GraphBatch, "_too_small", lambda self, home_s: False)
    monkeypatch.setattr(graph_mode.GraphBatch, "_judge", lambda self, *a: None)
    # the test's buffers are small; and each batch waits for its queues to drain, however
    # slow the machine (one left behind them would run in program order on home)
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0, graph_drain_wait_s=120.0)


@pytest.fixture
def on_helper(monkeypatch):
    """Graph batches always run as graphs, every kernel whole on the second device."""
    from skmd.runtime import graph_mode
    place_kernels(monkeypatch, lambda node, devs: devs[1])
    left = []
    settle = graph_mode.GraphBatch._settle_results

    def watched(self):
        moved = settle(self)
        left.append(sum(1 for st, _ in bufmod.stale_buffers() if not st.home_valid))
        return moved
    monkeypatch.setattr(graph_mode.GraphBatch, "_settle_results", watched)
    return left


@pytest.mark.parametrize("mode", ["mkmd", "coarse"])
def test_every_look_at_a_lazy_result_sees_a_bare_runs_bytes(on_helper, staged, mode):
    bad, records = compare_with_and_without(observations, mode=mode, policy="even")
    assert not bad, bad
    assert staged == [N * N * 4], "the whole upload waited on the host"
    assert on_helper and on_helper[0] >= 2, "results stayed on the helper after the batch"
    helper = {lb for r in records for lb, v in r.shares.items() if v}
    assert len(helper) == 1 and next(iter(helper)) != records[0].fastest_single


@pytest.mark.parametrize("where", ["home", "home, then at once", "helper"])
def test_uploads_are_staged_only_while_helpers_take_part(monkeypatch, staged, where):
    """Once STAGE_IDLE_AFTER uploads were staged and the batches since ran whole on
    the home device, whole uploads go home at once (staging them for helpers would
    only cost), also where the kernels are launched at once and make no batches;
    batches that use a helper keep them staged.  Results are the bare run's."""
    place_kernels(monkeypatch, lambda node, devs: devs[1 if where == "helper" else 0])
    if where == "home, then at once":  # the test's equal devices count as slow helpers
        tuned(monkeypatch, slow_helper=2.0)
    else:
        tuned(monkeypatch, at_once_after=10**6)  # every launch a batch

    def uploads_each_round(cl, rounds=12):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = N * N
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4)
        scale = cl.Program(ctx, SRC).build().scale
        outs = []
        for r in range(rounds):
            cl.enqueue_copy(q, A, np.full(n, r, np.float32))   # the whole buffer
            scale(q, (n,), (64,), A, B, np.float32(2))
            out = np.empty(n, np.float32)
            cl.enqueue_copy(q, out, B)
            outs.append(out)
        return {"outs": np.stack(outs)}
    bad, _ = compare_with_and_without(uploads_each_round, mode="coarse", policy="even")
    assert not bad, bad
    assert len(staged) == (12 if where == "helper" else Tuning().stage_idle_after), staged


def test_without_the_shim_checks_a_stale_buffer_is_wrong_at_home(on_helper):
    """The checks above are needed: the home copy itself really is behind."""
    import pyopencl as cl

    from skmd.runtime import raw
    with skmd_installed(mode="mkmd", policy="even"):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = N * N
        a = np.arange(n, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                      hostbuf=np.zeros_like(a))
        cl.Program(ctx, SRC).build().scale(q, (n,), (64,), A, B, np.float32(2))
        q.finish()
        home = np.empty_like(a)
        raw.enqueue_read_buffer(q, B, home, is_blocking=True)   # behind skmd's back
        seen = np.empty_like(a)
        cl.enqueue_copy(q, seen, B)
    assert not home.any(), "the kernel ran on the helper; home still holds zeros"
    assert np.array_equal(seen, a * 2 + 1)


def test_uninstall_brings_stale_buffers_home(on_helper):
    import pyopencl as cl
    n = N * N
    a = np.arange(n, dtype=np.float32)
    with skmd_installed(mode="mkmd", policy="even"):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
        cl.Program(ctx, SRC).build().scale(q, (n,), (64,), A, B, np.float32(2))
        q.finish()
        assert not bufmod.state_of(B).home_valid
    got = np.empty_like(a)
    cl.enqueue_copy(q, got, B)  # plain pyopencl now
    q.finish()
    assert np.array_equal(got, a * 2 + 1)


def test_a_whole_launch_after_a_graph_reads_the_lazy_result(on_helper):
    """A kernel run whole on home (another mode now) brings its stale inputs home."""
    import pyopencl as cl

    from skmd import config

    def program(cl, switch):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = N * N
        a = np.arange(n, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        B, C = (cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes) for _ in range(2))
        scale = cl.Program(ctx, SRC).build().scale
        scale(q, (n,), (64,), A, B, np.float32(2))
        q.finish()
        with switch():
            scale(q, (n,), (64,), B, C, np.float32(3))
        c = np.empty_like(a)
        cl.enqueue_copy(q, c, C)
        return {"c": c}

    import contextlib
    bare = program(cl, contextlib.nullcontext)
    with skmd_installed(mode="mkmd", policy="even"):
        out = program(cl, lambda: config.override(mode="inorder"))
    assert not mismatches(bare, out)


def test_buffers_the_program_dropped_are_forgotten_not_brought_home(on_helper, monkeypatch):
    synced = []
    real = homecoming.sync_all_home

    def counted(items, hq):
        synced.extend(st.size for st, _ in items)
        return real(items, hq)
    monkeypatch.setattr(homecoming, "sync_all_home", counted)
    import pyopencl as cl

    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = N * N
        a = np.arange(n, dtype=np.float32)
        A = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=a)
        tmp, B = (cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes) for _ in range(2))
        scale = cl.Program(ctx, SRC).build().scale
        scale(q, (n,), (64,), A, tmp, np.float32(2))
        scale(q, (n,), (64,), tmp, B, np.float32(3))
        b = np.empty_like(a)
        cl.enqueue_copy(q, b, B)
        return {"b": b}

    bare = run_bare(program)
    with skmd_installed(mode="mkmd", policy="even"):
        out = program(cl)
        import gc
        gc.collect()
        bufmod.prune_stale()
        left = len(bufmod.stale_buffers())
    assert not mismatches(bare, out)
    assert left == 0, "nothing the program can reach is stale"
    # the buffer the program read is gathered from the helper, not brought home
    assert synced == [], "no buffer came home"


def test_state_locations_follow_uploads_and_helpers():
    st = bufmod.BufferState(16)
    assert st.locations("gpu0", "host") == ["gpu0"]

    class App:  # stands in for an application buffer: only its flags are asked
        def get_info(self, what):
            return 0
    st.stage_host(np.arange(16, dtype=np.uint8), App())
    try:
        assert st.locations("gpu0", "host") == ["host"]
        assert bufmod.stale_buffers()
    finally:
        bufmod._stale.pop(id(st), None)


def _staged_pieces(records):
    return [p for r in records for p in r.pieces if p.label == "staged"]


@pytest.fixture
def copies(monkeypatch):
    """Helpers hold copies, as discrete GPUs do (PoCL's CPU devices read host memory)."""
    from skmd.runtime.devices import PhysicalDevice
    monkeypatch.setattr(PhysicalDevice, "zero_copy", property(lambda self: False))


@pytest.mark.parametrize("ahead", [True, False])
def test_staged_uploads_are_sent_ahead_once_per_reading_device(on_helper, copies, ahead):
    """A, uploaded whole and read by two kernels of the first batch on the helper,
    goes there once as the batch starts (or, switched off, with its first reader)."""
    bad, records = compare_with_and_without(observations, mode="mkmd", policy="even",
                                            send_ahead=ahead)
    assert not bad, bad
    sent = _staged_pieces(records)
    helper = next(lb for r in records for lb, v in r.shares.items() if v)
    if ahead:
        assert [(p.device, p.bytes) for p in sent] == [(helper, N * N * 4)]
        assert sent[0].end >= sent[0].start
    else:
        assert sent == []


@pytest.fixture
def alternating(monkeypatch):
    """Graph batches run as graphs, kernels whole on the home device and a helper by turns."""
    place_kernels(monkeypatch, lambda node, devs: devs[node % 2])


def rewrites_its_upload(cl):
    """X and Y uploaded whole; X read by two kernels, Y read and then rewritten in the
    same batch (so Y's staged bytes must not be sent anywhere ahead of time)."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = N * N
    x = np.arange(n, dtype=np.float32) / 7
    y = np.arange(n, dtype=np.float32)[::-1].copy()
    X, Y = (cl.Buffer(ctx, mf.READ_WRITE, x.nbytes) for _ in range(2))
    cl.enqueue_copy(q, X, x)
    cl.enqueue_copy(q, Y, y)
    B, C, D = (cl.Buffer(ctx, mf.READ_WRITE, x.nbytes) for _ in range(3))
    prg = cl.Program(ctx, SRC).build()
    scale, axpy = prg.scale, prg.axpy
    scale(q, (n,), (64,), X, B, np.float32(2))            # node 0: home
    axpy(q, (n,), (64,), X, Y, C, np.float32(3))          # node 1: helper
    scale(q, (n,), (64,), B, Y, np.float32(5))            # node 2: rewrites Y
    axpy(q, (n,), (64,), Y, X, D, np.float32(-1))         # node 3: reads the new Y
    out = {}
    for name, buf in (("y", Y), ("c", C), ("d", D)):
        out[name] = np.empty(n, np.float32)
        cl.enqueue_copy(q, out[name], buf)
    q.finish()
    return out


def test_only_uploads_the_batch_leaves_alone_are_sent_ahead(alternating, copies):
    """X goes ahead to home and to the helper; Y, rewritten in the batch, goes nowhere
    ahead; every result is a bare run's."""
    bad, records = compare_with_and_without(rewrites_its_upload, mode="mkmd", policy="even")
    assert not bad, bad
    sent = _staged_pieces(records)
    devices = {lb for r in records for lb, v in r.shares.items() if v}
    assert len(devices) == 2
    assert sorted(p.device for p in sent) == sorted(devices)
    assert all(p.bytes == N * N * 4 for p in sent)


def random_program(seed):
    """Three batches of random kernels over five buffers, a whole upload and a read
    between batches: uploads staged, sent ahead or not, rewritten or read again."""
    def program(cl):
        rng = np.random.default_rng(seed)
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = N * N
        bufs = [cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n * 4) for _ in range(5)]
        for b in bufs:
            cl.enqueue_copy(q, b, rng.standard_normal(n).astype(np.float32))
        prg = cl.Program(ctx, SRC).build()
        scale, axpy = prg.scale, prg.axpy
        out = {}
        for batch in range(3):
            for _ in range(int(rng.integers(3, 7))):
                a = np.float32(rng.uniform(-2, 2))
                if rng.random() < 0.5:
                    i, j = rng.choice(5, 2, replace=False)
                    scale(q, (n,), (64,), bufs[i], bufs[j], a)
                else:
                    i, j, k = rng.choice(5, 3, replace=False)
                    axpy(q, (n,), (64,), bufs[i], bufs[j], bufs[k], a)
            u = int(rng.integers(5))
            cl.enqueue_copy(q, bufs[u], rng.standard_normal(n).astype(np.float32))
            r = int(rng.integers(5))
            out[f"read{batch}"] = np.empty(n, np.float32)
            cl.enqueue_copy(q, out[f"read{batch}"], bufs[r])
        for i, b in enumerate(bufs):
            out[f"buf{i}"] = np.empty(n, np.float32)
            cl.enqueue_copy(q, out[f"buf{i}"], b)
        q.finish()
        return out
    return program


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("through", [False, True, "gpu helpers"],
                         ids=["staged", "through", "gpu_helpers"])
def test_random_graphs_on_random_devices_give_a_bare_runs_bytes(monkeypatch, copies, seed,
                                                                through):
    """Every kernel on a device drawn at random, helpers holding copies, uploads staged
    and sent ahead: every buffer ends as a bare run leaves it.  ``through``: uploads
    also go home at once in page-locked chunks, and reads come back in chunks, as on
    a GPU home (``SKMD_PINNED_COPIES``); "gpu helpers": and the helpers' buffers are
    not host memory, so a read gathers their ranges through chunks too, as from a
    second GPU."""
    import random

    pick = random.Random(seed)
    place_kernels(monkeypatch, lambda node, devs: pick.choice(devs))
    if through:
        tuned(monkeypatch, pipeline_min_bytes=1, pin_after_bytes=0)
    helper_reads = []
    if through == "gpu helpers":
        from skmd.runtime import devices, mapped_reads
        monkeypatch.setattr(devices, "_aliases_host", lambda dev: False)
        real_start = mapped_reads.start

        def start(queue, buf, dst, offset, mapped, t0, chunked=False):
            helper_reads.append((mapped, chunked))
            return real_start(queue, buf, dst, offset, mapped, t0, chunked)
        monkeypatch.setattr(mapped_reads, "start", start)
    bad, records = compare_with_and_without(random_program(seed), mode="mkmd",
                                            policy="even",
                                            pinned_copies="always" if through else "auto")
    assert not bad, bad
    assert len({lb for r in records for lb, v in r.shares.items() if v}) >= 2
    if through == "gpu helpers":  # (every seed gathers a helper's range at least once)
        assert helper_reads and all(r == (False, True) for r in helper_reads), helper_reads
    # (home gets every upload at once when ``through``: only helpers may need more)
    assert through or _staged_pieces(records), "no upload went ahead: the test would prove little"
