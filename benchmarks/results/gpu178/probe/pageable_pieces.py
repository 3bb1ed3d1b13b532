"""The GPU's link to pageable memory, piece after piece of a large array, each piece
moved once per round (as VAST's chunks move them: no piece twice in a row), in turns:

* ``driver``: ``enqueue_copy`` between the array's piece and a device buffer;
* ``host_ptr``: a ``USE_HOST_PTR`` buffer made over the piece, copied, let go (down:
  mapped, as a read must end);
* ``bounce``: NumPy's copy into page-locked memory, then its DMA (one thread, no
  overlap: skmd's slots overlap eight such threads with the DMA);
* ``pinned``: page-locked memory only (the link's own speed).

GB/s over the whole array per round, round 1 on pieces never moved before.

    python pageable_pieces.py [--gib 8] [--mib 256] [--rounds 3]
"""
import argparse, mmap, time
import numpy as np
import pyopencl as cl

ap = argparse.ArgumentParser()
ap.add_argument("--gib", type=int, default=8)
ap.add_argument("--mib", type=int, default=256)
ap.add_argument("--rounds", type=int, default=3)
ns = ap.parse_args()
total, piece = ns.gib << 30, ns.mib << 20
k = total // piece
mf = cl.mem_flags
plat = [p for p in cl.get_platforms() if "NVIDIA" in p.name or "CUDA" in p.name]
dev = (plat[0] if plat else cl.get_platforms()[0]).get_devices()[0]
ctx = cl.Context([dev]); q = cl.CommandQueue(ctx)
host = np.frombuffer(mmap.mmap(-1, total), np.uint8)
host[:] = 7  # touched, as a program's data is
d = cl.Buffer(ctx, mf.READ_WRITE, piece)
pinned = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, piece)
pv, _ = cl.enqueue_map_buffer(q, pinned, cl.map_flags.WRITE | cl.map_flags.READ, 0, (piece,), np.uint8)
pieces = [host[i * piece:(i + 1) * piece] for i in range(k)]
print(f"device {dev.name} | {ns.gib} GiB array, {k} pieces of {ns.mib} MiB")


def driver(up):
    for p in pieces:
        cl.enqueue_copy(q, d, p) if up else cl.enqueue_copy(q, p, d)


def host_ptr(up):
    keep = []
    for p in pieces:
        hb = cl.Buffer(ctx, (mf.READ_ONLY if up else mf.WRITE_ONLY) | mf.USE_HOST_PTR, hostbuf=p)
        if up:
            cl.enqueue_copy(q, d, hb)
        else:
            cl.enqueue_copy(q, hb, d)
            keep.append(cl.enqueue_map_buffer(q, hb, cl.map_flags.READ, 0, (piece,), np.uint8)[0])
        keep.append(hb)
    q.finish()
    for m in keep:
        if isinstance(m, np.ndarray):
            m.base.release()


def bounce(up):
    for p in pieces:
        if up:
            np.copyto(pv, p); cl.enqueue_copy(q, d, pv); q.finish()
        else:
            cl.enqueue_copy(q, pv, d); q.finish(); np.copyto(p, pv)


def pinned_only(up):
    for _ in pieces:
        cl.enqueue_copy(q, d, pv) if up else cl.enqueue_copy(q, pv, d)


ways = {"driver": driver, "host_ptr": host_ptr, "bounce": bounce, "pinned": pinned_only}
for r in range(1, ns.rounds + 1):
    for up in (True, False):
        for name, f in ways.items():
            try:
                t = time.perf_counter(); f(up); q.finish(); dt = time.perf_counter() - t
                print(f"round {r} {'up  ' if up else 'down'} {name:9s} {total / dt / 1e9:6.1f} GB/s")
            except Exception as exc:
                print(f"round {r} {'up  ' if up else 'down'} {name:9s} failed: {exc}")
print("bytes intact:", bool((host[::4096] == 7).all()))
