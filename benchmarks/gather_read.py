"""Reading a CPU device's buffer back into the program's memory: the driver's read
against mapping it and copying on several threads (what a gather does now).

A split's CPU share stays in the CPU device's buffer until the program reads it;
``placement.gather`` used PoCL's read (one memcpy thread), and the models priced
the CPU's output at that rate.  Timed here, each path on the same buffer, in
rounds taken in turn, medians reported:

  * ``driver read``: ``clEnqueueReadBuffer``, blocking (the old path);
  * ``mapped, N thread(s)``: map for reading, :func:`skmd.runtime.copies.copy` on N
    threads, unmap (the new path, ``mapped_reads.read``, with skmd's N);
  * ``host copy, N thread(s)``: the same copy between two host arrays, for the
    memory's own pace.

The destination is a plain (pageable) NumPy array, as the program's is.

    POCL_DEVICES="pthread pthread" python benchmarks/gather_read.py [--mib 64 24] \\
        [--rounds 9] [--threads 1 8] [--out FILE]
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from typing import Callable

import numpy as np


def cpu_device():
    """The first CPU device skmd would use (one whose compiler works here)."""
    from skmd.runtime.devices import discover
    devices, _ = discover()
    cpus = [d for d in devices if d.kind == "cpu"]
    if not cpus:
        sys.exit("no usable CPU OpenCL device")
    return cpus[0]


def measure(dev, nbytes: int, rounds: int, threads: list[int]
            ) -> list[tuple[str, list[float], bool]]:
    """(path, seconds of each round, bytes right) of every path over ``nbytes``."""
    import pyopencl as cl

    from skmd.runtime import copies, mapped_reads, raw
    ctx, q = dev.context, dev.queue
    src = np.random.default_rng(nbytes).integers(0, 256, nbytes, dtype=np.uint8)
    buf = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, nbytes)
    raw.enqueue_write_buffer(q, buf, src, is_blocking=True)
    host_src = src.copy()
    dst = np.zeros(nbytes, np.uint8)
    paths: list[tuple[str, Callable[[], object]]] = [
        ("driver read", lambda: raw.enqueue_read_buffer(q, buf, dst, is_blocking=True))]
    for k in threads:
        paths.append((f"mapped, {k} thread(s)",
                      lambda k=k: mapped_reads.read(q, buf, dst, 0, True, threads=k)))
    for k in threads:
        paths.append((f"host copy, {k} thread(s)",
                      lambda k=k: copies.copy(dst, host_src, threads=k)))
    times: dict[str, list[float]] = {name: [] for name, _ in paths}
    right: dict[str, bool] = {}
    for name, fn in paths:
        dst[:] = 0
        fn()  # warm up
        right[name] = dst.tobytes() == src.tobytes()
    for _ in range(rounds):  # paths in turn each round: drifts hit every path alike
        for name, fn in paths:
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    buf.release()
    return [(name, times[name], right[name]) for name, _ in paths]


def table(rows: list[tuple[int, str, list[float], bool]]) -> str:
    out = [f"{'MiB':>5}  {'path':<24} {'median ms':>10} {'GB/s':>7} {'min ms':>8} "
           f"{'max ms':>8}  bytes"]
    for nbytes, name, secs, ok in rows:
        med = statistics.median(secs)
        out.append(f"{nbytes >> 20:>5}  {name:<24} {med * 1e3:>10.3f} {nbytes / med / 1e9:>7.2f} "
                   f"{min(secs) * 1e3:>8.3f} {max(secs) * 1e3:>8.3f}  "
                   f"{'identical' if ok else 'DIFFER'}")
    return "\n".join(out)


def main() -> None:
    from skmd.runtime import copies
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mib", type=int, nargs="+", default=[64, 24],
                    help="buffer sizes in MiB (64; 24: a 9 %% share of a 256 MiB output)")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--threads", type=int, nargs="+", default=sorted({1, copies.THREADS}),
                    help=f"copy threads of the mapped and host paths (1 and skmd's "
                         f"{copies.THREADS} here)")
    ap.add_argument("--out", help="also write the table to this file")
    ns = ap.parse_args()
    dev = cpu_device()
    rows = []
    for mib in ns.mib:
        for name, secs, ok in measure(dev, mib << 20, ns.rounds, ns.threads):
            rows.append((mib << 20, name, secs, ok))
    head = (f"{dev.label}: {dev.name} ({dev.platform_name}); {os.cpu_count()} cores, "
            f"Python {platform.python_version()}; {ns.rounds} rounds, medians\n")
    text = head + table(rows)
    print(text)
    if ns.out:
        with open(ns.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
