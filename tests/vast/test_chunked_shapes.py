"""Launch shapes users write, run in chunks over host memory (small sizes)."""
import numpy as np

from skmd.testing import compare_with_and_without


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
