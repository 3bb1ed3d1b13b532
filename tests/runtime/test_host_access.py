"""What the host may do with a buffer, under skmd as plainly.

Buffers over the program's own memory (``USE_HOST_PTR``): the host reads and writes
that memory between commands, without a command skmd sees, and a device sharing host
memory (as PoCL's does) sees it so.  Buffers made with ``HOST_NO_ACCESS``,
``HOST_READ_ONLY`` or ``HOST_WRITE_ONLY``: the host may not read or write them, so
their bytes cannot move between devices through it.  Under skmd, split or scheduled on
helpers, the program must see what a bare run shows it."""
import numpy as np
import pytest

from skmd.testing import compare_with_and_without

from test_lazy_coherence import place_kernels

N = 3 * 4096
SRC = """
__kernel void addto(__global const float *a, __global float *b) {
    int i = get_global_id(0); b[i] += a[i]; }
__kernel void sc(__global float *x, float a) {
    int i = get_global_id(0); x[i] = x[i] * a + 1.0f; }
"""


def _way(monkeypatch, way: str) -> dict:
    if way == "mkmd":  # every kernel of a batch on a helper
        place_kernels(monkeypatch, lambda node, devs: devs[1])
        return dict(policy="even", mode="mkmd")
    return dict(policy="even")


def host_writes_between_launches(cl):
    """The host rewrites the array behind a buffer the kernel reads, between launches
    each waited for."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    src = np.ones(N, np.float32)
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=src)
    b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(N, np.float32))
    k = cl.Program(ctx, SRC).build().addto
    for v in (1, 2, 3):
        src[:] = v
        k(q, (N,), (64,), a, b)
        q.finish()
    out = np.empty(N, np.float32)
    cl.enqueue_copy(q, out, b)
    return {"b": out}


def host_reads_after_finish(cl):
    """The host looks at the array behind a buffer the kernel wrote, after ``finish()``,
    without mapping it."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    host = np.zeros(N, np.float32)
    x = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.USE_HOST_PTR, hostbuf=host)
    k = cl.Program(ctx, SRC).build().sc
    k(q, (N,), (64,), x, np.float32(5))
    k(q, (N,), (64,), x, np.float32(5))
    q.finish()
    return {"seen": host.copy()}


@pytest.mark.parametrize("program", [host_writes_between_launches, host_reads_after_finish])
@pytest.mark.parametrize("way", ["skmd", "mkmd"])
def test_the_host_sees_the_programs_own_memory_as_plainly(monkeypatch, program, way):
    bad, records = compare_with_and_without(program, **_way(monkeypatch, way))
    assert not bad, bad
    assert any(v for r in records for lb, v in r.shares.items() if lb != "cpu0"), \
        [(r.kernel, r.reason, r.shares) for r in records]


def host_access(flag_name):
    def program(cl):
        """An input the host only writes, and a buffer it may not read or write at all
        (or only read, or only write), updated in place."""
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        mf = cl.mem_flags
        src = cl.Buffer(ctx, mf.READ_ONLY | mf.HOST_WRITE_ONLY | mf.COPY_HOST_PTR,
                        hostbuf=np.arange(N, dtype=np.float32))
        acc = cl.Buffer(ctx, mf.READ_WRITE | getattr(mf, flag_name), 4 * N)
        prg = cl.Program(ctx, SRC).build()
        addto, sc = prg.addto, prg.sc
        cl.enqueue_fill_buffer(q, acc, np.float32(1), 0, 4 * N)
        for _ in range(3):
            addto(q, (N,), (64,), src, acc)
            sc(q, (N,), (64,), acc, np.float32(0.5))
        out = cl.Buffer(ctx, mf.READ_WRITE, 4 * N)
        cl.enqueue_copy(q, out, acc)
        got = np.empty(N, np.float32)
        cl.enqueue_copy(q, got, out)
        return {"acc": got}
    return program


@pytest.mark.parametrize("flag", ["HOST_NO_ACCESS", "HOST_READ_ONLY", "HOST_WRITE_ONLY"])
@pytest.mark.parametrize("way", ["skmd", "mkmd"])
def test_buffers_the_host_may_not_access_stay_on_their_device(monkeypatch, flag, way):
    bad, records = compare_with_and_without(host_access(flag), **_way(monkeypatch, way))
    assert not bad, bad
    assert any("made with HOST_" in (r.reason or "") for r in records), \
        [(r.kernel, r.reason) for r in records]
