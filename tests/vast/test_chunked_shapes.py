"""Launch shapes users write, run in chunks over host memory (small sizes)."""
import numpy as np
import pytest

from skmd.testing import compare_with_and_without, run_with_skmd


def padded_program(cl):
    """A 2-D launch padded past the image's width and height, the padding turned away
    by an early return on either bound: the usual way to launch over an odd-sized image."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    w, h = 1999, 700
    img = np.linspace(-3, 3, w * h, dtype=np.float32)
    out = np.full(w * h, 7.0, np.float32)
    ib = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=img)
    ob = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=out)
    prg = cl.Program(ctx, """
    __kernel void pad2(__global float *out, __global const float *in, int w, int h) {
      int x = get_global_id(0), y = get_global_id(1);
      if (x >= w || y >= h) return;
      out[y * w + x] = in[y * w + x] + (y > 0 ? in[(y - 1) * w + x] : 0.0f);
    }""").build()
    prg.pad2(q, ((w + 31) // 32 * 32, (h + 7) // 8 * 8), (32, 8), ob, ib, np.int32(w),
             np.int32(h))
    cl.enqueue_copy(q, out, ob)
    return {"out": out}


def test_a_padded_2d_launch_with_an_early_return_runs_in_chunks(small_devices):
    bad, records = compare_with_and_without(padded_program, host_backed_min=1 << 20)
    assert not bad, bad
    (run,) = [r for r in records if r.merge == "chunks"]
    assert len([n for n in run.notes if n.startswith("VAST chunk")]) >= 2


FOLD = """
__kernel void fold(__global float *part, __global const float *in, __local float *sc) {
  int l = get_local_id(0);
  sc[l] = in[get_global_id(0)] + in[get_global_id(0) + get_global_size(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (l < s) sc[l] += sc[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) part[get_group_id(0)] = sc[0];
}
__kernel void twoout(__global float *lo, __global float *hi, __global const float *in, int h) {
  size_t i = get_global_id(0);
  lo[i] = in[i + h];
  hi[i + h] = in[i];
}"""
M = 1 << 21


def fold_program(cl):
    """The first step of a reduction, each work-item adding two elements half the
    buffer apart: every row of work-groups reads two narrow ranges far apart."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    x = np.sin(np.arange(M, dtype=np.float32))
    xb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    groups = M // 2 // 256
    pb = cl.Buffer(ctx, mf.WRITE_ONLY, 4 * groups)
    prg = cl.Program(ctx, FOLD).build()
    prg.fold(q, (M // 2,), (256,), pb, xb, cl.LocalMemory(4 * 256))
    part = np.empty(groups, np.float32)
    cl.enqueue_copy(q, part, pb)
    return {"part": part}


def test_reads_far_apart_go_through_the_page_table(small_devices):
    bad, records = compare_with_and_without(fold_program, host_backed_min=1 << 20)
    assert not bad, bad
    (run,) = [r for r in records if r.merge == "chunks"]
    assert len([n for n in run.notes if n.startswith("VAST chunk")]) >= 2
    assert "frames" in run.notes[0], run.notes[0]  # through the page table


def test_one_buffer_written_far_apart_is_refused_by_name(small_devices):
    """``lo`` and ``hi`` the same buffer: each row writes two ranges half the buffer
    apart, which neither a window nor the page table can carry."""
    def program(cl):
        ctx = cl.create_some_context(interactive=False)
        q = cl.CommandQueue(ctx)
        mf = cl.mem_flags
        src = cl.Buffer(ctx, mf.READ_ONLY, 4 * M)
        both = cl.Buffer(ctx, mf.READ_WRITE, 4 * M)
        prg = cl.Program(ctx, FOLD).build()
        with pytest.raises(cl.RuntimeError, match="kernel twoout .*argument lo"):
            prg.twoout(q, (M // 2,), (256,), both, both, src, np.int32(M // 2))
        return {}
    run_with_skmd(program, host_backed_min=1 << 20)
