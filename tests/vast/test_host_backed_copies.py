"""Copies between a buffer kept in host memory and a device buffer a split launch
wrote or mirrored: the copy sees every device's share, and what it writes replaces
the copies the helpers hold."""
import numpy as np

from skmd.testing import compare_with_and_without

M = 50_000  # a device buffer: 200 KB, under the host-backed size below
SRC = """
__kernel void produce(__global float *o) { int i = get_global_id(0); o[i] = (float)i; }
__kernel void twice(__global const float *a, __global float *o) {
    int i = get_global_id(0); o[i] = 2.0f * a[i]; }
"""


def copies_beside_splits(cl):
    """A split launch writes a device buffer, copied into a host-backed one; then a
    split launch reads a device buffer, a copy from the host-backed one replaces its
    bytes, and a split launch reads it again."""
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    prg = cl.Program(ctx, SRC).build()
    small = cl.Buffer(ctx, mf.READ_WRITE, 4 * M)
    out = cl.Buffer(ctx, mf.READ_WRITE, 4 * M)
    big = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR,
                    hostbuf=np.arange(6 * M, dtype=np.float32))
    cl.Kernel(prg, "produce")(q, (M,), None, small)
    cl.enqueue_copy(q, big, small, byte_count=4 * M, dst_offset=0)
    whole = np.empty(6 * M, np.float32)
    cl.enqueue_copy(q, whole, big)
    twice = cl.Kernel(prg, "twice")
    twice(q, (M,), None, small, out)
    cl.enqueue_copy(q, small, big, byte_count=4 * M, src_offset=4 * M)
    twice(q, (M,), None, small, out)
    got = np.empty(M, np.float32)
    cl.enqueue_copy(q, got, out)
    return {"big": whole, "out": got}


def test_copies_with_host_backed_buffers_see_and_replace_split_bytes():
    bad, records = compare_with_and_without(copies_beside_splits, policy="even",
                                            host_backed_min=1 << 20)
    assert not bad, bad
    # the device buffers' launches were split (else this tests nothing)
    assert sum(1 for r in records if len([v for v in r.shares.values() if v]) > 1) >= 2, \
        [(r.kernel, r.reason, r.shares) for r in records]
