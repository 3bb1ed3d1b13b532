"""Host-backed buffers and chunked launches in one process (small sizes).

``SKMD_HOST_BACKED_MIN`` puts small buffers in host memory, and a tiny share of
the devices' memory (``chunked.FILL``) forces many chunks, so every path of a
launch larger than a device runs here in seconds."""
import numpy as np
import pytest

from skmd.testing import compare_with_and_without, mismatches, run_bare, run_with_skmd

N = 1 << 20
SRC = """
__kernel void triad(__global float *a, __global const float *b, __global const float *c,
                    float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
__kernel void gather(__global float *out, __global const float *src,
                     __global const int *idx) {
  size_t i = get_global_id(0);
  out[i] = src[idx[i]] * 2.0f + src[idx[i] + 1];
}
__kernel void total(__global float *out, __global const float *big, int n) {
  float s = 0.0f;
  for (int j = 0; j < n; j++) s += big[j];
  out[get_global_id(0)] = s;
}
__kernel void bump(__global float *a) { a[get_global_id(0)] += 1.0f; }
"""


def _vast(records):
    return [r for r in records if r.merge == "chunks"]


def triad_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    b = np.linspace(0, 1, N, dtype=np.float32)
    c = np.cos(b)
    a = np.empty_like(b)
    use = np.sin(b)  # the program's own memory backs this one
    ab = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=c)
    prg = cl.Program(ctx, SRC).build()
    prg.triad(q, (N,), (128,), ab, bb, cb, np.float32(3.0))
    cl.enqueue_copy(q, a, ab)
    ub = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=use)
    prg.bump(q, (N,), (64,), ub)
    cl.enqueue_copy(q, use, ub)
    return {"a": a, "use": use.copy()}


def gather_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    src = np.linspace(-1, 1, 8 * N, dtype=np.float32)
    i = np.arange(N, dtype=np.int64)
    idx = (i * 7 + (i * 2654435761) % 97).clip(0, 8 * N - 2).astype(np.int32)
    out = np.empty(N, np.float32)
    sb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=src)
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=idx)
    ob = cl.Buffer(ctx, mf.WRITE_ONLY, out.nbytes)
    prg = cl.Program(ctx, SRC).build()
    prg.gather(q, (N,), (128,), ob, sb, ib)
    cl.enqueue_copy(q, out, ob)
    return {"out": out}


def test_triad_in_chunks_is_bit_identical(small_devices):
    bad, records = compare_with_and_without(triad_program, host_backed_min=1 << 20)
    assert not bad, bad
    runs = _vast(records)
    assert len(runs) == 2
    # several chunks, on more than one device, each moving only its rows
    assert len([n for n in runs[0].notes if n.startswith("VAST chunk")]) >= 2
    assert sum(1 for v in runs[0].shares.values() if v) >= 2
    assert runs[0].bytes_moved and sum(
        v for k, v in runs[0].bytes_moved.items() if k.startswith("host->")) == 2 * 4 * N


def test_gather_goes_through_the_page_table(small_devices):
    bad, records = compare_with_and_without(gather_program, host_backed_min=1 << 20)
    assert not bad, bad
    (run,) = _vast(records)
    assert "frames" in run.notes[0]
    assert len([n for n in run.notes if n.startswith("VAST chunk")]) >= 2


def test_every_group_reading_the_whole_buffer_is_refused_with_a_drivers_code(small_devices):
    """Refused by name; a program catching ``cl.Error`` may look at its ``code``, and a
    refusal has one."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        big = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, 16 * N)
        out = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, 4 * 256)
        prg = cl.Program(ctx, SRC).build()
        with pytest.raises(cl.RuntimeError, match="kernel total .*every work-group") as got:
            prg.total(q, (256,), (64,), out, big, np.int32(4 * N))
        assert got.value.code == cl.status_code.INVALID_OPERATION
        assert got.value.routine == "clEnqueueNDRangeKernel"
        return {}
    run_with_skmd(program, host_backed_min=1 << 20)


def test_a_launch_of_arguments_a_call_left_behind_is_refused_not_run_on_a_stand_in(
        small_devices):
    """``Kernel.__call__`` set the arguments (a host-backed buffer among them, which the
    driver holds as its 64-byte stand-in); launching the kernel again through
    ``enqueue_nd_range_kernel`` would run it over the stand-in (heap corruption on a
    device sharing host memory): it is refused with the way out.  With every argument
    set again, it runs in chunks."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                      hostbuf=np.zeros(N, np.float32))
        bump = cl.Program(ctx, SRC).build().bump
        bump(q, (N,), (64,), a)
        with pytest.raises(cl.RuntimeError, match="kernel bump .*set them all again"):
            cl.enqueue_nd_range_kernel(q, bump, (N,), (64,))
        bump.set_args(a)
        cl.enqueue_nd_range_kernel(q, bump, (N,), (64,))
        out = np.empty(N, np.float32)
        cl.enqueue_copy(q, out, a)
        return {"a": out}
    out, records = run_with_skmd(program, host_backed_min=1 << 20)
    assert np.all(out["a"] == 2), np.unique(out["a"])
    assert len(_vast(records)) == 2


def test_a_launch_gated_on_a_user_event_not_set_yet_is_refused_not_waited_for():
    """A launch over host memory runs at its call; one waiting on a user event the
    program sets only after the call returns would wait for ever: refused instead."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        c = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * N)
        bump = cl.Program(ctx, SRC).build().bump
        gate = cl.UserEvent(ctx)
        with pytest.raises(cl.RuntimeError, match="kernel bump .*user event not set yet"):
            bump(q, (N,), (64,), c, wait_for=[gate])
        gate.set_status(cl.command_execution_status.COMPLETE)
        bump(q, (N,), (64,), c, wait_for=[gate])  # set: it runs
        return {}
    _, records = run_with_skmd(program, host_backed_min=1 << 20)
    assert len(_vast(records)) == 1


ALIASED = """
__kernel void axpy(__global float *y, __global const float *x, float s) {
  size_t i = get_global_id(0);
  y[i] += s * x[i];
}
__kernel void square(__global float *z, __global const float *x, __global const float *y) {
  size_t i = get_global_id(0);
  z[i] = x[i] * y[i];
}
__kernel void twice(__global float *a, __global float *b) {
  size_t i = get_global_id(0);
  a[i] = 1.0f + 0.5f * a[i];
  b[i] += 2.0f;
}
__kernel void one(__global float *a, int at) { a[at + get_global_id(0)] = 5.0f; }
"""


def one_buffer_twice(cl):
    """One host-backed buffer passed as two arguments: read and written in place,
    read twice, written twice; and a launch of a single work-item."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                  hostbuf=np.linspace(0, 1, N, dtype=np.float32))
    c = cl.Buffer(ctx, mf.READ_WRITE, 4 * N)
    prg = cl.Program(ctx, ALIASED).build()
    prg.axpy(q, (N,), (64,), a, a, np.float32(0.25))
    prg.square(q, (N,), (64,), c, a, a)
    prg.twice(q, (N,), (64,), c, c)
    prg.one(q, (1,), None, c, np.int32(7))
    out = {"a": np.empty(N, np.float32), "c": np.empty(N, np.float32)}
    for name, buf in (("a", a), ("c", c)):
        cl.enqueue_copy(q, out[name], buf)
    return out


def test_arguments_passing_one_host_backed_buffer_share_its_window(small_devices):
    bad, records = compare_with_and_without(one_buffer_twice, host_backed_min=1 << 20)
    assert not bad, bad
    runs = _vast(records)
    assert [r.kernel for r in runs] == ["axpy", "square", "twice", "one"], \
        [(r.kernel, r.reason) for r in records]
    assert all(len([n for n in r.notes if n.startswith("VAST chunk")]) >= 2
               for r in runs[:3])


def arrays_in_place(cl):
    """pyopencl arrays in place (``a += b``: one buffer through two arguments), times
    themselves, and an element set."""
    import pyopencl.array as cla
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    a = cla.to_device(q, np.linspace(0, 1, N, dtype=np.float32))
    b = cla.to_device(q, np.cos(np.linspace(0, 3, N, dtype=np.float32)))
    a += b
    c = a * a
    a[7] = 5.0
    return {"a": a.get(), "c": c.get()}


def test_pyopencl_arrays_over_host_memory_run_in_place():
    """(Their kernels loop over the whole array in every work-item: one chunk, so only
    while a device holds it.)"""
    bad, records = compare_with_and_without(arrays_in_place, host_backed_min=1 << 20)
    assert not bad, bad
    assert {r.kernel for r in _vast(records)} >= {"axpbyz", "multiply"}


def forbidden_commands(cl):
    """Commands a driver refuses: reading a buffer the host may not read, writing one it
    may only read, a bad range, a kernel launched on another context's queue, a local
    size past the device's limit, not dividing the global size or of another rank, a
    global offset of another rank, a kernel with arguments never set.  The program catches each and records its code."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    codes = []
    host = np.zeros(N, np.float32)
    closed = cl.Buffer(ctx, mf.READ_WRITE | mf.HOST_NO_ACCESS, 4 * N)
    shown = cl.Buffer(ctx, mf.READ_WRITE | mf.HOST_READ_ONLY | mf.COPY_HOST_PTR, hostbuf=host)
    other = cl.CommandQueue(cl.Context(ctx.devices))
    prg = cl.Program(ctx, SRC).build()
    bump, triad = prg.bump, cl.Kernel(prg, "triad")
    triad.set_arg(1, shown)
    for attempt in (lambda: cl.enqueue_copy(q, host, closed),
                    lambda: cl.enqueue_copy(q, shown, host),
                    lambda: cl.enqueue_copy(q, host, shown, src_offset=8),
                    lambda: bump(other, (N,), (64,), shown),
                    lambda: bump(q, (N,), (1 << 16,), shown),
                    lambda: bump(q, (N - 1,), (64,), shown),
                    lambda: cl.enqueue_nd_range_kernel(q, triad, (N,), (64,)),
                    lambda: bump(q, (N,), (64, 1), shown),
                    lambda: bump(q, (N,), (64,), shown, global_offset=(0, 0)),
                    lambda: bump(q, (N,), (64,), shown)):  # allowed: the kernel writes it
        try:
            attempt()
            codes.append(0)
        except cl.Error as exc:
            codes.append(exc.code)
    cl.enqueue_copy(q, host, shown)  # allowed: the host may read it
    return {"codes": np.array(codes), "shown": host}


def test_commands_a_driver_refuses_fail_with_its_codes_over_host_memory():
    bare = run_bare(forbidden_commands)
    assert list(bare["codes"]) == [-59, -59, -30, -34, -54, -54, -52, -30, -30, 0], bare["codes"]
    out, _ = run_with_skmd(forbidden_commands, host_backed_min=1 << 20)
    assert not mismatches(bare, out), (bare["codes"], out["codes"])


def test_host_backed_buffers_behave_like_buffers():
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        mf = cl.mem_flags
        dev = ctx.devices[0]
        host = np.arange(N, dtype=np.float32)
        b = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=host)
        c = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=host)
        assert b.size == c.size == host.nbytes
        assert b.get_info(cl.mem_info.SIZE) == host.nbytes
        host[0] = 42  # USE_HOST_PTR: the buffer is the program's memory
        back = np.empty_like(host)
        cl.enqueue_copy(q, back, b)
        assert back[0] == 42
        cl.enqueue_copy(q, back, c)  # COPY_HOST_PTR: a copy, made at creation
        assert back[0] == 0
        cl.enqueue_fill_buffer(q, c, np.float32(2.5), 0, c.size)
        cl.enqueue_copy(q, b, c, byte_count=16, dst_offset=8)
        assert host[2] == 2.5 and host[1] == 1 and host[6] == 6
        mapped, _ = cl.enqueue_map_buffer(q, b, cl.map_flags.WRITE, 8, (4,), np.float32)
        mapped[:] = 7  # the map is the host bytes themselves
        mapped.base.release(q)
        assert list(host[2:6]) == [7, 7, 7, 7]
        with pytest.raises(cl.RuntimeError, match="host memory"):
            cl._cl._enqueue_read_buffer_rect(q, b, np.empty(16, np.float32), (0, 0, 0),
                                             (0, 0, 0), (16, 1, 1))
        assert dev.max_mem_alloc_size >= dev.global_mem_size >= 1 << 30
        return {}
    run_with_skmd(program, host_backed_min=1 << 20)


def test_a_buffer_past_what_can_be_backed_fails_as_the_drivers_does(monkeypatch):
    """Past the virtual device's largest allocation: the driver's INVALID_BUFFER_SIZE,
    before anything is allocated; an allocation of host bytes below it that fails:
    pyopencl's MemoryError, MEM_OBJECT_ALLOCATION_FAILURE (not numpy's MemoryError)."""
    import pyopencl as cl

    from skmd.runtime import host_backed

    def refused(cl):
        ctx = cl.create_some_context(interactive=False)
        most = ctx.devices[0].max_mem_alloc_size
        codes = []
        for n in (most + 1, 1 << 40, 1 << 62):
            with pytest.raises(cl.LogicError) as err:
                cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n)
            codes.append(err.value.code)
        return {"codes": np.array(codes)}

    out, _ = run_with_skmd(refused)
    assert list(out["codes"]) == [cl.status_code.INVALID_BUFFER_SIZE] * 3, out["codes"]

    def no_memory(flags, n, hostbuf):
        raise MemoryError(f"Unable to allocate {n} bytes")
    monkeypatch.setattr(host_backed, "_host_bytes", no_memory)

    def failed(cl):
        ctx = cl.create_some_context(interactive=False)
        with pytest.raises(cl.MemoryError) as err:
            cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 2 << 20)
        return {"code": np.array([err.value.code])}

    out, _ = run_with_skmd(failed, host_backed_min=1 << 20)
    assert out["code"][0] == cl.status_code.MEM_OBJECT_ALLOCATION_FAILURE, out["code"]


def test_uninstall_restores_the_buffer_class():
    import pyopencl as cl
    from pyopencl import _cl
    run_with_skmd(lambda cl: {})
    assert cl.Buffer is _cl.Buffer


def test_page_locked_pieces_hold_a_buffer_across_their_seams(small_devices, monkeypatch):
    """On a GPU home the bytes are page-locked pieces: transfers split at their seams."""
    from skmd.runtime import host_backed, host_bytes

    real = host_backed.configure

    def pieces(limit, force_min, make=None):
        def make_pieces(n):
            from skmd.runtime.core import get_runtime
            home = get_runtime().home
            return host_bytes.page_locked(n, home.context, home.queue, piece=3 << 18)
        real(limit, force_min, make_pieces)
    monkeypatch.setattr(host_backed, "configure", pieces)
    bad, records = compare_with_and_without(triad_program, host_backed_min=1 << 20)
    assert not bad, bad
    assert len(_vast(records)) == 2


def test_host_bytes_segments_cover_a_range_once():
    import numpy as np
    from skmd.runtime.host_bytes import HostBytes
    hb = HostBytes([np.zeros(10, np.uint8), np.zeros(7, np.uint8), np.zeros(5, np.uint8)])
    segs = hb.segments(8, 19)
    assert [(at, v.nbytes) for at, v in segs] == [(8, 2), (10, 7), (17, 2)]
    hb.copy_in(8, np.arange(11, dtype=np.uint8))
    back = np.empty(11, np.uint8)
    hb.copy_out(8, back)
    assert list(back) == list(range(11)) and hb.pieces[1][0] == 2


def matvec_program(cl):
    """A large matrix and small vectors: the output is a buffer that fits."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    rows, cols = 4096, 256
    m = np.sin(np.arange(rows * cols, dtype=np.float32))
    x = np.cos(np.arange(cols, dtype=np.float32))
    y = np.empty(rows, np.float32)
    mb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=m)
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    yb = cl.Buffer(ctx, mf.WRITE_ONLY, y.nbytes)
    prg = cl.Program(ctx, """
    __kernel void matvec(__global float *y, __global const float *m, __global const float *x,
                         int cols) {
      int r = get_global_id(0);
      float acc = 0.0f;
      for (int j = 0; j < cols; j++) acc += m[r * cols + j] * x[j];
      y[r] = acc;
    }""").build()
    prg.matvec(q, (rows,), (64,), yb, mb, xb, np.int32(cols))
    cl.enqueue_copy(q, y, yb)
    return {"y": y}


def test_small_outputs_are_staged_so_chunks_use_every_device(small_devices):
    bad, records = compare_with_and_without(matvec_program, host_backed_min=1 << 20)
    assert not bad, bad
    (run,) = _vast(records)
    assert sum(1 for v in run.shares.values() if v) >= 2


def test_interleaved_writes_of_chunks_are_refused_not_merged(small_devices):
    """A transpose: every row of work-groups writes a column stripe across the whole
    output (write-backs of windows would undo each other): refused by name."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        n = 1024
        src = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, 4 * n * n)
        dst = cl.Buffer(ctx, cl.mem_flags.WRITE_ONLY, 4 * n * n)
        prg = cl.Program(ctx, """
        __kernel void transpose(__global float *out, __global const float *in, int n) {
          int x = get_global_id(0), y = get_global_id(1);
          out[x * n + y] = in[y * n + x];
        }""").build()
        with pytest.raises(cl.RuntimeError, match="kernel transpose .*argument out"):
            prg.transpose(q, (n, n), (16, 16), dst, src, np.int32(n))
        return {}
    run_with_skmd(program, host_backed_min=1 << 20)


def test_skmd_own_buffers_are_never_host_backed():
    """Page-locked pieces, staging and mirrors are skmd's: only the program's buffers
    are kept in host memory, however large (else a piece would need pieces)."""
    def program(cl):
        from skmd.runtime import host_backed, host_bytes, staging
        from skmd.runtime.core import get_runtime
        ctx = cl.create_some_context(interactive=False)
        assert host_backed.is_host_backed(cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 << 20))
        home = get_runtime().home
        hb = host_bytes.page_locked(8 << 20, home.context, home.queue, piece=2 << 20)
        assert len(hb.pieces) == 4 and not any(map(host_backed.is_host_backed, hb._keep))
        slot = staging.take(4 << 20)
        assert slot.nbytes == 4 << 20
        staging.give(slot)
        host_bytes.release(hb)  # its pieces serve the next page-locked buffer
        again = host_bytes.page_locked(6 << 20, home.context, home.queue, piece=2 << 20)
        assert {a.ctypes.data for a in again.pieces} <= {a.ctypes.data for a in hb.pieces}
        return {}
    run_with_skmd(program, host_backed_min=1 << 20)


def test_commands_behind_an_event_not_set_yet_are_refused_by_name_over_host_memory():
    """A copy served from host memory, and a launch run in chunks, happen at their call:
    behind a user event the program sets later (in its wait list, or a barrier its
    queue holds) they would wait for ever; they are refused, naming why."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        mf = cl.mem_flags
        a = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(N, np.float32))
        b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.ones(N, np.float32))
        scale = cl.Program(ctx, "__kernel void s(__global float *x) "
                                "{ x[get_global_id(0)] *= 2.0f; }").build().s
        said = []
        # an event that ends of itself (a kernel's, maybe still running) is waited for
        q2 = cl.CommandQueue(ctx)
        kev = scale(q2, (N,), None, b)
        cl.enqueue_copy(q, a, np.full(N, 3, np.float32), wait_for=[kev])
        cl.enqueue_barrier(q, wait_for=[scale(q2, (N,), None, b)])
        cl.enqueue_copy(q, a, b, byte_count=16)
        back = np.empty(N, np.float32)
        cl.enqueue_copy(q, back, a)
        said.append(back[:6].tolist())
        for attempt in ("copy", "launch"):
            gate = cl.UserEvent(ctx)
            try:
                if attempt == "copy":
                    cl.enqueue_copy(q, a, b, wait_for=[gate])
                else:
                    cl.enqueue_barrier(q, wait_for=[gate])
                    scale(q, (N,), None, a)
            except cl.RuntimeError as exc:
                said.append(str(exc))
            gate.set_status(cl.command_execution_status.COMPLETE)
            q.finish()
        return said
    said, _ = run_with_skmd(program, host_backed_min=1 << 20)
    assert said[0] == [4, 4, 4, 4, 3, 3], said[0]
    assert len(said) == 3 and all("set the event first" in s for s in said[1:]), said


def test_a_sub_buffer_of_host_memory_is_refused_naming_why():
    """Sub-buffers of a buffer kept in host memory are not made: the driver's code for a
    region it cannot make, with a message that says why (the driver alone would judge
    the region against the 64-byte stand-in and name nothing)."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        big = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * N)
        said = []
        for make in (lambda: big.get_sub_region(1024, 4096), lambda: big[1024:4096]):
            try:
                make()
            except cl.LogicError as exc:
                said.append((exc.code, str(exc)))
        return said
    said, _ = run_with_skmd(program, host_backed_min=1 << 20)
    assert [c for c, _ in said] == [-30, -30], said
    assert all("host memory" in m and "sub-buffers" in m for _, m in said), said


def fortran_ordered_hosts(cl):
    """Fortran-ordered host arrays into and out of buffers, as pyopencl takes them
    (the bytes in memory order); a strided one refused as pyopencl refuses it."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    h = np.asfortranarray(np.arange(N, dtype=np.float32).reshape(512, -1))
    a = cl.Buffer(ctx, mf.READ_WRITE, h.nbytes)
    cl.enqueue_copy(q, a, h)
    b = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h)
    cl.Program(ctx, SRC).build().bump(q, (N,), None, b)
    back_c, back_f = np.empty(N, np.float32), np.empty((512, N // 512), np.float32, order="F")
    cl.enqueue_copy(q, back_c, a)
    cl.enqueue_copy(q, back_f, b)
    errors = []
    for f in (lambda: cl.enqueue_copy(q, a, h[:, ::2]),
              lambda: cl.enqueue_copy(q, h[::2], a),
              lambda: cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=h[:, ::2])):
        try:
            f()
            errors.append("none")
        except Exception as exc:  # noqa: BLE001 - the kind and text are the result
            errors.append(f"{type(exc).__name__}: {exc}")
    return {"c": back_c, "f": back_f, "errors": np.array(errors)}


def test_fortran_ordered_host_arrays_move_as_plainly():
    bare = run_bare(fortran_ordered_hosts)
    assert bare["errors"][0].startswith("ValueError"), bare["errors"]
    out, _ = run_with_skmd(fortran_ordered_hosts, host_backed_min=1 << 20)
    assert not mismatches(bare, out), (bare["errors"], out["errors"])


def test_a_launch_with_no_local_size_of_a_kernel_that_requires_one_fails_as_plainly(
        small_devices):
    """OpenCL refuses a launch with no local size of a kernel whose
    ``reqd_work_group_size`` names one (``INVALID_WORK_GROUP_SIZE``, a ``LogicError``
    from pyopencl): over host memory the same, not skmd's own refusal."""
    src = ("__kernel __attribute__((reqd_work_group_size(64, 1, 1)))"
           " void fixed(__global float *a) { a[get_global_id(0)] += 1.0f; }")

    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        a = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4 * N)
        knl = cl.Program(ctx, src).build().fixed
        with pytest.raises(cl.LogicError) as got:
            knl(q, (N,), None, a)
        assert got.value.code == cl.status_code.INVALID_WORK_GROUP_SIZE
        return {}
    run_bare(program)
    run_with_skmd(program, host_backed_min=1 << 20)
