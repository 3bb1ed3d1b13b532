"""Whether each device honours global work offsets past 2**31 and 2**32 work-items.

A launch of 1024 items at such an offset writes each item's get_global_id(0) and
get_group_id(0); both are compared with what OpenCL says they must be.  VAST's
chunk launches of buffers past 16 GiB of floats take such offsets.
"""
import numpy as np
import pyopencl as cl

SRC = """
__kernel void ids(__global ulong *gid, __global ulong *grp, ulong off) {
  size_t i = get_global_id(0);
  gid[i - off] = (ulong)i;
  grp[i - off] = (ulong)get_group_id(0);
}
"""
N, LS = 1024, 256
OFFSETS = (0, (1 << 31) + LS * 7, (1 << 32) + LS * 3, 5_000_000_000 // LS * LS)


def probe(dev: cl.Device) -> None:
    ctx = cl.Context([dev])
    q = cl.CommandQueue(ctx)
    ids = cl.Kernel(cl.Program(ctx, SRC).build(), "ids")
    for off in OFFSETS:
        gid = np.zeros(N, np.uint64)
        grp = np.zeros(N, np.uint64)
        G = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=gid)
        P = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=grp)
        try:
            ids(q, (N,), (LS,), G, P, np.uint64(off), global_offset=(off,))
            cl.enqueue_copy(q, gid, G)
            cl.enqueue_copy(q, grp, P)
            q.finish()
        except Exception as exc:
            print(f"{dev.name} offset {off}: {type(exc).__name__}: {exc}")
            return
        ok_ids = (gid == np.arange(off, off + N, dtype=np.uint64)).all()
        ok_grp = (grp == np.arange(N, dtype=np.uint64) // LS).all()
        print(f"{dev.name} offset {off}: global ids {'ok' if ok_ids else 'WRONG ' + str(gid[:3])}"
              f", group ids {'ok' if ok_grp else 'WRONG ' + str(grp[:3])}")


for platform in cl.get_platforms():
    for dev in platform.get_devices():
        probe(dev)
