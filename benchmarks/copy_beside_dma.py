"""Host memory copies beside a GPU's DMA: does the link's traffic slow the host's copies?

VAST streams a kernel's pageable bytes through page-locked slots: host threads copy
them into the slots while the GPU's copy engines read other page-locked memory up and
write results down. If both draw on one memory bandwidth, the slots' copies slow
down exactly when the link is busy. Three phases, each ``--seconds`` long, repeated
``--rounds`` times in turns:

* ``copies``: ``--threads`` threads copy pageable arrays into page-locked memory (the
  slots' work: NumPy's copy lets go of the interpreter lock);
* ``dma``: the GPU moves page-locked memory up and down on two queues at once;
* ``both``: the two together.

    python benchmarks/copy_beside_dma.py [--device gpu] [--mib 256] [--threads 8]
        [--seconds 2] [--rounds 3] [--json F]

No skmd: plain pyopencl on the first device whose name or platform matches
``--device``. Prints GB/s per phase (copies count bytes read once, as a copy's
throughput is quoted; the DMA counts up + down).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing import positive, write_json  # noqa: E402


def pick_device(cl, want: str):
    for plat in cl.get_platforms():
        for dev in plat.get_devices():
            if want.lower() in f"{plat.name} {dev.name} {cl.device_type.to_string(dev.type)}".lower():
                return dev
    raise SystemExit(f"copy_beside_dma: no device matches {want!r}")


def pinned(cl, ctx, queue, nbytes: int) -> tuple[object, np.ndarray]:
    """A page-locked host array (an ALLOC_HOST_PTR buffer, mapped), kept with its buffer."""
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.ALLOC_HOST_PTR, nbytes)
    arr, _ = cl.enqueue_map_buffer(queue, buf, cl.map_flags.READ | cl.map_flags.WRITE,
                                   0, (nbytes,), np.uint8, is_blocking=True)
    arr[:] = 1  # touched: resident
    return buf, arr


def copies(srcs: list[np.ndarray], dsts: list[np.ndarray], until: float) -> int:
    """Bytes copied by one thread per (src, dst) pair until ``until``."""
    moved = [0] * len(srcs)

    def work(k: int) -> None:
        while time.perf_counter() < until:
            np.copyto(dsts[k], srcs[k])
            moved[k] += srcs[k].nbytes

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(srcs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(moved)


def dma(cl, up_q, down_q, dev_up, dev_down, host_up, host_down, until: float) -> int:
    """Bytes the GPU moved up and down at once until ``until`` (each direction keeps
    two copies queued so that its engine never waits on the host)."""
    moved = 0
    pending: list = []
    while time.perf_counter() < until:
        pending.append(cl.enqueue_copy(up_q, dev_up, host_up, is_blocking=False))
        pending.append(cl.enqueue_copy(down_q, host_down, dev_down, is_blocking=False))
        moved += host_up.nbytes + host_down.nbytes
        if len(pending) >= 4:
            pending.pop(0).wait()
            pending.pop(0).wait()
    for e in pending:
        e.wait()
    return moved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="gpu", help="a fragment of the device's name, platform or type")
    ap.add_argument("--mib", type=positive, default=256, help="size of each array / transfer")
    ap.add_argument("--threads", type=positive, default=8, help="copy threads")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=positive, default=3)
    ap.add_argument("--json", default=None)
    ns = ap.parse_args()
    if not ns.seconds > 0:
        ap.error(f"argument --seconds: {ns.seconds!r} is not above 0")
    import pyopencl as cl

    dev = pick_device(cl, ns.device)
    ctx = cl.Context([dev])
    up_q, down_q = cl.CommandQueue(ctx), cl.CommandQueue(ctx)
    n = ns.mib << 20
    keep = []  # (the buffers behind the mapped arrays, held for the run)
    up_buf, host_up = pinned(cl, ctx, up_q, n)
    down_buf, host_down = pinned(cl, ctx, up_q, n)
    keep += [up_buf, down_buf]
    dev_up = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n)
    dev_down = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, n)
    srcs = [np.full(n, k, np.uint8) for k in range(ns.threads)]  # pageable, resident
    dsts = []
    for _ in range(ns.threads):
        buf, arr = pinned(cl, ctx, up_q, n)
        keep.append(buf)
        dsts.append(arr)
    print(f"{dev.name.strip()}: {ns.threads} copy threads of {ns.mib} MiB "
          f"(pageable -> page-locked); DMA {ns.mib} MiB up + down; {ns.rounds} rounds "
          f"of {ns.seconds:g} s per phase")
    got: dict[str, list[dict[str, float]]] = {"copies": [], "dma": [], "both": []}
    for r in range(ns.rounds):
        order = ["copies", "dma", "both"] if r % 2 == 0 else ["both", "dma", "copies"]
        for phase in order:
            t0 = time.perf_counter()
            until = t0 + ns.seconds
            row: dict[str, float] = {}
            if phase == "copies":
                row["copies_gbs"] = copies(srcs, dsts, until) / (time.perf_counter() - t0) / 1e9
            elif phase == "dma":
                row["dma_gbs"] = dma(cl, up_q, down_q, dev_up, dev_down, host_up, host_down,
                                     until) / (time.perf_counter() - t0) / 1e9
            else:
                box: dict[str, int] = {}
                side = threading.Thread(target=lambda: box.setdefault(
                    "dma", dma(cl, up_q, down_q, dev_up, dev_down, host_up, host_down, until)))
                side.start()
                moved = copies(srcs, dsts, until)
                side.join()
                dt = time.perf_counter() - t0
                row["copies_gbs"], row["dma_gbs"] = moved / dt / 1e9, box["dma"] / dt / 1e9
            got[phase].append(row)
    out = {"device": dev.name.strip(), "mib": ns.mib, "threads": ns.threads,
           "seconds": ns.seconds, "rounds": got}
    print(f"{'phase':8}{'copies GB/s':>14}{'DMA up+down GB/s':>18}   (medians; each round)")
    for phase, rows in got.items():
        cells = []
        for key in ("copies_gbs", "dma_gbs"):
            vals = [row[key] for row in rows if key in row]
            cells.append(f"{statistics.median(vals):14.1f}" if vals else f"{'':>14}")
        each = "; ".join(" / ".join(f"{v:.1f}" for v in row.values()) for row in rows)
        print(f"{phase:8}{cells[0]}{cells[1]:>18}   ({each})")
    write_json(ns.json, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
