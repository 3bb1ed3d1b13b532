"""A helper sharing host memory is read back by mapping its buffer and copying on
several threads (PoCL's own read copies with one): the program's reads gather its
slices that way, byte for byte what a bare run gives, the links learn what those
reads achieve, and the probe measures the same path."""
import numpy as np
import pyopencl as cl
import pytest

from skmd.decide import Decision
from skmd.runtime import buffers as bufmod
from skmd.runtime import links
from skmd.testing import compare_with_and_without, tuned, usable_platform

SRC = r"""
__kernel void triple(__global const int *a, __global int *b, const int s)
{
    size_t i = get_global_id(0);
    b[i] = a[i] * 3 + s;
}
"""

N = 4096
LOCAL = 64
GROUPS = N // LOCAL


@pytest.fixture
def halves(monkeypatch):
    """Uploads staged whatever their size; every launch split in two halves."""
    from skmd.runtime import deciding
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0)

    def decide(self, entry, launch, s, ctx, where=None):
        labels = [d.label for d in self.rt.order]
        return Decision({labels[0]: GROUPS // 2, labels[1]: GROUPS - GROUPS // 2},
                        keep=False)
    monkeypatch.setattr(deciding.Decider, "decide", decide)


@pytest.fixture
def read_maps(monkeypatch):
    """(device int_ptr, offset, bytes) of every map for reading alone (staging's
    page-locked maps are for reading and writing)."""
    from skmd.runtime import raw
    seen = []
    real = raw.enqueue_map_buffer

    def spy(queue, buf, flags, offset, shape, *a, **kw):
        if int(flags) == int(cl.map_flags.READ):
            seen.append((queue.device.int_ptr, offset, int(np.prod(shape))))
        return real(queue, buf, flags, offset, shape, *a, **kw)
    monkeypatch.setattr(raw, "enqueue_map_buffer", spy)
    return seen


@pytest.fixture
def observed(monkeypatch):
    """(label, direction, bytes) of every transfer the links were told of."""
    from skmd.runtime import planner
    seen = []
    real = planner.LinkEstimates.observe

    def spy(self, label, direction, nbytes, seconds):
        seen.append((label, direction, nbytes))
        return real(self, label, direction, nbytes, seconds)
    monkeypatch.setattr(planner.LinkEstimates, "observe", spy)
    return seen


HOME = {}


def launch_and_read(cl):
    """A split's output read back whole, and a part across the two slices."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = np.arange(N, dtype=np.int32) * 7 - 3
    A = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, a.nbytes)
    B = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, a.nbytes)
    cl.enqueue_copy(q, A, a)
    cl.Program(ctx, SRC).build().triple(q, (N,), (LOCAL,), A, B, np.int32(5))
    from skmd.runtime import core
    rt = core.current()
    if rt is not None:
        HOME["ptr"] = rt.home.device.int_ptr
        HOME["stayed"] = not bufmod.state_of(B).home_valid
    out = {"part": np.empty(300, np.int32), "tail": np.empty(10, np.int32),
           "b": np.empty(N, np.int32)}
    cl.enqueue_copy(q, out["part"], B, src_offset=(N // 2 - 100) * 4)  # across the slices
    cl.enqueue_copy(q, out["tail"], B, src_offset=(N - 10) * 4)        # the helper's alone
    cl.enqueue_copy(q, out["b"], B)
    q.finish()
    return out


def test_a_gather_maps_the_helpers_slice(halves, read_maps, observed):
    """The program's reads of a result a helper sharing host memory holds map its
    range (home's stay its driver's reads), give exactly a bare run's bytes, whole
    and in parts at any offset, and tell the links what the helper's reads took."""
    bad, records = compare_with_and_without(launch_and_read)
    assert not bad, bad
    assert HOME.get("stayed"), "the helper's slice did not stay where it was made"
    (rec,) = [r for r in records if r.kernel == "triple"]
    (helper,) = [lb for lb, (lo, _) in rec.ranges.items() if lo == GROUPS // 2]
    half = N * 4 // 2
    assert read_maps, "the helper's slice was read with its driver's read"
    assert all(dev != HOME["ptr"] for dev, _, _ in read_maps), "home's ranges were mapped"
    reads = [(off, n) for _, off, n in read_maps if n != links.PROBE_BYTES]  # (link probes)
    assert sorted(reads) == sorted([(half, 200 * 4), ((N - 10) * 4, 10 * 4), (half, half)])
    d2h = [n for lb, d, n in observed if d == "d2h" and lb == helper]
    assert sorted(d2h) == [10 * 4, 200 * 4, half], observed


def test_a_helper_not_sharing_host_memory_keeps_its_drivers_read(halves, read_maps,
                                                                  monkeypatch):
    from skmd.runtime import devices
    monkeypatch.setattr(devices, "_aliases_host", lambda dev: False)
    bad, _ = compare_with_and_without(launch_and_read)
    assert not bad, bad
    assert not read_maps


def test_a_refused_map_falls_back_to_the_drivers_read(halves, monkeypatch):
    from skmd.runtime import mapped_reads, raw
    real, refused = raw.enqueue_map_buffer, []

    def refuse(queue, buf, flags, *a, **kw):
        if int(flags) == int(cl.map_flags.READ):
            refused.append(1)
            raise cl.RuntimeError("map refused (injected)")
        return real(queue, buf, flags, *a, **kw)
    monkeypatch.setattr(raw, "enqueue_map_buffer", refuse)
    assert mapped_reads.raw is raw
    bad, _ = compare_with_and_without(launch_and_read)
    assert not bad, bad
    assert refused


def test_outputs_merged_home_are_read_from_the_helper_by_mapping(halves, read_maps,
                                                                   observed, monkeypatch):
    """A split whose outputs come home (not left where they were made) reads the
    helper's slice by mapping too, and its links learn from that read."""
    from skmd.runtime import split_plan
    monkeypatch.setattr(split_plan, "_mark_staying", lambda *a, **kw: None)
    bad, _ = compare_with_and_without(launch_and_read)
    assert not bad, bad
    assert not HOME.get("stayed")
    half = N * 4 // 2
    assert [(off, n) for _, off, n in read_maps if n != links.PROBE_BYTES] == [(half, half)]
    assert [n for _, d, n in observed if d == "d2h"] == [half]


@pytest.fixture(scope="module")
def pocl():
    dev = usable_platform().get_devices()[0]
    ctx = cl.Context([dev])
    return ctx, cl.CommandQueue(ctx)


@pytest.mark.parametrize("mapped", [True, False])
@pytest.mark.parametrize("offset,n", [(0, 64 << 10), (12345, 9 << 20), (3, 1)])
def test_read_gives_the_bytes_at_any_offset(pocl, mapped, offset, n):
    """Large enough to copy on several threads, small, odd offsets, one byte."""
    from skmd.runtime import mapped_reads
    ctx, q = pocl
    src = np.random.default_rng(n).integers(0, 256, offset + n + 7, dtype=np.uint8)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=src)
    dst = np.zeros(n, np.uint8)
    assert mapped_reads.read(q, buf, dst, offset, mapped, threads=3) is mapped
    assert dst.tobytes() == src[offset:offset + n].tobytes()
    # unmapped again: a kernel's write afterwards shows in the next read
    cl.enqueue_fill_buffer(q, buf, np.uint8(9), 0, src.nbytes).wait()
    mapped_reads.read(q, buf, dst, offset, mapped)
    assert (dst == 9).all()


def test_the_probe_measures_a_mapped_helpers_read_by_mapping(pocl, monkeypatch, tmp_path):
    """Its device->host figure is measured as results are read, and stored apart
    from a figure the driver's read gave (which must not stand for it)."""
    from types import SimpleNamespace

    from skmd.predict.store import ProfileStore
    from skmd.runtime import mapped_reads, staging
    ctx, q = pocl
    calls = []
    real = mapped_reads.read

    def spy(queue, buf, dst, offset=0, mapped=True, threads=None):
        calls.append(mapped)
        return real(queue, buf, dst, offset, mapped)
    monkeypatch.setattr(mapped_reads, "read", spy)
    dev = SimpleNamespace(queue=q, context=ctx, fingerprint="fp-cpu")
    store = ProfileStore(tmp_path / "p.sqlite")
    pinned = bool(staging.pool() and staging.pool().pinned)
    store.put_link("fp-cpu", 1e9, 1e9, pinned=pinned)  # the driver's read, stored earlier
    rt = SimpleNamespace(store=store)
    h2d, d2h = links.link_speed(rt, dev, mapped=True)
    assert calls and all(calls), "the probe read back with the driver's read"
    assert d2h != 1e9 and store.get_link("fp-cpu" + links.MAPPED).d2h_bps == d2h
    assert links.link_speed(rt, dev) == (1e9, 1e9)


def test_a_gpu_like_helpers_large_slice_comes_through_page_locked_chunks(
        halves, read_maps, monkeypatch):
    """A helper whose buffers are not host memory (a second GPU) has its large ranges
    read into the program's memory through page-locked chunks on its own queue, as
    home's are, not by its driver's read into pageable memory; small ones keep the
    driver's read; the bytes are a bare run's."""
    from skmd.runtime import copies, devices
    monkeypatch.setattr(devices, "_aliases_host", lambda dev: False)
    tuned(monkeypatch, stage_min_bytes=0, pin_after_bytes=0, pipeline_min_bytes=1 << 10)
    chunked, real = [], copies.read

    def spy(queue, buf, dst, offset=0, plan=None):
        chunked.append((queue.device.int_ptr, offset, dst.nbytes))
        return real(queue, buf, dst, offset, plan)
    monkeypatch.setattr(copies, "read", spy)
    bad, _ = compare_with_and_without(launch_and_read, pinned_copies="always")
    assert not bad, bad
    assert not read_maps
    half = N * 4 // 2
    helper = [(off, n) for dev, off, n in chunked if dev != HOME["ptr"]]
    assert helper == [(half, half)], chunked  # (the 800- and 40-byte ranges: the driver's)
