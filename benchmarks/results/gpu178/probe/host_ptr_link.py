"""Can the GPU read and write the program's own pageable memory at the link's speed
without a copy through page-locked slots?  A buffer made with ``USE_HOST_PTR`` over a
piece of a pageable NumPy array (page-aligned), copied to a device buffer with
``enqueue_copy`` (buffer to buffer), against: the driver's pageable write
(``enqueue_copy`` from the array), a page-locked buffer's copy (the link's speed), and
NumPy's copy into page-locked memory followed by its DMA (skmd's slots, one thread).
Each: GB/s of the piece, best of ``--repeat``, the USE_HOST_PTR buffer made anew each
time (its making is in the time) and also made once (its making left out).

    python host_ptr_link.py [--mib 1024] [--repeat 4]
"""
import argparse, mmap, time
import numpy as np
import pyopencl as cl

ap = argparse.ArgumentParser()
ap.add_argument("--mib", type=int, default=1024)
ap.add_argument("--repeat", type=int, default=4)
ns = ap.parse_args()
n = ns.mib << 20
mf = cl.mem_flags
plat = [p for p in cl.get_platforms() if "NVIDIA" in p.name or "CUDA" in p.name]
dev = (plat[0] if plat else cl.get_platforms()[0]).get_devices()[0]
ctx = cl.Context([dev]); q = cl.CommandQueue(ctx)
print("device", dev.name, "|", ns.mib, "MiB pieces")
raw = mmap.mmap(-1, n)  # page-aligned pageable memory, as a large NumPy array gets
host = np.frombuffer(raw, np.uint8); host[:] = 7
back = np.frombuffer(mmap.mmap(-1, n), np.uint8); back[:] = 0
d = cl.Buffer(ctx, mf.READ_WRITE, n)
pinned = cl.Buffer(ctx, mf.READ_WRITE | mf.ALLOC_HOST_PTR, n)
pv, _ = cl.enqueue_map_buffer(q, pinned, cl.map_flags.WRITE | cl.map_flags.READ, 0, (n,), np.uint8)


def best(f):
    f(); q.finish()
    t = []
    for _ in range(ns.repeat):
        s = time.perf_counter(); f(); q.finish(); t.append(time.perf_counter() - s)
    return n / min(t) / 1e9


def hp_up_new():
    hb = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=host)
    cl.enqueue_copy(q, d, hb); q.finish()


def hp_down_new():
    hb = cl.Buffer(ctx, mf.WRITE_ONLY | mf.USE_HOST_PTR, hostbuf=back)
    cl.enqueue_copy(q, hb, d)
    cl.enqueue_map_buffer(q, hb, cl.map_flags.READ, 0, (n,), np.uint8)[0].base.release(); q.finish()


hb_once = cl.Buffer(ctx, mf.READ_WRITE | mf.USE_HOST_PTR, hostbuf=host)
rows = [
    ("pageable enqueue_copy up", lambda: cl.enqueue_copy(q, d, host)),
    ("pageable enqueue_copy down", lambda: cl.enqueue_copy(q, back, d)),
    ("page-locked buffer up (link)", lambda: cl.enqueue_copy(q, d, pinned)),
    ("page-locked buffer down (link)", lambda: cl.enqueue_copy(q, pinned, d)),
    ("numpy copy into page-locked, then up", lambda: (np.copyto(pv, host), cl.enqueue_copy(q, d, pinned))),
    ("USE_HOST_PTR buffer made, copied up", hp_up_new),
    ("USE_HOST_PTR buffer made, copied down, mapped", hp_down_new),
    ("USE_HOST_PTR buffer made once, copied up", lambda: cl.enqueue_copy(q, d, hb_once)),
    ("USE_HOST_PTR buffer made once, copied down", lambda: cl.enqueue_copy(q, hb_once, d)),
]
for name, f in rows:
    try:
        print(f"{name:48s} {best(f):6.1f} GB/s")
    except Exception as exc:  # a driver that refuses: said, and the next
        print(f"{name:48s} failed: {exc}")
print("bytes right after the USE_HOST_PTR round trip:", bool((back == 7).all()))
