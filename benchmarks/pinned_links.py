"""Host<->device copy speeds with pageable and page-locked host memory.

For every device: a fresh NumPy array (pageable, first touch included), a warm
NumPy array, memory mapped from an ALLOC_HOST_PTR buffer of the *home* device's
context (what skmd's staging pool uses), and of the device's own context.  Last,
graph mode's staged upload: a warm pageable array copied into page-locked memory
(in parallel chunks) and written from there, both steps timed together.
With ``--pipelined``, the program's pageable array moved through a ring of
page-locked chunks (``skmd.runtime.copies``) instead, for several chunk sizes
and numbers of memcpy threads.

    python benchmarks/pinned_links.py [--mib 256] [--pipelined]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np
from timing import best_of


def speed(q, buf, arr, write: bool, repeats: int = 3) -> float:
    from skmd.runtime import raw
    copy = raw.enqueue_write_buffer if write else raw.enqueue_read_buffer
    return arr.nbytes / best_of(lambda: copy(q, buf, arr, is_blocking=True), repeats) / 1e9


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mib", type=int, default=256)
    ap.add_argument("--pipelined", action="store_true",
                    help="time chunked copies through page-locked memory instead")
    ns = ap.parse_args()
    if ns.pipelined:
        pipelined(ns.mib << 20)
        return
    import pyopencl as cl

    from skmd.runtime import copies
    from skmd import config
    from skmd.runtime import core
    from skmd.runtime.staging import StagingPool

    rt = core.start(config.get())  # a script: an entry point reads the settings
    n = ns.mib << 20
    home_pool = StagingPool(rt.home.context, rt.home.queue)
    print(f"{'device':8} {'kind':28} {'h2d GB/s':>9} {'d2h GB/s':>9}")
    for dev in rt.devices:
        q = dev.queue
        buf = cl.Buffer(dev.context, cl.mem_flags.READ_WRITE, n)
        own_pool = StagingPool(dev.context, dev.queue)
        t = time.perf_counter()
        fresh = np.empty(n, np.uint8)
        from skmd.runtime import raw
        raw.enqueue_write_buffer(q, buf, fresh, is_blocking=True)
        first = n / (time.perf_counter() - t) / 1e9
        print(f"{dev.label:8} {'pageable, first touch':28} {first:9.2f} {'':>9}")
        for kind, arr in (("pageable, warm", np.ones(n, np.uint8)),
                          ("pinned in home context", home_pool.take(n)),
                          ("pinned in own context", own_pool.take(n))):
            arr[:] = 1
            print(f"{dev.label:8} {kind:28} {speed(q, buf, arr, True):9.2f} "
                  f"{speed(q, buf, arr, False):9.2f}")
        src, pinned = np.ones(n, np.uint8), home_pool.take(n)

        def staged() -> None:
            copies.copy(pinned, src)
            raw.enqueue_write_buffer(q, buf, pinned, is_blocking=True)
        print(f"{dev.label:8} {'staged (copy + pinned write)':28} "
              f"{n / best_of(staged, 3) / 1e9:9.2f} {'':>9}")
        buf.release()


def pipelined(n: int) -> None:
    """Pageable against chunked copies (the default plan) at several sizes up to
    ``n`` bytes, then chunk sizes and threads at ``n``."""
    import pyopencl as cl

    from skmd.runtime import copies, raw
    from skmd import config
    from skmd.runtime import core

    rt = core.start(config.get())  # a script: an entry point reads the settings
    print(f"{copies.THREADS} threads by default")
    print(f"{'device':8} {'MiB':>5} {'kind':28} {'h2d GB/s':>9} {'d2h GB/s':>9}")
    for dev in rt.devices:
        q = dev.queue
        buf = cl.Buffer(dev.context, cl.mem_flags.READ_WRITE, n)
        src, dst = np.ones(n, np.uint8), np.zeros(n, np.uint8)

        def row(size: int, kind: str, plan) -> None:
            s, d = src[:size], dst[:size]
            if plan is None:
                h2d, d2h = speed(q, buf, s, True), speed(q, buf, d, False)
            else:
                h2d = size / best_of(lambda: copies.write(q, buf, s, plan=plan), 3, True) / 1e9
                d2h = size / best_of(lambda: copies.read(q, buf, d, plan=plan), 3, True) / 1e9
            print(f"{dev.label:8} {size >> 20:5} {kind:28} {h2d:9.2f} {d2h:9.2f}")
        size = 4 << 20
        while size <= n:
            row(size, "pageable, warm", None)
            plan = copies.plan_for(size)
            row(size, f"chunked, default ({plan.chunk >> 20} MiB)", plan)
            size *= 4
        for mib in (2, 8, 32):
            for threads in (2, 4, 8):
                row(n, f"chunks of {mib} MiB, {threads} thr",
                    copies.Pipeline(chunk=mib << 20, threads=threads))
        raw.queue_finish(q)
        assert (dst == 1).all(), "a chunked read lost bytes"
        buf.release()


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    main()
