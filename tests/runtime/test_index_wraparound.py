"""Index arithmetic that wraps around its type (a cast to ``ushort``, a ``uint`` sum
past 2^32, the range check ``(uint)(i - lo) < len``) is not the exact math the ranges
of a split are built on: such launches run whole, and ordinary ``int``/``uint``
indexing still splits."""
import numpy as np

from skmd.testing import compare_with_and_without, read_back
from skmd.transform import analyze_program
from skmd.transform.kernel_types import Launch

WRAP_SRC = r"""
__kernel void ring16(__global int *o, int off)
{
    int i = get_global_id(0);
    o[(ushort)(i + off)] = i;
}
__kernel void back(__global int *o, uint shift)
{
    uint i = get_global_id(0);
    if (i < 256) return;
    o[i + shift] = (int)i;
}
__kernel void inrange(__global int *o, int lo, int len)
{
    int i = get_global_id(0);
    if ((uint)(i - lo) < (uint)len) o[i] = i * 2;
}
__kernel void plain(__global int *o, __global const int *a, uint n)
{
    uint i = get_global_id(0);
    if (i == 0 || i >= n - 1) return;
    o[n - 1 - i] = (int)(i - 1) + a[i + 1];
}
"""


def wrap_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    mf = cl.mem_flags
    n = 1 << 16  # ring16's 65536 slots
    prg = cl.Program(ctx, WRAP_SRC).build()
    res = {}
    for name, scalar in (("ring16", np.int32(100)), ("back", np.uint32(2**32 - 256))):
        o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -1, np.int32))
        getattr(prg, name)(q, (n,), (64,), o, scalar)
        res[name] = np.empty(n, np.int32)
        cl.enqueue_copy(q, res[name], o)
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.full(n, -7, np.int32))
    prg.inrange(q, (n,), (64,), o, np.int32(5000), np.int32(30000))
    res["inrange"] = np.empty(n, np.int32)
    cl.enqueue_copy(q, res["inrange"], o)
    a = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=np.arange(n, dtype=np.int32))
    o = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=np.zeros(n, np.int32))
    prg.plain(q, (n,), (64,), o, a, np.uint32(n))
    res["plain"] = np.empty(n, np.int32)
    cl.enqueue_copy(q, res["plain"], o)
    q.finish()
    return res


def test_wrapping_indices_run_whole_and_right():
    bad, records = compare_with_and_without(wrap_program, policy="even")
    assert not bad, bad
    by = {r.kernel: r for r in records}
    for name in ("ring16", "back", "inrange"):
        assert by[name].reason and "wrap around" in by[name].reason, by[name].reason
    assert sum(1 for v in by["plain"].shares.values() if v) >= 2, by["plain"].reason


def test_wrap_checks_hold_for_ordinary_indexing():
    """Guarded ``uint`` differences, ``int`` rows times widths: nothing to refuse."""
    ka = analyze_program(WRAP_SRC, ()).kernels
    launch = Launch(global_size=(4096,), local_size=(64,), scalars={2: 4096},
                    buffer_sizes={0: 4 * 4096, 1: 4 * 4096})
    assert ka["plain"].wraps(launch) is None
    assert ka["ring16"].wraps(Launch(global_size=(4096,), local_size=(64,),
                                     scalars={1: 100}, buffer_sizes={0: 4 * 65536})) is None
    assert "wrap around" in ka["ring16"].wraps(Launch(
        global_size=(65536,), local_size=(64,), scalars={1: 100}, buffer_sizes={0: 4 * 65536}))


def test_constants_wrap_like_the_device():
    src = r"""__kernel void k(__global int *o)
    { o[(uchar)300 + get_global_id(0)] = 1; o[(ushort)-1] = 2; }"""
    acc = analyze_program(src, ()).kernels["k"].accesses
    offs = sorted(str(a.offset) for a in acc if a.kind == "write")
    assert offs == ["262140", "4*gid0 + 176"], offs


def test_a_wrapping_hash_only_stored_still_splits():
    """A value that wraps but never places an access, guard or loop is no matter."""
    src = r"""
    __kernel void lut(__global uint *o, uint seed)
    {
        uint i = get_global_id(0);
        uint h = i * 2654435761u + seed;
        o[i] = h;
        o[i + 4096] = (i * 2246822519u) ^ seed;
    }"""
    ka = analyze_program(src, ()).kernels["lut"]
    launch = Launch(global_size=(4096,), local_size=(64,), scalars={1: 12345},
                    buffer_sizes={0: 4 * 8192})
    assert ka.wraps(launch) is None


WIDE_SRC = r"""
__kernel void hi_bits(__global uint *o, ulong add)
{
    ulong i = get_global_id(0);
    o[(i + add) - 0xFFFFFFFF00000000UL] = (uint)i;
}
__kernel void wide(__global uint *o, ulong base, long step)
{
    size_t i = get_global_id(0);
    o[base + i * step] = (uint)i;
}
"""


def wide_program(cl):
    ctx = cl.create_some_context(interactive=False)
    q = cl.CommandQueue(ctx)
    n = 1 << 14
    prg = cl.Program(ctx, WIDE_SRC).build()
    o = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR,
                  hostbuf=np.zeros(n + 100, np.uint32))
    prg.hi_bits(q, (n,), (64,), o, np.uint64(0xFFFFFFFF00000000 + 100))
    prg.wide(q, (n // 2,), (64,), o, np.uint64(n + 99), np.int64(-2))
    return read_back(q, o=(o, np.empty(n + 100, np.uint32)))


def test_64_bit_values_past_their_type_run_whole():
    """A 64-bit constant or argument past 2^63 is the device's math only modulo 2^64:
    its ranges were far outside the buffer and the split lost its writes."""
    bad, records = compare_with_and_without(wide_program, policy="even")
    assert not bad, bad
    by = {r.kernel: r for r in records}
    assert by["hi_bits"].reason and "wrap around" in by["hi_bits"].reason
    assert sum(1 for v in by["wide"].shares.values() if v) >= 2, by["wide"].reason
