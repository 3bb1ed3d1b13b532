import numpy as np
import pyopencl as cl
import pytest

from skmd.runtime import copies, raw, staging
from skmd.runtime.staging import StagingPool
from skmd.testing import usable_platform

# an odd chunk, so the ring wraps several times and the last chunk is short
PLAN = copies.Pipeline(chunk=100_003, threads=2)


@pytest.fixture
def queue(monkeypatch):
    ctx = cl.Context([usable_platform().get_devices()[0]])
    q = cl.CommandQueue(ctx)
    pool = StagingPool(ctx, q)
    monkeypatch.setattr(staging, "_pool", pool)
    yield q
    assert not pool._leased, "a page-locked slot was not handed back"


def test_spans_cover_every_byte_once():
    spans = PLAN.spans(1_000_000)
    assert spans[0] == (0, 100_003) and spans[-1][1] == 1_000_000
    assert all(b == c for (_, b), (c, _) in zip(spans, spans[1:]))
    assert PLAN.spans(0) == []


@pytest.mark.parametrize("nbytes,offset", [(1_234_567, 0), (1_234_567, 4096), (99, 8), (300_009, 0)])
def test_write_then_read_moves_every_byte(queue, nbytes, offset):
    rng = np.random.default_rng(nbytes)
    src = rng.integers(0, 256, nbytes, dtype=np.uint8)
    buf = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, nbytes + offset + 64)
    raw.enqueue_fill_buffer(queue, buf, np.uint8(0xAB), 0, buf.size)
    copies.write(queue, buf, src, offset, plan=PLAN)
    whole = np.empty(buf.size, np.uint8)
    raw.enqueue_read_buffer(queue, buf, whole, is_blocking=True)
    assert np.array_equal(whole[offset:offset + nbytes], src)
    # bytes around the written range are untouched
    assert (whole[:offset] == 0xAB).all() and (whole[offset + nbytes:] == 0xAB).all()

    back = np.zeros(nbytes, np.uint8)
    evt = copies.read(queue, buf, back, offset, plan=PLAN)
    assert evt.command_execution_status == cl.command_execution_status.COMPLETE
    assert np.array_equal(back, src)


def test_write_is_done_when_it_returns(queue):
    """The program may overwrite its array at once, as after a blocking write."""
    src = np.full(700_000, 3, np.uint8)
    buf = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, src.nbytes)
    copies.write(queue, buf, src, plan=PLAN)
    src[:] = 9
    back = np.empty_like(src)
    raw.enqueue_read_buffer(queue, buf, back, is_blocking=True)
    assert (back == 3).all()


@pytest.mark.parametrize("way", ["write", "read", "write_through"])
def test_a_chunk_the_driver_refuses_fails_the_transfer_and_hands_every_slot_back(queue, way):
    """The buffer holds 3 of the 12 chunks: later chunks fail, earlier ones were
    enqueued; the error reaches the caller, nothing hangs, the slots go back."""
    buf = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, 3 * PLAN.chunk)
    host = np.zeros(12 * PLAN.chunk, np.uint8)
    with pytest.raises(cl.Error):
        if way == "write_through":
            copies.write_through(queue, buf, host, np.empty_like(host), plan=PLAN)
        else:
            getattr(copies, way)(queue, buf, host, plan=PLAN)


def test_a_short_transfer_takes_slots_of_the_plan_s_size(queue, monkeypatch):
    """One size class of page-locked slots per plan, however short the transfer."""
    real, sizes = staging.take, []
    monkeypatch.setattr(staging, "take", lambda n: sizes.append(n) or real(n))
    buf = cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, PLAN.chunk)
    src = np.arange(999, dtype=np.uint32).view(np.uint8)
    copies.write(queue, buf, src, plan=PLAN)
    back = np.empty_like(src)
    copies.read(queue, buf, back, plan=PLAN)
    assert np.array_equal(back, src) and sizes == [PLAN.chunk, PLAN.chunk]


def test_a_flow_writes_back_to_back_through_one_ring(queue):
    """:class:`copies.Flow`: writes return once enqueued; the marker they return ends
    after all their bytes arrived; the ring outlives them (more chunks than slots,
    across writes) and every slot is handed back at close."""
    plan = copies.Pipeline(chunk=4099, threads=2)  # 4 slots, odd chunks
    flow = copies.Flow(queue, plan)
    rng = np.random.default_rng(5)
    bufs, want = [], []
    other = cl.CommandQueue(queue.context)
    for k in range(5):  # five writes of two moves each, one after another
        srcs = [rng.integers(0, 256, n, dtype=np.uint8) for n in (10_000 + k, 333)]
        pair = [cl.Buffer(queue.context, cl.mem_flags.READ_WRITE, s.nbytes + 16) for s in srcs]
        for b in pair:
            raw.enqueue_fill_buffer(other, b, np.uint8(0xAB), 0, b.size)
        other.finish()
        gate = cl.UserEvent(queue.context)  # the window's previous use, still running
        done = flow.write([(b, s, 16) for b, s in zip(pair, srcs)], wait=[gate])
        assert done is not None
        early = np.empty(pair[1].size, np.uint8)  # nothing lands before the gate opens
        raw.enqueue_read_buffer(other, pair[1], early, 0, None, True)
        assert (early == 0xAB).all()
        gate.set_status(cl.command_execution_status.COMPLETE)
        raw.event_wait(done)
        bufs.append(pair)
        want.append(srcs)
    assert flow.write([]) is None
    flow.close()
    for pair, srcs in zip(bufs, want):
        for b, s in zip(pair, srcs):
            got = np.empty(s.nbytes, np.uint8)
            raw.enqueue_read_buffer(queue, b, got, 16, None, True)
            assert np.array_equal(got, s)
